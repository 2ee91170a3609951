import { lazy, Suspense, useEffect, useState } from "react";
import { useDialogTurn } from "../../lib/dialog-queue";
import { useAnnouncement } from "./use-announcement";

// The dialog, the rich-text styles and the HTML sanitiser load only when there is something to show.
const AnnouncementDialog = lazy(() => import("./announcement-dialog"));

/**
 * Shows the pending announcement once no other dialog holds the turn (at a first login it waits
 * for « Questions secrètes enregistrées »); OK, × or a click on the backdrop acknowledges it.
 */
export function AnnouncementHost() {
  const { popup: pending, dismiss } = useAnnouncement();
  const popup = useDialogTurn(pending !== null) ? pending : null;
  // Once loaded the dialog stays mounted, so closing it animates and gives focus back as before.
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    if (popup) setHtml(popup.html);
  }, [popup]);
  return (
    <Suspense fallback={null}>
      {html !== null && <AnnouncementDialog open={popup !== null} html={popup?.html ?? html} onDismiss={dismiss} />}
    </Suspense>
  );
}
