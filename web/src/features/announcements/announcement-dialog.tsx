import { AnnouncementContent } from "../../components/announcement-content";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";

/** The announcement popup itself (split out: most visits have nothing to announce). */
export default function AnnouncementDialog({ open, html, onDismiss }: { open: boolean; html: string; onDismiss: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onDismiss()} title="Annonce" width={560}>
      <AnnouncementContent html={html} testId="announcement-body" />
      <Button block onClick={onDismiss} autoFocus>
        OK
      </Button>
    </Dialog>
  );
}
