import { type ReactNode, Suspense, useState } from "react";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { OPEN_REDEEM_CODE_EVENT, requestAppEvent } from "../../../lib/app-events";
import { useSession } from "../../../lib/use-session";
import { AvatarSection } from "./avatar-section";
import { CalendarSection } from "./calendar-section";
import { MusicSection } from "./music-section";
import { NoteSection } from "./note-section";
import { NotificationsSection } from "./notifications-section";
import { ThemeSection } from "./theme-section";
import styles from "../../../components/profile-sections.module.css";

/**
 * The profile edit popup: avatar (with the cropper), public note, profile music, theme, calendar feed, reminders.
 * Lazy: the cropper library loads only when someone opens it.
 */
export default function ProfileEditDialog({ onClose, extra }: { onClose: () => void; extra?: ReactNode }) {
  const live = useSession()?.user;
  // A session that ends while the popup is open (401) leaves the popup up with its message.
  const [opened] = useState(live);
  const user = live ?? opened;

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Modifier mon profil" width={540} className={styles.sheet}>
      <AvatarSection user={user} />
      <NoteSection initial={user?.publicNote ?? ""} />
      <MusicSection user={user} />
      <ThemeSection />
      <CalendarSection />
      <NotificationsSection />
      <Suspense fallback={null}>{extra}</Suspense>
      <div className={styles.footer}>
        <Button variant="ghost" size="small" onClick={() => requestAppEvent(OPEN_REDEEM_CODE_EVENT)}>
          Entrer un code
        </Button>
        <Button onClick={onClose}>Fermer</Button>
      </div>
    </Dialog>
  );
}
