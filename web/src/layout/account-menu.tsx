import { useNavigate } from "react-router-dom";
import type { SessionUser } from "@planify/common/schemas/users";
import { ImageIcon, LogoutIcon, TicketIcon, UserIcon } from "../components/page-icons";
import { Menu } from "../components/menu";
import { logout } from "../lib/session";
import { useNavbarPreview } from "../lib/navbar-preview";
import { OPEN_AVATAR_EVENT, OPEN_PROFILE_EVENT, OPEN_REDEEM_CODE_EVENT, requestAppEvent } from "../lib/app-events";
import { UserAvatar } from "../components/item-art/user-avatar";
import { roleLabel } from "../lib/user-labels";
import styles from "./top-bar.module.css";
import { deWord } from "@planify/common/format/french";

/** The account dropdown of the top bar: Profil, Changer l'avatar, Entrer un code, Déconnexion. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  // An item tried on from the shop shows here for 90 s.
  const preview = useNavbarPreview();
  return (
    <Menu
      label={`Compte ${deWord(user.username)}`}
      triggerClassName={styles.avatarTrigger}
      trigger={<UserAvatar user={user} size={38} surface="navbar" {...(preview && { itemId: preview.itemId, variant: preview.variant })} />}
      header={
        <div className={styles.menuHeader}>
          <strong>{user.username}</strong>
          <span>{roleLabel(user.role)}</span>
        </div>
      }
      items={[
        { label: "Profil", icon: <UserIcon size={18} />, onSelect: () => requestAppEvent(OPEN_PROFILE_EVENT, { userId: user.id }) },
        { label: "Changer l'avatar", icon: <ImageIcon size={18} />, onSelect: () => requestAppEvent(OPEN_AVATAR_EVENT) },
        { label: "Entrer un code", icon: <TicketIcon size={18} />, onSelect: () => requestAppEvent(OPEN_REDEEM_CODE_EVENT) },
        {
          label: "Déconnexion",
          icon: <LogoutIcon size={18} />,
          danger: true,
          separated: true,
          onSelect: () => {
            // An ENT session leaves for the provider's logout, which comes back to "/".
            if (!logout()) navigate("/");
          },
        },
      ]}
    />
  );
}
