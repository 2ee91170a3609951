import { useMemo } from "react";
import { errorText, hasCode } from "../../../lib/api";
import { playSound } from "../../../lib/sounds";
import { fetchMySubmission, type StateAction } from "../api/events-api";
import { useDeleteForMeMutation, useDeletePersonalMutation, useHardDeleteMutation, useTaskStateMutation } from "../api/task-mutations";
import type { TaskEvent } from "../api/task-types";
import { useFeedback } from "../components/feedback";
import { canDeposit, type Viewer } from "../model/roles";
import { enqueueCheck } from "../offline/check-queue";
import { useEventsCache } from "./use-events";
import { useFlushChecks } from "./use-pending-checks";

const VOLUME = 0.7;

/** A refusal of the server that asks for a deposit first. */
export function mentionsDeposit(error: unknown): boolean {
  return hasCode(error, "DEPOSIT_REQUIRED");
}

/** Every state change of the list: check, archive, unarchive, clear, delete (with sounds). */
export function useTaskActions(viewer: Viewer) {
  const feedback = useFeedback();
  const { patch, refresh } = useEventsCache(viewer.id);
  // The batch actions refetch once at the end (also after a failure), so these writes do not.
  const { mutateAsync: writeState } = useTaskStateMutation();
  const { mutateAsync: deleteForMe } = useDeleteForMeMutation(false);
  const { mutateAsync: hardDelete } = useHardDeleteMutation();
  const { mutateAsync: deletePersonal } = useDeletePersonalMutation();
  const flushChecks = useFlushChecks(viewer.id);

  return useMemo(() => {
    const setState = (id: string, action: StateAction) => writeState({ id, action });

    /**
     * The check is queued (stored) before it is sent, so that without a connection it shows
     * as pending and goes out when the connection is back, even after a reload.
     */
    async function toggleCheck(t: TaskEvent) {
      const next = !t.checked;
      enqueueCheck(viewer.id, t.id, t.titre, next);
      patch(t.id, { checked: next });
      if (next) playSound("check", VOLUME);
      try {
        const result = await flushChecks();
        const refused = result?.refused.find((r) => r.entry.taskId === t.id);
        // Older checks made offline may have been refused in the same go: say those too.
        const earlier = result?.refused.filter((r) => r !== refused).map((r) => r.message) ?? [];
        if (refused) {
          patch(t.id, { checked: t.checked });
          feedback.error([refused.error.serverMessage ?? "Erreur lors de la mise à jour de la tâche.", ...earlier].join("\n"));
        } else if (earlier.length) {
          feedback.error(earlier.join("\n"));
        } else if (result?.stalled) {
          feedback.info(
            next
              ? "Hors ligne : la tâche sera cochée dès le retour de la connexion."
              : "Hors ligne : la tâche sera décochée dès le retour de la connexion.",
          );
        }
      } catch {
        feedback.error("Erreur lors de la mise à jour de la tâche.");
      }
    }

    async function archive(tasks: TaskEvent[], ask: boolean) {
      const list = tasks.filter((t) => t.checked && !t.archived && t.type === "devoir");
      if (!list.length) return;
      if (ask && !(await feedback.confirm({ title: "Tout archiver", message: `Archiver ${list.length} tâche(s) complétée(s) ?` }))) return;
      playSound("archive", VOLUME);
      for (const t of list) patch(t.id, { archived: true });
      try {
        await Promise.all(list.map((t) => setState(t.id, "archive")));
      } catch {
        feedback.error("Erreur lors de l'archivage des tâches.");
      }
      await refresh();
    }

    /**
     * Unarchive (one, all, or « Vider » by type and subject): the server unchecks the task and
     * removes it from this user's list, except one still waiting for their hand-in.
     */
    async function unarchive(tasks: TaskEvent[], opts: { message: string; title: string; single?: boolean }) {
      if (!tasks.length) return;
      if (!(await feedback.confirm({ title: opts.title, message: opts.message }))) return;
      playSound("unarchive", VOLUME);
      for (const t of tasks) patch(t.id, { archived: false, checked: false });
      try {
        await Promise.all(tasks.map((t) => setState(t.id, "unarchive")));
      } catch {
        feedback.error(opts.single ? "Erreur lors du désarchivage." : "Erreur lors du désarchivage des tâches.");
      }
      await refresh();
    }

    async function clearLate(late: TaskEvent[]) {
      if (!late.length) return;
      if (!(await feedback.confirm({ title: "Vider les retards", message: `Retirer ${late.length} tâche(s) en retard de votre liste ?` })))
        return;
      const blocked: TaskEvent[] = [];
      let failed = false;
      for (const t of late) {
        try {
          if (t.submissionEnabled && canDeposit(viewer)) {
            // No answer about the hand-in: the task is treated as without one, the server still judges the archive.
            const mine = await fetchMySubmission(t.id).catch(() => null);
            if (mine && mine.files.length === 0) {
              blocked.push(t);
              continue;
            }
          }
          await deleteForMe(t.id);
          patch(t.id, { hidden: true });
        } catch (error) {
          if (mentionsDeposit(error)) blocked.push(t);
          else failed = true;
        }
      }
      await refresh();
      if (failed) feedback.error("Erreur lors du vidage des retards.");
      else if (blocked.length) feedback.attention(blocked);
    }

    /** Personal: deleted for good; creator or admin: removed for the chosen groups (all: deleted); others: remove for themselves. */
    async function remove(t: TaskEvent, mode: { hard: boolean; groups?: string[] }) {
      try {
        if (t.personal) await deletePersonal(t.id);
        else if (mode.hard) await hardDelete({ id: t.id, groups: mode.groups });
        else {
          await deleteForMe(t.id);
          await refresh();
        }
        return true;
      } catch (error) {
        if (mentionsDeposit(error)) feedback.attention([t]);
        else feedback.error(errorText(error, "Erreur lors de la suppression de la tâche."));
        return false;
      }
    }

    return { toggleCheck, archive, unarchive, clearLate, remove, refresh };
  }, [feedback, patch, refresh, viewer, writeState, deleteForMe, hardDelete, deletePersonal, flushChecks]);
}
