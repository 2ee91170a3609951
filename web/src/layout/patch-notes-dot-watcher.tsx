import { useEffect } from "react";
import { usePatchNotesDot } from "../lib/patch-notes-seen";

/**
 * Reports whether the About link carries its dot. A component of its own so the layout can
 * load it after the first paint: the query machinery it needs is not part of the first page.
 */
export default function PatchNotesDotWatcher({ onChange }: { onChange: (dot: boolean) => void }) {
  const dot = usePatchNotesDot();
  useEffect(() => onChange(dot), [dot, onChange]);
  return null;
}
