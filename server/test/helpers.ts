import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase } from "../src/db/client";
import { chosenEngine } from "../src/db/engine-choice";
import { freshTestDatabase } from "./pg/test-database";
import { testStorage } from "./s3/storage";
import { createApp } from "../src/app";
import type { WebAssets } from "../src/plugins/static";
import type { AppDeps } from "../src/deps";
import { createUser, type NewUser } from "../src/features/users/service";
import { setSecretQuestions } from "../src/features/auth/service";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assertDeclared } from "./contract";
import { brotliDecompressSync } from "node:zlib";
import { stopLive } from "../src/lib/live";

let counter = 0;

export interface TestContext {
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  clock: { now: number };
  /** Sends a request to the in-process app. `as` is a token or a user created by `user()`. */
  request(method: string, url: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  /** Creates a user and logs them in; returns the row and a token. */
  user(
    input: Partial<NewUser> & { role: NewUser["role"] },
    opts?: { questions?: boolean },
  ): Promise<{ id: string; username: string; password: string; token: string }>;
  close(): void;
}

/** The body as text, inflated when the answer was compressed (the compression plugin). */
async function decodedText(res: { arrayBuffer(): Promise<ArrayBuffer>; headers: { get(name: string): string | null } }): Promise<string> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  if (encoding === "gzip") return new TextDecoder().decode(Bun.gunzipSync(bytes));
  if (encoding === "br") return brotliDecompressSync(bytes).toString("utf8");
  return new TextDecoder().decode(bytes);
}

/**
 * A fresh app on a fresh database with a controllable clock: in-memory SQLite, or a database
 * copied from the migrated template when the tests run on PostgreSQL (the server-pg project).
 */
export function createTestApp(overrides: Partial<AppDeps> = {}, webAssets: WebAssets = {}): TestContext {
  const handle = chosenEngine() === "postgres" ? freshTestDatabase() : openDatabase(":memory:");
  const clock = { now: Date.parse("2026-11-16T09:00:00.000Z") };
  const uploadsDir = overrides.uploadsDir ?? mkdtempSync(join(tmpdir(), "planify-test-uploads-"));
  const deps: AppDeps = {
    db: handle.db,
    engine: handle.engine,
    settings: { trustProxy: false, maxUploadBytes: 25 * 1024 * 1024, publicUrl: null, contactTo: null, version: "test" },
    jwtKey: new TextEncoder().encode("test-secret-test-secret-test-secret-0123456789"),
    uploadsDir,
    // On disk in that folder, or in the test bucket (the server-s3 project).
    storage: testStorage(uploadsDir),
    now: () => clock.now,
    mailer: null,
    log: () => {},
    instanceId: `test-${++counter}`,
    ...overrides,
  };
  const app = createApp(deps, webAssets);
  const request: TestContext["request"] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: RequestInit["body"];
    if (opts.body instanceof FormData || opts.body instanceof URLSearchParams) body = opts.body;
    else if (opts.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(opts.body);
    }
    const res = await app.handle(new Request(`http://localhost${url}`, { method, headers, body }));
    // Every JSON answer a test sees must lie inside the schema its route declares for that status.
    if (res.headers.get("content-type")?.includes("json")) {
      const text = await decodedText(res.clone());
      assertDeclared(app, method, url, res.status, text ? JSON.parse(text) : null);
    }
    return res;
  };
  let n = 0;
  const user: TestContext["user"] = async (input, opts = {}) => {
    const username = input.username ?? `${input.role}${++n}`;
    const password = input.password ?? "motdepasse-123";
    const staff = input.role === "prof" || input.role === "admin" || input.role === "professeur";
    const row = await createUser(deps, {
      year: staff ? undefined : "BUT1",
      groupe: "A",
      specialite: "devweb",
      ...input,
      username,
      password,
    });
    if (opts.questions !== false) await setSecretQuestions(deps, row.id, [{ question: "Ville ?", answer: "Lyon" }]);
    const res = await request("POST", "/api/users/login", { body: { username, password } });
    const json = (await res.json()) as { token: string };
    return { id: row.id, username, password, token: json.token };
  };
  const close = () => {
    // The live hub reads this database: it stops first.
    void stopLive(handle.engine);
    void handle.close();
  };
  return { deps, app, clock, request, user, close };
}

export type TestUser = Awaited<ReturnType<TestContext["user"]>>;

/** The callers of a scenario table: a guest and one account per role. */
export const ACTORS = ["guest", "eleve", "etudiant", "delegue", "prof", "admin"] as const;
export type Actor = (typeof ACTORS)[number];
export type Actors = Record<Exclude<Actor, "guest">, TestUser>;

/**
 * One account per role. "etudiant" is registered with that spelling (stored as eleve);
 * the student-side accounts are in BUT1 group A, devweb.
 */
export async function createActors(ctx: TestContext): Promise<Actors> {
  return {
    eleve: await ctx.user({ role: "eleve", username: "eleve" }),
    etudiant: await ctx.user({ role: "etudiant", username: "etudiant" }),
    delegue: await ctx.user({ role: "delegue", username: "delegue" }),
    prof: await ctx.user({ role: "prof", username: "prof" }),
    admin: await ctx.user({ role: "admin", username: "admin" }),
  };
}

/** One row of a scenario table (architecture habit 4). */
export interface Scenario {
  /** What the row shows, in a few words. */
  name: string;
  method: string;
  /** The address, or a function of the accounts (which may first write what the row needs). */
  url: string | ((a: Actors) => string | Promise<string>);
  as: Actor;
  /** The body, or a function of the accounts (which may first write what the row needs, and return a promise). */
  body?: unknown | ((a: Actors) => unknown);
  headers?: Record<string, string>;
  status: number;
  /** Partial JSON the answer must match, or a check of the answer. */
  expect?: Record<string, unknown> | ((json: unknown, res: Response, a: Actors) => void | Promise<void>);
}

/**
 * One app on a fresh database and one account per role for a whole test file: built before
 * its first test, closed after its last. Read `ctx` and `actors` inside tests only.
 */
export function appPerFile(overrides: Partial<AppDeps> = {}): { ctx: TestContext; actors: Actors } {
  const app = {} as { ctx: TestContext; actors: Actors };
  beforeAll(async () => {
    app.ctx = createTestApp(overrides);
    app.actors = await createActors(app.ctx);
  });
  afterAll(() => app.ctx.close());
  return app;
}

/** Sends one scenario row and checks its status and content. */
export async function runScenario(ctx: TestContext, actors: Actors, row: Scenario): Promise<void> {
  const url = typeof row.url === "function" ? await row.url(actors) : row.url;
  const body = typeof row.body === "function" ? await (row.body as (a: Actors) => unknown)(actors) : row.body;
  const token = row.as === "guest" ? undefined : actors[row.as].token;
  const res = await ctx.request(row.method, url, { token, body, headers: row.headers });
  const text = await res.text();
  const json: unknown = text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
  if (res.status !== row.status) {
    throw new Error(`${row.method} ${url} as ${row.as}: expected ${row.status}, got ${res.status} ${text.slice(0, 300)}`);
  }
  if (typeof row.expect === "function") await row.expect(json, res, actors);
  else if (row.expect) {
    expect(json).toMatchObject(row.expect);
  }
}

/** Records every deps.log call, to check what the server writes to its log. */
export function logRecorder() {
  const lines: { level: string; message: string; extra?: Record<string, unknown> }[] = [];
  const log: AppDeps["log"] = (level, message, extra) => void lines.push({ level, message, extra });
  return { lines, log, text: () => JSON.stringify(lines) };
}

/** Registers one test per row, run in order against the same app and accounts. */
export function scenarioTests(rows: Scenario[], env: () => { ctx: TestContext; actors: Actors }): void {
  for (const row of rows) {
    const url = typeof row.url === "string" ? row.url : "…";
    it(`${row.method} ${url} as ${row.as} → ${row.status}: ${row.name}`, async () => {
      const { ctx, actors } = env();
      await runScenario(ctx, actors, row);
    });
  }
}

/** Rows asking the same thing of every caller, with the status each one gets. */
export function everyActor(
  base: Omit<Scenario, "as" | "status" | "name">,
  statuses: Record<Actor, number>,
  name: string,
  expectByStatus: Record<number, Scenario["expect"]> = {},
): Scenario[] {
  return ACTORS.map((as) => ({ ...base, as, status: statuses[as], name, expect: expectByStatus[statuses[as]] }));
}
