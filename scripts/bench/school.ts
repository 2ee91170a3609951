// The bench's school, seeded through the API of one running server (SQLite or PostgreSQL):
// the admin, the imported students, the BUT1 A student and the prof the table logs in as,
// and (for the uncached row) a class of more students than the list's answer cache holds.
import { type Api, api, BENCH_PASSWORD, classOfStudents, createTasks, importStudents, login, register } from "./seed";
import { perSec } from "./table";

export const ADMIN_PASSWORD = "bench-admin-mot-de-passe-2026";
/** More BUT1 A students than the list's answer cache holds (500 callers). */
export const UNCACHED_CALLERS = 600;

export interface School {
  a: Api;
  admin: string;
  student: string;
  prof: string;
  /** Tokens of UNCACHED_CALLERS BUT1 A students (empty when not asked). */
  manyStudents: string[];
}

const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

/** Seeds the accounts on the server at `base` (the tasks come with seedTasks). */
export async function seedSchool(base: string, o: { students: number; uncached: boolean }, say: (line: string) => void): Promise<School> {
  const a = api(base);
  const admin = await login(a, "admin", ADMIN_PASSWORD);
  const t = performance.now();
  await importStudents(a, admin, o.students);
  await register(a, admin, "bench.eleve", "eleve", "BUT1", "A");
  await register(a, admin, "bench.prof", "prof");
  const [student, prof] = [await login(a, "bench.eleve", BENCH_PASSWORD), await login(a, "bench.prof", BENCH_PASSWORD)];
  say(`${o.students} students imported in ${seconds(t)} s`);
  // Asked in turn, each of their lists is built afresh: the row measures the list, not the cache.
  const t1 = performance.now();
  const manyStudents = o.uncached ? await classOfStudents(a, admin, "bench.but1a", UNCACHED_CALLERS, "BUT1", "A") : [];
  if (o.uncached) say(`${UNCACHED_CALLERS} BUT1 A students registered and signed in in ${seconds(t1)} s`);
  return { a, admin, student, prof, manyStudents };
}

/** Creates tasks `from` to `to - 1` as the prof (the first `current` of them this term). */
export async function seedTasks(school: School, from: number, to: number, current: number, say: (line: string) => void): Promise<void> {
  if (to <= from) return;
  const t0 = performance.now();
  await createTasks(school.a, school.prof, from, to, current, (n) => say(`  ${from + n} tasks…`));
  say(
    `tasks ${from} → ${to} created through POST /api/events in ${seconds(t0)} s (${perSec(((to - from) * 1000) / (performance.now() - t0))})`,
  );
}
