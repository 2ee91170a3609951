// STUB: placeholder created by the lead; the homework-web helper replaces it.
// Contract: the admin page lazy-loads this module and renders <SubjectsManager />.
export function SubjectsManager() {
  return <section>Gestion des Matières</section>;
}
