// STUB: placeholder created by the lead so the router compiles; the owning helper replaces it.
export function TimetablePage() {
  return <main>Emploi du temps</main>;
}
