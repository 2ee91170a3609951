import { useMemo } from "react";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { safeHtml } from "../../lib/safe-html";
import { useAnnouncement } from "./use-announcement";
import styles from "./announcement-host.module.css";

/** Shows the pending announcement; OK, × or a click on the backdrop acknowledges it. */
export function AnnouncementHost() {
  const { popup, dismiss } = useAnnouncement();
  const html = useMemo(() => (popup ? safeHtml(popup.html) : ""), [popup]);
  return (
    <Dialog open={popup !== null} onOpenChange={(open) => !open && dismiss()} title="Annonce" width={560}>
      <span className={styles.badge} aria-hidden>Message de l'équipe Planify</span>
      {/* Sanitised by the server with an allowlist, then cleaned again by safeHtml. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the announcement is rich text, sanitised twice (see above). */}
      <div className={styles.body} data-testid="announcement-body" dangerouslySetInnerHTML={{ __html: html }} />
      <Button block onClick={dismiss} autoFocus>OK</Button>
    </Dialog>
  );
}
