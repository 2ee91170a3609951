// Seeds a school through the HTTP API of the running binary, as an admin and a prof would:
// students by the class-list import (chunks in parallel), the accounts the bench logs in
// as by /users/register, tasks by a prof with POST /events, many requests in flight.
import { BUILTIN_SUBJECTS } from "../../common/src/constants/subjects";
import { IMPORT_CHUNK } from "../../common/src/constants/class-import";
import { GROUPS, YEARS } from "../../common/src/constants/school";

export const BENCH_PASSWORD = "bench-mot-de-passe-2026";

export interface Api {
  base: string;
  call<T = unknown>(method: string, path: string, token?: string, body?: unknown): Promise<T>;
}

export function api(base: string): Api {
  return {
    base,
    async call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      let payload: FormData | string | undefined;
      if (body instanceof FormData) payload = body;
      else if (body !== undefined) {
        headers["content-type"] = "application/json";
        payload = JSON.stringify(body);
      }
      const res = await fetch(this.base + path, { method, headers, body: payload });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
      return (text ? JSON.parse(text) : null) as T;
    },
  };
}

/** Runs `count` jobs with at most `parallel` in flight. */
export async function inParallel(count: number, parallel: number, job: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, count) }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

export async function login(a: Api, username: string, password: string): Promise<string> {
  return (await a.call<{ token: string }>("POST", "/api/users/login", undefined, { username, password })).token;
}

/** Creates `count` students (years and groups in turn) with the admin's class-list import. */
export async function importStudents(a: Api, admin: string, count: number): Promise<void> {
  const chunks = Math.ceil(count / IMPORT_CHUNK);
  await inParallel(chunks, 4, async (c) => {
    const rows = Array.from({ length: Math.min(IMPORT_CHUNK, count - c * IMPORT_CHUNK) }, (_, k) => {
      const i = c * IMPORT_CHUNK + k;
      return { username: `eleve.${i}`, firstName: "Élève", lastName: String(i), year: YEARS[i % 3], groupe: GROUPS[1 + (i % 6)] };
    });
    await a.call("POST", "/api/users-admin/import/commit", admin, { rows });
  });
}

/** An account with the bench password (the import's accounts must first change theirs). */
export async function register(
  a: Api,
  admin: string,
  username: string,
  role: "eleve" | "prof",
  year = "",
  groupe = "Promo",
): Promise<string> {
  const res = await a.call<{ user: { id: string } }>("POST", "/api/users/register", admin, {
    username,
    password: BENCH_PASSWORD,
    role,
    year,
    groupe,
  });
  return res.user.id;
}

/** `count` students of one class, registered and signed in: their tokens, in order. */
export async function classOfStudents(
  a: Api,
  admin: string,
  prefix: string,
  count: number,
  year: string,
  groupe: string,
): Promise<string[]> {
  const tokens: string[] = new Array(count);
  await inParallel(count, 8, async (i) => {
    await register(a, admin, `${prefix}.${i}`, "eleve", year, groupe);
    tokens[i] = await login(a, `${prefix}.${i}`, BENCH_PASSWORD);
  });
  return tokens;
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Creates tasks number `from` to `to - 1` as the prof, years and groups in turn. The first
 * `current` tasks are due from two months ago to two months ahead (this term); every later
 * one is history, due 3 to 24 months ago. So a school that grows from 1,000 to 100,000
 * tasks keeps the same term: the growth figure measures the cost of history alone.
 */
export async function createTasks(
  a: Api,
  prof: string,
  from: number,
  to: number,
  current: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  const now = Date.now();
  let done = 0;
  await inParallel(to - from, 32, async (k) => {
    const i = from + k;
    const spread = (i * 7919) % (i < current ? 120 : 640);
    const due = i < current ? now - 60 * DAY + spread * DAY : now - 730 * DAY + spread * DAY;
    await a.call("POST", "/api/events", prof, {
      titre: `Devoir ${i}`,
      type: i % 5 === 0 ? "exam" : "devoir",
      matiere: BUILTIN_SUBJECTS[i % BUILTIN_SUBJECTS.length],
      date: isoDay(due),
      heure: "23:59",
      year: YEARS[i % 3],
      groupes: [GROUPS[i % GROUPS.length]],
      description: `<p>Consignes du devoir ${i} : lire le chapitre, répondre aux questions.</p>`,
    });
    if (++done % 5000 === 0) onProgress?.(done);
  });
}
