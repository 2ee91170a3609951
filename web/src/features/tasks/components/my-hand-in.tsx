import { useState } from "react";
import type { MyHandInDto } from "@planify/common/schemas/hand-ins";
import { formatMark } from "@planify/common/rules/hand-ins";
import { parisDate, parisParts } from "@planify/common/time/paris-time";
import { safeHtml } from "../../../lib/safe-html";
import type { TransferProgress } from "../../../lib/transfer";
import { downloadByUrl } from "../api/events-api";
import type { SubmittedFile } from "../api/task-types";
import { formatDate, formatDelay, formatInstant, formatSize } from "../model/format";

/** « jeudi 3 décembre 2026 à 18:00 », an instant in Paris. */
function parisLong(iso: string): string {
  const ms = Date.parse(iso);
  const { hour, minute } = parisParts(ms);
  return `${formatDate(parisDate(ms))} à ${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}
import { DownloadIcon } from "./icons";
import { ProgressBar } from "./progress-bar";
import styles from "./dialogs.module.css";
import own from "./my-hand-in.module.css";

/** The student's own terms above their deposit: extension, exemption, a closed box. */
export function MyHandInTerms({ handIn }: { handIn: MyHandInDto }) {
  return (
    <div className={own.terms}>
      {handIn.exempt && <span className={own.exempt}>Dispensé</span>}
      {handIn.extendedUntil && (
        <p className={own.extended} data-testid="extended-until">
          Délai prolongé jusqu'au {parisLong(handIn.extendedUntil)}
        </p>
      )}
      {!handIn.open && (
        <p className={styles.hint} role="status">
          {handIn.feedback ? "Ta copie a été corrigée : le dépôt est fermé." : "Le dépôt est fermé."}
        </p>
      )}
    </div>
  );
}

/** Downloads a file the server listed (hand-in version, returned copy) with a progress bar. */
function useDownload() {
  const [progress, setProgress] = useState<{ name: string; p: TransferProgress } | null>(null);
  const run = async (f: SubmittedFile) => {
    setProgress({ name: f.originalname, p: { loaded: 0, total: f.size || null, ratio: f.size ? 0 : null } });
    try {
      await downloadByUrl(f.url, f.originalname, (p) => setProgress({ name: f.originalname, p }));
    } catch (error) {
      console.error("Téléchargement impossible", error);
    } finally {
      setProgress(null);
    }
  };
  const bar = progress && <ProgressBar progress={progress.p} label={`Téléchargement de ${progress.name}`} />;
  return { run, bar };
}

function FileLines({ files, onDownload }: { files: SubmittedFile[]; onDownload(f: SubmittedFile): void }) {
  return (
    <ul className={styles.fileList}>
      {files.map((f) => (
        <li key={f.filename}>
          <span className={styles.fileName}>{f.originalname}</span>
          <span className={styles.fileSize}>{formatSize(f.size)}</span>
          <button type="button" className={styles.linkBtn} onClick={() => onDownload(f)} aria-label={`Télécharger ${f.originalname}`}>
            <DownloadIcon />
            Télécharger
          </button>
        </li>
      ))}
    </ul>
  );
}

/** « Historique des dépôts »: every version, newest first, collapsed. */
export function MyVersions({ handIn }: { handIn: MyHandInDto }) {
  const download = useDownload();
  if (handIn.versions.length === 0) return null;
  const versions = [...handIn.versions].reverse();
  return (
    <details className={own.history}>
      <summary>Historique des dépôts ({versions.length})</summary>
      <ol className={own.versions}>
        {versions.map((v) => (
          <li key={v.version}>
            <p className={own.versionHead}>
              Version {v.version} — {v.files.length === 0 ? "fichiers retirés" : "déposée"} le {formatInstant(v.at)}
              {v.late && <span className={styles.lateFlag}>en retard de {formatDelay(v.lateByMs)}</span>}
            </p>
            {v.files.length > 0 && <FileLines files={v.files} onDownload={(f) => void download.run(f)} />}
          </li>
        ))}
      </ol>
      {download.bar}
    </details>
  );
}

/** What the teacher returned: « Corrigé », the comment, the mark and the corrected copies. */
export function MyFeedback({ feedback }: { feedback: NonNullable<MyHandInDto["feedback"]> }) {
  const download = useDownload();
  const html = safeHtml(feedback.comment);
  return (
    <section className={styles.section} aria-label="Correction" data-testid="my-feedback">
      <div className={styles.sectionHead}>
        <h3 className={styles.sectionTitle}>Correction</h3>
        <span className={own.corrected}>Corrigé</span>
      </div>
      <p className={styles.hint}>Rendue le {formatInstant(feedback.publishedAt)}</p>
      {feedback.mark !== null && <p className={own.mark}>Note : {formatMark(feedback.mark, feedback.markScale)}</p>}
      {html && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the teacher's comment, sanitised by the server and again by safeHtml.
        <div className={styles.richText} data-testid="feedback-comment" dangerouslySetInnerHTML={{ __html: html }} />
      )}
      {feedback.files.length > 0 && (
        <>
          <h4 className={own.subTitle}>Copies corrigées</h4>
          <FileLines files={feedback.files} onDownload={(f) => void download.run(f)} />
        </>
      )}
      {download.bar}
    </section>
  );
}
