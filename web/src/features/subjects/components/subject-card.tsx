import { Button } from "../../../components/button";
import type { Subject } from "../../../lib/subjects/subject-types";
import { configuredSubjectStyle } from "../../../lib/subjects/subject-colors";
import { audienceText } from "./audience-picker";
import styles from "../subjects.module.css";

/** A subject card: colour swatch, name, audience, edit and delete. */
export function SubjectCard({ subject, onEdit, onDelete }: { subject: Subject; onEdit(): void; onDelete(): void }) {
  return (
    <li className={styles.card} data-testid="subject-card">
      <div className={styles.swatch} style={configuredSubjectStyle(subject)}>
        <span>{subject.name}</span>
      </div>
      <div className={styles.cardBody}>
        <p className={styles.muted}>{audienceText(subject)}</p>
        <p className={styles.muted}>
          {subject.useGradient ? `Dégradé ${subject.color} → ${subject.color2}, ${subject.gradientAngle}°` : subject.color}
        </p>
        <div className={styles.cardActions}>
          <Button size="small" variant="secondary" onClick={onEdit}>
            Modifier
          </Button>
          <Button size="small" variant="danger" onClick={onDelete}>
            Supprimer
          </Button>
        </div>
      </div>
    </li>
  );
}
