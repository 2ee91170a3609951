import { Link } from "react-router-dom";
import { QueryState } from "../../../components/query-state";
import { parisShort } from "../model/paris-format";
import { useToMark } from "../api/use-hand-ins";
import styles from "./to-mark-section.module.css";

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** Profs and admins: « À corriger » on their home, one card per task with hand-ins to mark. */
export function ToMarkSection() {
  const query = useToMark();
  return (
    <section className={styles.section} aria-labelledby="to-mark-title">
      <h2 id="to-mark-title" className={styles.title}>
        À corriger
      </h2>
      <div className={styles.body}>
        <QueryState
          query={query}
          errorText="Impossible de charger les copies à corriger."
          loading={<div className={styles.placeholder} role="status" aria-label="Chargement des copies à corriger" />}
          isEmpty={(d) => d.tasks.length === 0}
          empty="Rien à corriger."
        >
          {({ tasks }) => (
            <ul className={styles.cards}>
              {tasks.map(({ task, expected, handedIn, aCorriger, brouillons }) => (
                <li key={task.id} className={styles.card} data-testid="to-mark-card">
                  <p className={styles.meta}>
                    <span>{task.matiere || "Sans matière"}</span>
                    <span className={styles.year}>{task.year || "Toutes années"}</span>
                  </p>
                  <h3 className={styles.cardTitle}>
                    <Link to={`/devoirs/${encodeURIComponent(task.id)}/depots`} className={styles.link}>
                      {task.titre}
                    </Link>
                  </h3>
                  <p className={styles.deadline}>Échéance : {parisShort(task.deadline)}</p>
                  <p className={styles.counts}>
                    <strong>{aCorriger} à corriger</strong> · {plural(brouillons, "brouillon", "brouillons")} · {handedIn}/{expected}{" "}
                    {handedIn > 1 ? "rendus" : "rendu"}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </section>
  );
}
