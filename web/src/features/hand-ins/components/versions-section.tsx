import type { HandInVersionDto } from "@planify/common/schemas/hand-ins";
import { formatDelay } from "@planify/common/format/delay";
import { parisShort } from "../model/paris-format";
import { DownloadList } from "./download-list";
import styles from "./student-panel.module.css";

/** Every version of the hand-in, newest first, the late flag judged per version. */
export function VersionsSection({ versions }: { versions: HandInVersionDto[] }) {
  const list = [...versions].reverse();
  return (
    <section className={styles.section} aria-labelledby="hand-in-versions">
      <h3 id="hand-in-versions" className={styles.sectionTitle}>
        Versions du dépôt
      </h3>
      {list.length === 0 ? (
        <p className={styles.muted}>Rien n'a été déposé.</p>
      ) : (
        <ol className={styles.versions}>
          {list.map((v) => (
            <li key={v.version} data-testid="hand-in-version">
              <p className={styles.versionHead}>
                <strong>Version {v.version}</strong> — {v.files.length === 0 ? "fichiers retirés" : "déposée"} le {parisShort(v.at)}
                {v.late ? (
                  <span className={styles.late}>en retard de {formatDelay(v.lateByMs)}</span>
                ) : (
                  <span className={styles.onTime}>dans les temps</span>
                )}
              </p>
              {v.files.length > 0 && <DownloadList files={v.files} label={`Fichiers de la version ${v.version}`} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
