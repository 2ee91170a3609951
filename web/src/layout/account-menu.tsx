import { useState } from "react";
import { useNavigate } from "react-router-dom";
import type { SessionUser } from "@planify/common/schemas/users";
import { Button } from "../components/button";
import { Dialog } from "../components/dialog";
import { ImageIcon, LogoutIcon, TicketIcon, UserIcon } from "../components/icons";
import { Menu } from "../components/menu";
import { logout } from "../lib/session";
import { useNavbarPreview } from "../lib/navbar-preview";
import { OPEN_AVATAR_EVENT, OPEN_REDEEM_CODE_EVENT, requestAppEvent } from "../lib/app-events";
import { UserAvatar } from "../components/item-art/user-avatar";
import { ProfileDialog, roleLabel } from "./profile-dialog";
import styles from "./top-bar.module.css";


const UNHANDLED = {
  avatar: { title: "Changer l'avatar", text: "Le changement d'avatar arrive avec la mise à jour du profil. Votre avatar actuel reste affiché en attendant." },
} as const;

/** The account dropdown of the top bar: Profil, Changer l'avatar, Entrer un code, Déconnexion. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const [profileOpen, setProfileOpen] = useState(false);
  const [notice, setNotice] = useState<keyof typeof UNHANDLED | null>(null);
  // An item tried on from the shop shows here for 90 s.
  const preview = useNavbarPreview();

  return (
    <>
      <Menu label={`Compte de ${user.username}`} triggerClassName={styles.avatarTrigger}
        trigger={<UserAvatar user={user} size={38} {...(preview && { itemId: preview.itemId, variant: preview.variant })} />}
        header={
          <div className={styles.menuHeader}>
            <strong>{user.username}</strong>
            <span>{roleLabel(user.role)}</span>
          </div>
        }
        items={[
          { label: "Profil", icon: <UserIcon size={18} />, onSelect: () => setProfileOpen(true) },
          { label: "Changer l'avatar", icon: <ImageIcon size={18} />, onSelect: () => requestAppEvent(OPEN_AVATAR_EVENT) || setNotice("avatar") },
          { label: "Entrer un code", icon: <TicketIcon size={18} />, onSelect: () => requestAppEvent(OPEN_REDEEM_CODE_EVENT) },
          { label: "Déconnexion", icon: <LogoutIcon size={18} />, danger: true, separated: true, onSelect: () => { logout(); navigate("/"); } },
        ]}
      />
      <ProfileDialog user={user} open={profileOpen} onOpenChange={setProfileOpen} />
      <Dialog open={notice !== null} onOpenChange={(o) => !o && setNotice(null)} title={notice ? UNHANDLED[notice].title : ""} width={400}>
        <p className={styles.noticeText}>{notice && UNHANDLED[notice].text}</p>
        <Button block onClick={() => setNotice(null)}>Compris</Button>
      </Dialog>
    </>
  );
}
