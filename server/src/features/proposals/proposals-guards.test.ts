import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROPOSAL_MESSAGES as M } from "@planify/common/constants/proposals";
import type { ProposalDto } from "@planify/common/schemas/proposals";
import { taskProposalGroups, taskProposals, tasks } from "../../db/schema";
import { first } from "../../db/engine";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { FIXTURES, filesForm, type EventJson } from "../tasks/test-support";
import { rejectProposal, validateProposal } from "./review";
import { deleteProposal, updateProposal } from "./service";
import { beforeNextTransaction, getJson, idsOf, originalClientBody, propose, userRow } from "./test-kit";

// The guards a review found missing: withdrawing does not reset the daily limit, classmates read
// only what waits, a review re-reads the proposal in its own transaction, a write after a review
// changes nothing, and an author stopped from proposing gets nothing validated or edited.
let ctx: TestContext;
let lea: TestUser; // BUT1 A, proposes
let tom: TestUser; // BUT1 A, classmate
let delegue: TestUser; // BUT1
let admin: TestUser;

beforeAll(async () => {
  ctx = createTestApp();
  lea = await ctx.user({ role: "eleve", username: "lea" });
  tom = await ctx.user({ role: "eleve", username: "tom" });
  delegue = await ctx.user({ role: "delegue", username: "delegue" });
  admin = await ctx.user({ role: "admin", username: "direction" });
});
afterAll(() => ctx.close());

const post = (token: string, url: string, body?: unknown) => ctx.request("POST", url, { token, body });
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;
const statusOf = async (id: string) =>
  (await first(ctx.deps.db.select({ status: taskProposals.status }).from(taskProposals).where(eq(taskProposals.id, id))))?.status;
const groupsOf = async (id: string) =>
  (await ctx.deps.db.select().from(taskProposalGroups).where(eq(taskProposalGroups.proposalId, id))).map((g) => g.groupe);
/** The error a service call throws (its status and French message). */
const refusal = async (call: Promise<unknown>) => {
  const error = (await call.then(
    () => null,
    (e: unknown) => e,
  )) as { status?: number; message?: string } | null;
  return { status: error?.status, message: error?.message };
};

describe("withdrawing", () => {
  it("keeps the row out of every list, and the daily limit counts it: 5 proposed and withdrawn, the 6th is refused", async () => {
    const ana = await ctx.user({ role: "eleve", username: "ana" });
    for (let i = 1; i <= 5; i++) {
      const p = await propose(ctx, ana.token, { titre: `Essai ${i}` });
      const res = await ctx.request("DELETE", `/api/events/proposals/${p.id}`, { token: ana.token });
      expect(await res.json()).toMatchObject({ success: true, message: M.withdrawn });
      expect(await statusOf(p.id)).toBe("withdrawn");
      expect(idsOf(await getJson(ctx, "/api/events/proposals/mine", ana.token))).not.toContain(p.id);
      expect(idsOf(await getJson(ctx, "/api/events/proposals/mine/history", ana.token))).not.toContain(p.id);
      expect(idsOf(await getJson(ctx, "/api/events/proposals/feed", tom.token))).not.toContain(p.id);
      expect(idsOf(await getJson(ctx, "/api/events/proposals", delegue.token))).not.toContain(p.id);
      expect((await ctx.request("GET", `/api/events/proposals/${p.id}`, { token: ana.token })).status).toBe(404);
    }
    const sixth = await post(ana.token, "/api/events/proposals", originalClientBody());
    expect(sixth.status).toBe(429);
    expect(await messageOf(sixth)).toBe("Vous avez atteint la limite de 5 propositions par jour. Réessayez demain.");
  });
});

describe("what classmates read", () => {
  it("a rejected proposal is 404 for a classmate; its author and reviewers read the reason and the reviewer", async () => {
    const p = await propose(ctx, lea.token, { titre: "Refusée" });
    await post(delegue.token, `/api/events/proposals/${p.id}/reject`, { reason: "Hors programme" });
    const classmate = await ctx.request("GET", `/api/events/proposals/${p.id}`, { token: tom.token });
    expect(classmate.status).toBe(404);
    expect(await messageOf(classmate)).toBe(M.notFound);
    for (const who of [lea, delegue, admin]) {
      const json = await getJson<{ proposal: ProposalDto }>(ctx, `/api/events/proposals/${p.id}`, who.token);
      expect(json.proposal).toMatchObject({ status: "rejected", rejectReason: "Hors programme", reviewedBy: delegue.id });
    }
  });

  it("a validated proposal is 404 for a classmate (the class task is theirs), a pending one is readable without review fields", async () => {
    const p = await propose(ctx, lea.token, { titre: "Validée" });
    const pending = await getJson<{ proposal: ProposalDto }>(ctx, `/api/events/proposals/${p.id}`, tom.token);
    expect(pending.proposal).toMatchObject({ status: "pending", rejectReason: null, reviewedBy: null });
    await post(delegue.token, `/api/events/proposals/${p.id}/validate`);
    expect((await ctx.request("GET", `/api/events/proposals/${p.id}`, { token: tom.token })).status).toBe(404);
    expect((await ctx.request("GET", `/api/events/${p.id}`, { token: tom.token })).status).toBe(200);
  });
});

describe("a review and a write in between", () => {
  // Léa's proposals of the first day are spent: this is the next one.
  beforeAll(() => {
    ctx.clock.now += 24 * 3_600_000;
  });

  it("validate makes the task of the fields edited between its first read and its transaction", async () => {
    const p = await propose(ctx, lea.token, { titre: "Titre d'origine" });
    beforeNextTransaction(ctx, async () =>
      updateProposal(ctx.deps, await userRow(ctx, lea.id), p.id, { titre: "Titre corrigé", groupes: ["A", "B"] }),
    );
    await validateProposal(ctx.deps, await userRow(ctx, delegue.id), p.id);
    const task = await first(ctx.deps.db.select().from(tasks).where(eq(tasks.id, p.id)));
    expect(task?.titre).toBe("Titre corrigé");
    const event = await getJson<{ event: EventJson }>(ctx, `/api/events/${p.id}`, tom.token);
    expect(event.event.groupes).toEqual(["A", "B"]);
  });

  it("validate by the delegate of a year the proposal left meanwhile is refused and changes nothing", async () => {
    const p = await propose(ctx, lea.token, { titre: "Déplacée" });
    beforeNextTransaction(ctx, async () => updateProposal(ctx.deps, await userRow(ctx, admin.id), p.id, { year: "BUT2" }));
    expect(await refusal(validateProposal(ctx.deps, await userRow(ctx, delegue.id), p.id))).toEqual({
      status: 403,
      message: M.notReviewer,
    });
    expect(await statusOf(p.id)).toBe("pending");
    expect(await first(ctx.deps.db.select().from(tasks).where(eq(tasks.id, p.id)))).toBeUndefined();
  });

  it("update-self after a review answers 404 « Proposition introuvable » and rewrites nothing", async () => {
    const p = await propose(ctx, lea.token, { titre: "Examinée" });
    beforeNextTransaction(ctx, async () => rejectProposal(ctx.deps, await userRow(ctx, delegue.id), p.id, "Doublon"));
    expect(await refusal(updateProposal(ctx.deps, await userRow(ctx, lea.id), p.id, { titre: "Trop tard", groupes: ["B"] }))).toEqual({
      status: 404,
      message: M.notFound,
    });
    const row = await first(ctx.deps.db.select().from(taskProposals).where(eq(taskProposals.id, p.id)));
    expect(row).toMatchObject({ status: "rejected", titre: "Examinée", rejectReason: "Doublon" });
    expect(await groupsOf(p.id)).toEqual(["A"]);
  });

  it("withdrawing after a validation answers 404 and the class task keeps its proposal and file", async () => {
    const p = await propose(ctx, lea.token, { titre: "Retirée trop tard" });
    await ctx.request("POST", `/api/events/proposals/${p.id}/attachments`, {
      token: lea.token,
      body: filesForm([["sujet.pdf", FIXTURES.pdf()]]),
    });
    beforeNextTransaction(ctx, async () => validateProposal(ctx.deps, await userRow(ctx, delegue.id), p.id));
    expect(await refusal(deleteProposal(ctx.deps, await userRow(ctx, lea.id), p.id))).toEqual({ status: 404, message: M.notFound });
    expect(await statusOf(p.id)).toBe("validated");
    const event = await getJson<{ event: EventJson }>(ctx, `/api/events/${p.id}`, tom.token);
    const file = await ctx.request("GET", event.event.attachments[0]!.url, { token: tom.token });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(FIXTURES.pdf());
  });
});

describe("an author stopped from proposing", () => {
  it("cannot see their pending proposal validated, nor edit it or add files (French 403s); withdrawing stays open", async () => {
    const max = await ctx.user({ role: "eleve", username: "max" });
    const p = await propose(ctx, max.token, { titre: "Avant blocage" });
    expect((await post(delegue.token, `/api/users/${max.id}/block-proposals`, { reason: "" })).status).toBe(200);

    const validate = await post(delegue.token, `/api/events/proposals/${p.id}/validate`);
    expect(validate.status).toBe(403);
    expect(await messageOf(validate)).toBe(M.authorBlocked);
    expect(await statusOf(p.id)).toBe("pending");

    const edit = await post(max.token, `/api/events/proposals/${p.id}/update-self`, { titre: "Modifiée" });
    expect(edit.status).toBe(403);
    expect(await messageOf(edit)).toBe(M.blocked);
    const files = await ctx.request("POST", `/api/events/proposals/${p.id}/attachments`, {
      token: max.token,
      body: filesForm([["sujet.pdf", FIXTURES.pdf()]]),
    });
    expect(files.status).toBe(403);
    expect(await messageOf(files)).toBe(M.blocked);

    expect((await ctx.request("DELETE", `/api/events/proposals/${p.id}`, { token: max.token })).status).toBe(200);
  });
});
