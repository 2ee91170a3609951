// One app dialog at a time. Dialogs that open by themselves (the end of the login flow, an
// announcement that arrives from the server) take a turn here; the first in line is shown,
// the others wait until it closes, in the order they asked.
import { useEffect, useId, useSyncExternalStore } from "react";

const line: string[] = [];
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Puts `id` at the end of the line (no-op when already in it). */
export function joinDialogQueue(id: string): void {
  if (line.includes(id)) return;
  line.push(id);
  notify();
}

/** Takes `id` out of the line; the next one, if any, gets its turn. */
export function leaveDialogQueue(id: string): void {
  const at = line.indexOf(id);
  if (at < 0) return;
  line.splice(at, 1);
  notify();
}

/** Whether `id` is the dialog shown now. */
export const hasDialogTurn = (id: string): boolean => line[0] === id;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Asks for a turn while `wanted` is true and says whether it is this dialog's turn.
 * Keep `wanted` true through a multi-step flow (login → questions → success) so it keeps its turn.
 */
export function useDialogTurn(wanted: boolean): boolean {
  const id = useId();
  useEffect(() => {
    if (!wanted) return;
    joinDialogQueue(id);
    return () => leaveDialogQueue(id);
  }, [wanted, id]);
  const head = useSyncExternalStore(
    subscribe,
    () => hasDialogTurn(id),
    () => false,
  );
  return wanted && head;
}
