import { useState, type CSSProperties, type ReactNode } from "react";
import { RichHtml } from "../../../components/rich-html";
import type { TransferProgress } from "../../../lib/transfer";
import { formatDate, formatSize, formatTime } from "../model/format";
import { DownloadIcon } from "../components/icons";
import { ProgressBar } from "../components/progress-bar";
import { downloadProposalFile, type Proposal, type ProposalFile } from "./proposals-api";
import { useFeedback } from "../components/feedback";
import styles from "../components/dialogs.module.css";
import own from "./proposals.module.css";

interface Props {
  proposal: Proposal;
  subjectStyle: CSSProperties;
  /** « Proposée par … » (the author's own lists leave it out). */
  showAuthor?: boolean;
  /** A mark beside the title (« En attente », « Validée », « Refusée », « Dans ma liste »). */
  status?: ReactNode;
  /** What shows under the facts (the reject reason). */
  note?: ReactNode;
  /** The card's buttons. */
  children?: ReactNode;
}

/** One proposal: subject, type, title, due date, groups, author, description and files (each downloadable). */
export function ProposalCard({ proposal: p, subjectStyle, showAuthor, status, note, children }: Props) {
  const groups = p.groupes.length ? p.groupes.join(", ") : p.groupe;
  return (
    <li className={styles.mineCard} data-testid={`proposal-${p.id}`} aria-label={p.titre}>
      <div className={styles.mineHead}>
        <span className={styles.subjectChip} style={subjectStyle}>
          {p.matiere}
        </span>
        <span className={p.type === "exam" ? styles.typeExam : styles.typeDevoir}>{p.type === "exam" ? "Examen" : "Devoir"}</span>
      </div>
      <h3 className={own.title}>
        {p.titre}
        {status}
      </h3>
      <p className={own.facts}>
        Pour le {formatDate(p.date, "short")} à {formatTime(p.heure)} · {p.year} ·{" "}
        {groups === "Promo" ? "Promo" : `Groupe${p.groupes.length > 1 ? "s" : ""} ${groups}`}
      </p>
      {showAuthor && <p className={own.author}>Proposée par {p.proposedBy.username}</p>}
      {note}
      {p.description.trim() && (
        <details className={own.details}>
          <summary>Description</summary>
          <RichHtml html={p.description} className={styles.richText} />
        </details>
      )}
      <ProposalFiles files={p.attachments} />
      {children && <div className={styles.mineActions}>{children}</div>}
    </li>
  );
}

/** The proposal's files, each downloaded with a progress bar. */
function ProposalFiles({ files }: { files: ProposalFile[] }) {
  const feedback = useFeedback();
  const [progress, setProgress] = useState<{ name: string; p: TransferProgress } | null>(null);
  if (!files.length) return null;
  const download = async (f: ProposalFile) => {
    setProgress({ name: f.originalname, p: { loaded: 0, total: f.size || null, ratio: f.size ? 0 : null } });
    try {
      await downloadProposalFile(f, (p) => setProgress({ name: f.originalname, p }));
    } catch {
      feedback.error(`Impossible de télécharger « ${f.originalname} ».`);
    } finally {
      setProgress(null);
    }
  };
  return (
    <>
      <ul className={styles.fileList} aria-label="Pièces jointes">
        {files.map((f) => (
          <li key={f.filename}>
            <span className={styles.fileName}>{f.originalname}</span>
            <span className={styles.fileSize}>{formatSize(f.size)}</span>
            <button type="button" className={styles.linkBtn} onClick={() => void download(f)} aria-label={`Télécharger ${f.originalname}`}>
              <DownloadIcon />
              Télécharger
            </button>
          </li>
        ))}
      </ul>
      {progress && <ProgressBar progress={progress.p} label={`Téléchargement de ${progress.name}`} />}
    </>
  );
}
