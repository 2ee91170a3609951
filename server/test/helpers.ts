import { openDatabase } from "../src/db/client";
import { createApp } from "../src/app";
import type { AppDeps } from "../src/deps";
import { createUser, type NewUser } from "../src/features/users/service";
import { setSecretQuestions } from "../src/features/auth/service";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let counter = 0;

export interface TestContext {
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  clock: { now: number };
  /** Sends a request to the in-process app. `as` is a token or a user created by `user()`. */
  request(method: string, url: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  /** Creates a user and logs them in; returns the row and a token. */
  user(input: Partial<NewUser> & { role: NewUser["role"] }, opts?: { questions?: boolean }): Promise<{ id: string; username: string; password: string; token: string }>;
  close(): void;
}

/** A fresh app on a fresh in-memory SQLite database with a controllable clock. */
export function createTestApp(overrides: Partial<AppDeps> = {}): TestContext {
  const handle = openDatabase(":memory:");
  const clock = { now: Date.parse("2026-11-16T09:00:00.000Z") };
  const deps: AppDeps = {
    db: handle.db,
    sqlite: handle.sqlite,
    settings: { trustProxy: false, maxUploadBytes: 25 * 1024 * 1024, publicUrl: null, contactTo: null, version: "test" },
    jwtKey: new TextEncoder().encode("test-secret-test-secret-test-secret-0123456789"),
    uploadsDir: mkdtempSync(join(tmpdir(), "planify-test-uploads-")),
    now: () => clock.now,
    mailer: null,
    log: () => {},
    instanceId: `test-${++counter}`,
    ...overrides,
  };
  const app = createApp(deps);
  const request: TestContext["request"] = (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: RequestInit["body"];
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(opts.body);
    }
    return app.handle(new Request(`http://localhost${url}`, { method, headers, body }));
  };
  let n = 0;
  const user: TestContext["user"] = async (input, opts = {}) => {
    const username = input.username ?? `${input.role}${++n}`;
    const password = input.password ?? "motdepasse-123";
    const staff = input.role === "prof" || input.role === "admin" || input.role === "professeur";
    const row = await createUser(deps, { year: staff ? undefined : "BUT1", groupe: "A", specialite: "devweb", ...input, username, password });
    if (opts.questions !== false) await setSecretQuestions(deps, row.id, [{ question: "Ville ?", answer: "Lyon" }]);
    const res = await request("POST", "/api/users/login", { body: { username, password } });
    const json = (await res.json()) as { token: string };
    return { id: row.id, username, password, token: json.token };
  };
  return { deps, app, clock, request, user, close: () => handle.close() };
}
