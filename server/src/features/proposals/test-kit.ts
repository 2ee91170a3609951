// Helpers shared by the proposal tests. Not a test file itself.
import { eq } from "drizzle-orm";
import type { ProposalDto } from "@planify/common/schemas/proposals";
import { users } from "../../db/schema";
import type { UserRow } from "../../db/types";
import { first } from "../../db/engine";
import type { TestContext } from "../../../test/helpers";

/**
 * The exact body the original client (ListeDevoirs.vue, submitAddTask) posts for a student:
 * HTML description from the editor, groupes and groupe, groupWorkEnabled, the student's year.
 */
export function originalClientBody(overrides: Record<string, unknown> = {}) {
  return {
    titre: "Exercices de trigonométrie",
    type: "devoir",
    matiere: "Développement web",
    date: "2026-11-20",
    heure: "18:00",
    description: "<p>Faire les exercices <b>3 à 5</b></p><img src=x onerror=alert(1)>",
    groupes: ["A"],
    groupe: "A",
    submissionEnabled: false,
    groupWorkEnabled: false,
    year: "BUT1",
    ...overrides,
  };
}

/** Posts a proposal as `token` and returns it (throws on refusal). */
export async function propose(ctx: TestContext, token: string, overrides: Record<string, unknown> = {}): Promise<ProposalDto> {
  const res = await ctx.request("POST", "/api/events/proposals", { token, body: originalClientBody(overrides) });
  const json = (await res.json()) as { proposal: ProposalDto };
  if (res.status !== 200) throw new Error(`propose: ${res.status} ${JSON.stringify(json)}`);
  return json.proposal;
}

/** The JSON of a GET as `token`. */
export async function getJson<T = Record<string, unknown>>(ctx: TestContext, url: string, token: string): Promise<T> {
  return (await (await ctx.request("GET", url, { token })).json()) as T;
}

/** Ids of a proposal list's answer. */
export const idsOf = (json: unknown) => (json as { proposals: { _id: string }[] }).proposals.map((p) => p._id);

/** An account's stored row, as the services take it. */
export async function userRow(ctx: TestContext, id: string): Promise<UserRow> {
  return (await first(ctx.deps.db.select().from(users).where(eq(users.id, id))))!;
}

/**
 * Runs `between` once, just before the next transaction of the app's database opens: a
 * sequential stand-in for a write that lands between a service's first read and its transaction.
 */
export function beforeNextTransaction(ctx: TestContext, between: () => Promise<unknown>): void {
  const db = ctx.deps.db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
  const own = Object.hasOwn(db, "transaction");
  const original = db.transaction;
  db.transaction = async (...args) => {
    if (own) db.transaction = original;
    else delete (db as { transaction?: unknown }).transaction;
    await between();
    return await original.apply(ctx.deps.db, args);
  };
}
