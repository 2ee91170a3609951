import { useState } from "react";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { errorText } from "../../lib/api";
import { useDeleteSubjectMutation } from "../../lib/subjects/subject-mutations";
import type { Subject } from "../../lib/subjects/subject-types";
import { StaticRulesPanel } from "./components/static-rules-panel";
import { SubjectCard } from "./components/subject-card";
import { SubjectFormDialog } from "./components/subject-form-dialog";
import { useSubjects } from "../../lib/subjects/use-subjects";
import styles from "./subjects.module.css";

/** 'Gestion des Matières' (admin): built-in rules, subject cards, add/edit/delete. */
export function SubjectsManager() {
  const store = useSubjects();
  const [editing, setEditing] = useState<Subject | "new" | null>(null);
  const [deleting, setDeleting] = useState<Subject | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const deleteSubject = useDeleteSubjectMutation();

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteSubject.mutateAsync(deleting.id);
      setDeleting(null);
    } catch (e) {
      setDeleting(null);
      setProblem(errorText(e, "Erreur lors de la suppression."));
    }
  };

  return (
    <section className={styles.manager} aria-labelledby="subjects-title">
      <div className={styles.head}>
        <h2 id="subjects-title">Gestion des Matières</h2>
        <Button onClick={() => setEditing("new")}>Ajouter une matière</Button>
      </div>
      {store.error && (
        <div className={styles.banner} role="alert">
          <span>Erreur lors du chargement des matières</span>
          <Button size="small" variant="secondary" onClick={() => void store.refresh()}>
            Réessayer
          </Button>
        </div>
      )}
      {store.error && dismissed !== store.error && (
        <div className={styles.bannerSoft}>
          <span>{store.error} : données locales affichées.</span>
          <button type="button" className={styles.close} aria-label="Fermer" onClick={() => setDismissed(store.error)}>
            ×
          </button>
        </div>
      )}
      {problem && (
        <div className={styles.banner} role="alert">
          <span>{problem}</span>
          <button type="button" className={styles.close} aria-label="Fermer" onClick={() => setProblem(null)}>
            ×
          </button>
        </div>
      )}
      <StaticRulesPanel rules={store.rules} />
      <h3 className={styles.subTitle}>Matières personnalisées</h3>
      {store.isLoading ? (
        <p className={styles.muted}>Chargement des matières…</p>
      ) : store.subjects.length === 0 ? (
        <p className={styles.empty}>Aucune matière trouvée</p>
      ) : (
        <ul className={styles.grid}>
          {store.subjects.map((s) => (
            <SubjectCard key={s.id} subject={s} onEdit={() => setEditing(s)} onDelete={() => setDeleting(s)} />
          ))}
        </ul>
      )}
      {editing && <SubjectFormDialog subject={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <Dialog open={!!deleting} onOpenChange={(o) => !o && setDeleting(null)} title="Supprimer la matière" width={400}>
        <p>Supprimer « {deleting?.name} » ? Les tâches existantes gardent leur matière.</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Non
          </Button>
          <Button variant="danger" onClick={() => void remove()}>
            Oui
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
