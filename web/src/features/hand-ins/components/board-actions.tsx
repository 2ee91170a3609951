import { useState } from "react";
import type { HandInTableResponse } from "@planify/common/schemas/hand-ins";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import type { TransferProgress } from "../../../lib/transfer";
import { downloadCsv, downloadZip } from "../api/hand-ins-api";
import { useTaskMutations } from "../api/use-hand-ins";
import { ActionLine, useAction } from "./action";
import styles from "./hand-ins.module.css";

/** « Exporter en CSV », « Relancer les retardataires », « Télécharger tout (ZIP) », « Rendre les copies ». */
export function BoardActions({ table }: { table: HandInTableResponse }) {
  const taskId = table.task.id;
  const m = useTaskMutations(taskId);
  const action = useAction();
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const drafts = table.counts.brouillons;
  const missing = table.counts["non-rendu"];
  const nudgeReason = table.nudgedToday
    ? "Les retardataires ont déjà été relancés aujourd'hui."
    : missing === 0
      ? "Tout le monde a rendu."
      : `${missing} étudiant${missing > 1 ? "s n'ont" : " n'a"} pas rendu.`;

  const download = async (run: (p: (x: TransferProgress) => void) => Promise<unknown>) => {
    setProgress({ loaded: 0, total: null, ratio: null });
    await action.run(() => run(setProgress), "Téléchargement impossible.", "Téléchargement terminé.");
    setProgress(null);
  };
  const publish = async () => {
    setConfirming(false);
    await action.run(() => m.publish.mutateAsync(), "Impossible de rendre les copies.");
  };

  return (
    <div className={styles.actionsBlock}>
      <div className={styles.actions}>
        <Button variant="secondary" disabled={progress !== null} onClick={() => void download((p) => downloadCsv(taskId, p))}>
          Exporter en CSV
        </Button>
        <Button variant="secondary" disabled={progress !== null} onClick={() => void download((p) => downloadZip(taskId, p))}>
          Télécharger tout (ZIP)
        </Button>
        <Button
          variant="secondary"
          disabled={table.nudgedToday || missing === 0 || m.nudge.isPending}
          aria-describedby="nudge-reason"
          onClick={() => void action.run(() => m.nudge.mutateAsync(), "Impossible de relancer les retardataires.")}
        >
          Relancer les retardataires
        </Button>
        <Button disabled={drafts === 0 || m.publish.isPending} aria-describedby="publish-reason" onClick={() => setConfirming(true)}>
          Rendre les copies{drafts > 0 ? ` (${drafts})` : ""}
        </Button>
      </div>
      <p className={styles.reasons}>
        <span id="nudge-reason">{nudgeReason}</span>
        <span id="publish-reason">
          {drafts === 0 ? "Aucune correction en brouillon à rendre." : `${drafts} correction${drafts > 1 ? "s" : ""} en brouillon.`}
        </span>
      </p>
      {progress && <progress className={styles.progress} max={1} value={progress.ratio ?? undefined} aria-label="Téléchargement" />}
      <ActionLine message={action.message} />
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Rendre les copies ?"
        description={
          drafts === 1
            ? "1 copie sera rendue : l'étudiant verra son commentaire, sa note et ses copies corrigées, et sera prévenu."
            : `${drafts} copies seront rendues : chaque étudiant verra son commentaire, sa note et ses copies corrigées, et sera prévenu.`
        }
      >
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Annuler
          </Button>
          <Button onClick={() => void publish()}>Rendre {drafts === 1 ? "la copie" : `les ${drafts} copies`}</Button>
        </div>
      </Dialog>
    </div>
  );
}
