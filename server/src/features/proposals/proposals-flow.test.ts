import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProposalDto } from "@planify/common/schemas/proposals";
import { PROPOSAL_MESSAGES as M } from "@planify/common/constants/proposals";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { FIXTURES, filesForm, type EventJson } from "../tasks/test-support";
import { getJson, idsOf, originalClientBody, propose } from "./test-kit";

// What users notice of proposals end to end: a validated one becomes the class's task (author,
// files, visibility, carried-over checks), a rejected one never does and its author reads why,
// the anti-abuse limits answer in French, a blocked author is refused and leaves every feed.
let ctx: TestContext;
let lea: TestUser; // BUT1 A, proposes
let tom: TestUser; // BUT1 A, classmate
let zoe: TestUser; // BUT1 B, another group
let delegue: TestUser; // BUT1
let delegue2: TestUser; // BUT2

beforeAll(async () => {
  ctx = createTestApp();
  lea = await ctx.user({ role: "eleve", username: "lea" });
  tom = await ctx.user({ role: "eleve", username: "tom" });
  zoe = await ctx.user({ role: "eleve", username: "zoe", groupe: "B" });
  delegue = await ctx.user({ role: "delegue", username: "delegue" });
  delegue2 = await ctx.user({ role: "delegue", username: "delegue2", year: "BUT2" });
});
afterAll(() => ctx.close());

const post = (token: string, url: string, body?: unknown) => ctx.request("POST", url, { token, body });
const events = async (token: string) => (await getJson<{ events: EventJson[] }>(ctx, "/api/events", token)).events;
const clean = async (id: string, token: string) => {
  await post(token, `/api/events/proposals/${id}/reject`, {});
};

describe("a proposal validated by a delegate", () => {
  let p: ProposalDto;
  it("the original client's exact body is accepted, its description sanitised", async () => {
    p = await propose(ctx, lea.token);
    expect(p).toMatchObject({
      titre: "Exercices de trigonométrie",
      groupe: "A",
      groupes: ["A"],
      status: "pending",
      submissionEnabled: false,
    });
    expect(p.description).toContain("<b>3 à 5</b>");
    expect(p.description).not.toContain("onerror");
  });

  it("is in the classmate's feed, not in the author's nor another group's", async () => {
    expect(idsOf(await getJson(ctx, "/api/events/proposals/feed", tom.token))).toContain(p.id);
    expect(idsOf(await getJson(ctx, "/api/events/proposals/feed", lea.token))).not.toContain(p.id);
    expect(idsOf(await getJson(ctx, "/api/events/proposals/feed", zoe.token))).not.toContain(p.id);
    expect((await ctx.request("GET", `/api/events/proposals/${p.id}`, { token: zoe.token })).status).toBe(404);
  });

  it("a classmate takes it and checks it; another delegate's year cannot review it", async () => {
    expect((await post(tom.token, `/api/events/proposals/${p.id}/accept`)).status).toBe(200);
    expect((await post(tom.token, `/api/events/proposals/${p.id}/check`)).status).toBe(200);
    const res = await post(delegue2.token, `/api/events/proposals/${p.id}/validate`);
    expect(res.status).toBe(403);
    expect(idsOf(await getJson(ctx, "/api/events/proposals", delegue2.token))).not.toContain(p.id);
  });

  it("becomes the class's task with its author, the same file bytes and the classmate's check", async () => {
    const pdf = FIXTURES.pdf();
    const added = await ctx.request("POST", `/api/events/proposals/${p.id}/attachments`, {
      token: lea.token,
      body: filesForm([["énoncé.pdf", pdf]]),
    });
    expect(added.status).toBe(200);
    const res = await post(delegue.token, `/api/events/proposals/${p.id}/validate`);
    expect(res.status).toBe(200);
    const tomsTask = (await events(tom.token)).find((e) => e.id === p.id)!;
    expect(tomsTask).toMatchObject({ titre: "Exercices de trigonométrie", groupes: ["A"], checked: true });
    expect((tomsTask as unknown as { createdBy: string }).createdBy).toBe(lea.id);
    expect(tomsTask.attachments.map((a) => a.originalname)).toEqual(["énoncé.pdf"]);
    const file = await ctx.request("GET", tomsTask.attachments[0]!.url, { token: tom.token });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
    expect((await events(zoe.token)).map((e) => e.id)).not.toContain(p.id);
    const history = await getJson<{ proposals: ProposalDto[] }>(ctx, "/api/events/proposals/mine/history", lea.token);
    expect(history.proposals[0]).toMatchObject({ _id: p.id, status: "validated", taskId: p.id, reviewedBy: delegue.id });
    expect(idsOf(await getJson(ctx, "/api/events/proposals/feed", tom.token))).not.toContain(p.id);
  });
});

describe("a rejected proposal", () => {
  it("never reaches the task lists, and its author reads the reason", async () => {
    const p = await propose(ctx, lea.token, { titre: "Doublon" });
    const res = await post(delegue.token, `/api/events/proposals/${p.id}/reject`, { reason: "  Déjà <b>donné</b> en cours  " });
    expect(await res.json()).toMatchObject({ success: true, message: "Proposition refusée." });
    for (const who of [tom, lea, delegue]) expect((await events(who.token)).map((e) => e.id)).not.toContain(p.id);
    const history = await getJson<{ proposals: ProposalDto[] }>(ctx, "/api/events/proposals/mine/history", lea.token);
    expect(history.proposals.find((h) => h._id === p.id)).toMatchObject({
      status: "rejected",
      rejectReason: "Déjà donné en cours",
      taskId: null,
    });
    expect((await post(delegue.token, `/api/events/proposals/${p.id}/validate`)).status).toBe(404);
  });

  it("a classmate's « refuser » only leaves their own feed", async () => {
    const p = await propose(ctx, lea.token, { titre: "Pas pour moi" });
    await post(tom.token, `/api/events/proposals/${p.id}/reject`, {});
    expect(idsOf(await getJson(ctx, "/api/events/proposals/feed", tom.token))).not.toContain(p.id);
    expect(idsOf(await getJson(ctx, "/api/events/proposals", delegue.token))).toContain(p.id);
    await clean(p.id, delegue.token);
  });
});

describe("anti-abuse", () => {
  it("a file that is not what its name says is refused", async () => {
    const p = await propose(ctx, lea.token, { titre: "Avec fichier" });
    const res = await ctx.request("POST", `/api/events/proposals/${p.id}/attachments`, {
      token: lea.token,
      body: filesForm([["sujet.pdf", FIXTURES.elf()]]),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      message: "Type de fichier non autorisé pour « sujet.pdf ». Formats acceptés : PDF, DOC, DOCX, ZIP, RAR, PNG, JPEG, SVG.",
    });
    await clean(p.id, delegue.token);
  });

  it("3 pending at once, then 5 a Paris day", async () => {
    const tim = await ctx.user({ role: "eleve", username: "tim" });
    const sent = [await propose(ctx, tim.token), await propose(ctx, tim.token), await propose(ctx, tim.token)];
    const fourth = await post(tim.token, "/api/events/proposals", originalClientBody());
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toMatchObject({ message: M.pendingLimit });
    for (const p of sent) await clean(p.id, delegue.token);
    await propose(ctx, tim.token);
    await propose(ctx, tim.token);
    const sixth = await post(tim.token, "/api/events/proposals", originalClientBody());
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toMatchObject({ message: "Vous avez atteint la limite de 5 propositions par jour. Réessayez demain." });
    ctx.clock.now += 24 * 3_600_000;
    expect((await post(tim.token, "/api/events/proposals", originalClientBody())).status).toBe(200);
  });

  it("a blocked author is refused and their proposals leave every feed", async () => {
    const max = await ctx.user({ role: "eleve", username: "max" });
    const p = await propose(ctx, max.token, { titre: "Avant blocage" });
    await post(tom.token, `/api/events/proposals/${p.id}/accept`);
    expect((await post(delegue.token, `/api/users/${max.id}/block-proposals`, { reason: "" })).status).toBe(200);
    const res = await post(max.token, "/api/events/proposals", originalClientBody());
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: M.blocked });
    expect(idsOf(await getJson(ctx, "/api/events/proposals/feed", tom.token))).not.toContain(p.id);
    expect(idsOf(await getJson(ctx, "/api/events/proposals/accepted", tom.token))).not.toContain(p.id);
    expect(idsOf(await getJson(ctx, "/api/events/proposals", delegue.token))).not.toContain(p.id);
    expect(idsOf(await getJson(ctx, "/api/events/proposals/mine", max.token))).toEqual([p.id]);
    const blocked = await getJson<{ users: { username: string }[] }>(ctx, "/api/users/blocked-proposers", delegue.token);
    expect(blocked.users.map((u) => u.username)).toContain("max");
    expect((await post(delegue2.token, `/api/users/${max.id}/unblock-proposals`)).status).toBe(403);
    await post(delegue.token, `/api/users/${max.id}/unblock-proposals`);
    expect(idsOf(await getJson(ctx, "/api/events/proposals/feed", tom.token))).toContain(p.id);
  });
});

describe("the original client's other bodies", () => {
  it("update-self with the edit form's body (year ignored for a student), then live events for the year", async () => {
    const p = await propose(ctx, lea.token, { titre: "À corriger" });
    const form = {
      titre: "Corrigée",
      type: "exam",
      matiere: "Développement web",
      date: "2026-11-21",
      heure: "10h30",
      description: "<p>Chapitre 2</p>",
      year: "BUT3",
      specialite: "",
      submissionEnabled: true,
      groupWorkEnabled: false,
    };
    const res = await post(lea.token, `/api/events/proposals/${p.id}/update-self`, form);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      proposal: { titre: "Corrigée", type: "exam", heure: "10:30", year: "BUT1", submissionEnabled: false, groupes: ["A"] },
    });
    expect((await post(lea.token, `/api/events/proposals/${p.id}/check`)).status).toBe(403);
    const live = await ctx.deps.engine.raw.all<{ audience: string }>("SELECT audience FROM live_events WHERE kind = 'proposals'");
    expect(live.some((e) => e.audience.includes('"year":"BUT1"'))).toBe(true);
    await clean(p.id, delegue.token);
  });
});

describe("two reviewers at once", () => {
  it("validate once: one class task, the other gets the original's 404", async () => {
    const p = await propose(ctx, zoe.token, { groupes: ["B"], groupe: "B", titre: "Course" });
    const prof = await ctx.user({ role: "prof", username: "prof" });
    const answers = await Promise.all([
      post(delegue.token, `/api/events/proposals/${p.id}/validate`),
      post(prof.token, `/api/events/proposals/${p.id}/validate`),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
    expect((await events(zoe.token)).filter((e) => e.titre === "Course")).toHaveLength(1);
  });
});
