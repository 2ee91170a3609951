import { RichHtml } from "./rich-html";
import styles from "./announcement-content.module.css";

/** What a pop-up shows a student: the team's badge and the rich text (also the admin's preview). */
export function AnnouncementContent({ html, testId }: { html: string; testId?: string }) {
  return (
    <>
      <span className={styles.badge} aria-hidden>
        Message de l'équipe Planify
      </span>
      <RichHtml html={html} className={styles.body} testId={testId} />
    </>
  );
}
