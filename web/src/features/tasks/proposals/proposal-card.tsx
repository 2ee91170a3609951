import type { CSSProperties, ReactNode } from "react";
import { RichHtml } from "../../../components/rich-html";
import { formatDate, formatTime } from "../model/format";
import { AttachmentsList } from "../components/attachments-list";
import { downloadProposalFile, type Proposal } from "./proposals-api";
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
      <AttachmentsList taskId={p.id} attachments={p.attachments} fetchFile={downloadProposalFile} />
      {children && <div className={styles.mineActions}>{children}</div>}
    </li>
  );
}
