import { AnnouncementContent } from "../../components/announcement-content";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { useAnnouncement } from "./use-announcement";

/** Shows the pending announcement; OK, × or a click on the backdrop acknowledges it. */
export function AnnouncementHost() {
  const { popup, dismiss } = useAnnouncement();
  return (
    <Dialog open={popup !== null} onOpenChange={(open) => !open && dismiss()} title="Annonce" width={560}>
      <AnnouncementContent html={popup?.html ?? ""} testId="announcement-body" />
      <Button block onClick={dismiss} autoFocus>OK</Button>
    </Dialog>
  );
}
