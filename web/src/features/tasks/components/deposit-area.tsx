import { useState } from "react";
import { Button } from "../../../components/button";
import { errorText } from "../../../lib/api";
import type { TransferProgress } from "../../../lib/transfer";
import { useDeleteSubmissionFileMutation, useSubmitFilesMutation } from "../api/task-mutations";
import type { TaskEvent } from "../api/task-types";
import { useMySubmission } from "../hooks/use-submissions";
import { QueryError } from "../../../components/query-state";
import { formatInstant, formatSize } from "../model/format";
import { SUBMISSION_TYPES } from "../model/accept-lists";
import { SUBMISSION_FILES_MAX } from "@planify/common/constants/storage";
import { FilePicker } from "./file-picker";
import { MyFeedback, MyHandInTerms, MyVersions } from "./my-hand-in";
import { ProgressBar } from "./progress-bar";
import styles from "./dialogs.module.css";

/**
 * The student's hand-in box: their own terms (extension, exemption, closed box), earlier files,
 * new files, 'Déposer' with progress, the history of versions, then the returned correction.
 */
export function DepositArea({ task }: { task: TaskEvent }) {
  const mine = useMySubmission(task.id, true);
  const [files, setFiles] = useState<File[]>([]);
  const submit = useSubmitFilesMutation(task.id);
  const deleteFile = useDeleteSubmissionFileMutation(task.id);
  const sending = submit.isPending;
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const deposit = async () => {
    setMessage(null);
    setProgress({ loaded: 0, total: null, ratio: 0 });
    try {
      await submit.mutateAsync({ files, onProgress: setProgress });
      setFiles([]);
      setMessage({ ok: true, text: "Dépôt réussi." });
    } catch (e) {
      setMessage({ ok: false, text: errorText(e, "Erreur durant le dépôt.") });
    } finally {
      setTimeout(() => setProgress(null), 1200);
    }
  };

  const remove = async (filename: string) => {
    try {
      await deleteFile.mutateAsync(filename);
      setMessage({ ok: true, text: "Fichier supprimé." });
    } catch {
      setMessage({ ok: false, text: "Erreur lors de la suppression." });
    }
  };

  const deposited = mine.data?.files ?? [];
  const handIn = mine.data?.handIn;
  // Closed once the copy is returned (unless reopened) or when the teacher closes the box.
  const open = handIn ? handIn.open : task.submissionEnabled;
  // The hand-in holds SUBMISSION_FILES_MAX files over all deposits; the server refuses more.
  const left = Math.max(0, SUBMISSION_FILES_MAX - deposited.length);
  const room =
    left === 0 ? `${SUBMISSION_FILES_MAX} fichiers déposés : c'est le maximum` : `encore ${left} fichier${left > 1 ? "s" : ""} au plus`;
  return (
    <>
      <section className={styles.section} aria-label="Mon dépôt">
        <h3 className={styles.sectionTitle}>Mon dépôt</h3>
        {handIn && <MyHandInTerms handIn={handIn} />}
        {deposited.length > 0 ? (
          <>
            <ul className={styles.fileList} aria-label="Fichiers déposés">
              {deposited.map((f) => (
                <li key={f.filename}>
                  <span className={styles.fileName}>{f.originalname}</span>
                  <span className={styles.fileSize}>
                    {formatSize(f.size)}
                    {f.late ? " · en retard" : ""}
                  </span>
                  {open && (
                    <button
                      type="button"
                      className={styles.linkDanger}
                      onClick={() => void remove(f.filename)}
                      aria-label={`Supprimer ${f.originalname}`}
                    >
                      Supprimer
                    </button>
                  )}
                </li>
              ))}
            </ul>
            {mine.data?.submittedAt && <p className={styles.hint}>Dernier dépôt : {formatInstant(mine.data.submittedAt)}</p>}
          </>
        ) : mine.isError ? (
          <QueryError text="Impossible de charger ton dépôt." error={mine.error} onRetry={mine.refetch} retrying={mine.isFetching} />
        ) : (
          <p className={styles.hint}>{mine.isLoading ? "Chargement…" : "Aucun fichier déposé pour le moment."}</p>
        )}
        {open && (
          <>
            <FilePicker
              files={files}
              onChange={setFiles}
              accept={SUBMISSION_TYPES}
              label="Choisir des fichiers"
              hint={`pdf, doc, docx, zip, rar · ${room}`}
              onError={(text) => setMessage({ ok: false, text })}
              disabled={sending}
            />
            <ProgressBar progress={progress} label="Envoi du dépôt" />
            <div className={styles.actions}>
              <Button disabled={!files.length || sending} onClick={() => void deposit()}>
                {sending ? "Envoi..." : "Déposer"}
              </Button>
            </div>
          </>
        )}
        {message && (
          <p className={message.ok ? styles.okText : styles.formError} role={message.ok ? "status" : "alert"}>
            {message.text}
          </p>
        )}
        {handIn && <MyVersions handIn={handIn} />}
      </section>
      {handIn?.feedback && <MyFeedback feedback={handIn.feedback} />}
    </>
  );
}
