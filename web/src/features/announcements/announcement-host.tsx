import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { RichHtml } from "../../components/rich-html";
import { useAnnouncement } from "./use-announcement";
import styles from "./announcement-host.module.css";

/** Shows the pending announcement; OK, × or a click on the backdrop acknowledges it. */
export function AnnouncementHost() {
  const { popup, dismiss } = useAnnouncement();
  return (
    <Dialog open={popup !== null} onOpenChange={(open) => !open && dismiss()} title="Annonce" width={560}>
      <span className={styles.badge} aria-hidden>Message de l'équipe Planify</span>
      <RichHtml html={popup?.html ?? ""} className={styles.body} testId="announcement-body" />
      <Button block onClick={dismiss} autoFocus>OK</Button>
    </Dialog>
  );
}
