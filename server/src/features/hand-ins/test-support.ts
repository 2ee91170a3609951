// Helpers shared by the hand-in tests: a class of students, deposits through the task routes,
// and short calls of the hand-in routes. Not a test file itself.
import { expect } from "vitest";
import type { TestContext, TestUser } from "../../../test/helpers";
import { createTask, FIXTURES, filesForm, type EventJson } from "../tasks/test-support";

/** Setting up a class signs in a dozen accounts (each a password hash): generous on a loaded machine. */
export const SETUP_MS = 120_000;

/** The test clock starts on Monday 16 Nov 2026, 10:00 Paris; tasks are due Friday 20 Nov, 18:00 Paris. */
export const DAY = 86_400_000;
/** Friday 20 Nov 2026, 18:00 Paris, in UTC ms. */
export const TASK_DEADLINE = Date.parse("2026-11-20T17:00:00.000Z");

/** A hand-in task of group A, BUT1, by this teacher. */
export async function handInTask(ctx: TestContext, token: string, overrides: Record<string, unknown> = {}): Promise<EventJson> {
  return await createTask(ctx, token, { titre: "Rapport de stage", submissionEnabled: true, ...overrides });
}

/** A student of BUT1 group A, devweb, with a last and first name. */
export async function student(ctx: TestContext, username: string, extra: Record<string, string> = {}): Promise<TestUser> {
  return await ctx.user({ role: "eleve", username, year: "BUT1", groupe: "A", specialite: "devweb", lastName: username, ...extra });
}

/** Deposits one PDF at the clock's time (through the students' own route). */
export async function deposit(ctx: TestContext, who: TestUser, taskId: string, name = "copie.pdf"): Promise<string> {
  const res = await ctx.request("POST", `/api/events/${taskId}/submissions`, {
    token: who.token,
    body: filesForm([[name, FIXTURES.pdf()]]),
  });
  const json = (await res.json()) as { files?: { filename: string; originalname: string }[] };
  if (res.status !== 200 && res.status !== 201) throw new Error(`deposit: ${res.status} ${JSON.stringify(json)}`);
  return json.files!.find((f) => f.originalname === name)!.filename;
}

/** Calls a hand-in route and checks its status; returns the JSON answer. */
export async function call<T = Record<string, unknown>>(
  ctx: TestContext,
  who: TestUser,
  method: string,
  path: string,
  status: number,
  body?: unknown,
): Promise<T> {
  const res = await ctx.request(method, `/api/hand-ins${path}`, { token: who.token, body });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text.slice(0, 300)}`).toBe(status);
  return (res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as T;
}

export interface RowJson {
  userId: string;
  username: string;
  status: string;
  lateByMs: number;
  deadline: string;
  extended: boolean;
  exempt: boolean;
  open: boolean;
  reopened: boolean;
  feedback: string;
  mark: number | null;
  publishedMark: number | null;
  version: number | null;
  fileCount: number;
}
export interface TableJson {
  counts: Record<string, number>;
  rows: RowJson[];
  nudgedToday: boolean;
  task: { markScale: number };
}

/** The hand-in table as this teacher reads it. */
export const table = (ctx: TestContext, who: TestUser, taskId: string) => call<TableJson>(ctx, who, "GET", `/tasks/${taskId}`, 200);

/** One student's row of the table. */
export async function rowOf(ctx: TestContext, who: TestUser, taskId: string, userId: string): Promise<RowJson> {
  const row = (await table(ctx, who, taskId)).rows.find((r) => r.userId === userId);
  if (!row) throw new Error(`no row for ${userId}`);
  return row;
}
