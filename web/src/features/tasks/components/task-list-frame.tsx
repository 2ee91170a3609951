import { Button } from "../../../components/button";
import { useMemberFrame } from "../../../lib/member-frame";
import { useSession } from "../../../lib/use-session";
import { canAuthor } from "../model/roles";
import frame from "./task-list-frame.module.css";
import layout from "./task-page.module.css";

const SKELETON_CARDS = 3;
/** The room of a button's 18 px icon: the icons themselves stay out of the first page's script. */
const IconRoom = () => <span className={frame.icon} />;

/**
 * What /devoirs shows while its screen downloads (the layout's fallback on a first visit) and
 * while the list loads: the heading where the screen puts it, the top buttons' room (hidden),
 * then the toolbar and cards as blank shapes of their size. Nothing for a guest (their page
 * is another screen). The build prerenders it as a signed-in browser's first paint of /devoirs.
 */
export function TaskListFrame() {
  const session = useSession();
  const memberFrame = useMemberFrame();
  if (!session && !memberFrame) return null;
  // The build's frame (no session) has a student's buttons: the room they take is hidden anyway.
  const author = !!session && canAuthor({ id: session.user.id, role: session.user.role, year: "", groupe: "", specialite: "" });
  return (
    <div className={layout.page}>
      <div className={layout.header}>
        <div>
          <h1 className={layout.h1}>Liste des devoirs</h1>
        </div>
        <div className={`${layout.topButtons} ${frame.hidden}`} aria-hidden="true">
          {author && (
            <Button tabIndex={-1}>
              <IconRoom />
              Ajouter une tâche
            </Button>
          )}
          {!author && (
            <Button tabIndex={-1}>
              <IconRoom />
              Proposer une tâche
            </Button>
          )}
          <Button tabIndex={-1} variant="secondary">
            <IconRoom />
            Propositions
          </Button>
          <Button tabIndex={-1} variant="secondary">
            <IconRoom />
            Ajouter une tâche perso
          </Button>
          {author && (
            <Button tabIndex={-1} variant="secondary">
              <IconRoom />
              Voir les tâches
            </Button>
          )}
        </div>
      </div>
      <p className="visually-hidden" role="status">
        Chargement des devoirs...
      </p>
      <div aria-hidden="true">
        <div className={`${layout.toolbar} ${frame.toolbar}`} />
        <div className={layout.columns}>
          <div className={layout.column}>
            <div className={layout.columnHead}>
              <span className={frame.line} />
            </div>
            <div className={frame.card} />
          </div>
          <div className={layout.column}>
            <div className={layout.columnHead}>
              <span className={frame.line} />
            </div>
            <div className={layout.cards}>
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <div key={i} className={frame.card} />
              ))}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
