import { Button } from "../../../components/button";
import { useSession } from "../../../lib/use-session";
import { canAuthor } from "../model/roles";
import { ListIcon, LockIcon, PlusIcon } from "./icons";
import frame from "./task-list-frame.module.css";
import styles from "./task-list.module.css";

const SKELETON_CARDS = 3;

/**
 * What /devoirs shows while its screen downloads (the layout's fallback on a first visit) and
 * while the list loads: the heading where the screen puts it, the top buttons' room (hidden),
 * then the toolbar and cards as blank shapes of their size. Nothing for a guest (their page
 * is another screen).
 */
export function TaskListFrame() {
  const session = useSession();
  if (!session) return null;
  const author = canAuthor({ id: session.user.id, role: session.user.role, year: "", groupe: "", specialite: "" });
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <div>
          <h1 className={styles.h1}>Liste des devoirs</h1>
        </div>
        <div className={`${styles.topButtons} ${frame.hidden}`} aria-hidden="true">
          {author && <Button tabIndex={-1}><PlusIcon />Ajouter une tâche</Button>}
          <Button tabIndex={-1} variant={author ? "secondary" : "primary"}><LockIcon />Ajouter une tâche perso</Button>
          {author && <Button tabIndex={-1} variant="secondary"><ListIcon />Voir les tâches</Button>}
        </div>
      </div>
      <p className="visually-hidden" role="status">Chargement des devoirs...</p>
      <div aria-hidden="true">
        <div className={`${styles.toolbar} ${frame.toolbar}`} />
        <div className={styles.columns}>
          <div className={styles.column}>
            <div className={styles.columnHead}><span className={frame.line} /></div>
            <div className={frame.card} />
          </div>
          <div className={styles.column}>
            <div className={styles.columnHead}><span className={frame.line} /></div>
            <div className={styles.cards}>
              {Array.from({ length: SKELETON_CARDS }, (_, i) => <div key={i} className={frame.card} />)}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
