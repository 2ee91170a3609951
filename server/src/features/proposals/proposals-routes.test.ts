import { afterAll, beforeAll, describe, expect } from "vitest";
import type { ProposalDto } from "@planify/common/schemas/proposals";
import {
  createActors,
  createTestApp,
  everyActor,
  scenarioTests,
  type Actors,
  type Scenario,
  type TestContext,
  type TestUser,
} from "../../../test/helpers";
import { FIXTURES, filesForm } from "../tasks/test-support";
import { idsOf, originalClientBody, propose } from "./test-kit";

// Scenario table of every proposal route for a guest and every role. Two BUT1 group A students
// propose; the actors (BUT1 group A devweb, staff) read, take, review and withdraw them.
let ctx: TestContext;
let actors: Actors;
let auteur: TestUser;
let auteur2: TestUser;
let main: ProposalDto;
let toReject: ProposalDto;
let toValidate: ProposalDto;
let toDelete: ProposalDto;
let file = "";

beforeAll(async () => {
  ctx = createTestApp();
  actors = await createActors(ctx);
  auteur = await ctx.user({ role: "eleve", username: "auteur" });
  auteur2 = await ctx.user({ role: "eleve", username: "auteur2" });
  main = await propose(ctx, auteur.token, { titre: "Proposition principale" });
  toReject = await propose(ctx, auteur.token, { titre: "À refuser" });
  toValidate = await propose(ctx, auteur.token, { titre: "À valider" });
  toDelete = await propose(ctx, auteur2.token, { titre: "À retirer" });
});
afterAll(() => ctx.close());

const env = () => ({ ctx, actors });
const url = (suffix: string, p: () => ProposalDto) => () => `/api/events/proposals/${p().id}${suffix}`;
const OK_ALL = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };
const REVIEWERS_ONLY = { guest: 401, eleve: 403, etudiant: 403, delegue: 200, prof: 200, admin: 200 };
const ok = { 200: { success: true } };

const reads: Scenario[] = [
  ...everyActor(
    { method: "POST", url: "/api/events/proposals", body: originalClientBody({ titre: "La mienne" }) },
    OK_ALL,
    "anyone signed in proposes",
    {
      200: (json) =>
        expect(json).toMatchObject({ success: true, proposal: { titre: "La mienne", status: "pending", groupes: ["A"], year: "BUT1" } }),
    },
  ),
  ...everyActor({ method: "GET", url: "/api/events/proposals" }, REVIEWERS_ONLY, "the reviewers' pending list", {
    200: (json) => expect(idsOf(json)).toContain(main.id),
  }),
  ...everyActor({ method: "GET", url: "/api/events/proposals/count" }, REVIEWERS_ONLY, "the reviewers' count", {
    200: (json) => expect((json as { count: number }).count).toBeGreaterThanOrEqual(4),
  }),
  ...everyActor({ method: "GET", url: "/api/events/proposals/feed" }, OK_ALL, "the classmates' feed", {
    200: (json) => expect(idsOf(json)).toContain(main.id),
  }),
  ...everyActor({ method: "GET", url: "/api/events/proposals/feed/count" }, OK_ALL, "the feed's count", {
    200: (json) => expect((json as { count: number }).count).toBeGreaterThanOrEqual(4),
  }),
  ...everyActor({ method: "GET", url: "/api/events/proposals/mine" }, OK_ALL, "one's own pending proposals", {
    200: (json) => expect((json as { proposals: ProposalDto[] }).proposals.map((p) => p.titre)).toEqual(["La mienne"]),
  }),
  ...everyActor({ method: "GET", url: "/api/events/proposals/mine/history" }, OK_ALL, "one's own reviewed proposals", {
    200: { success: true, proposals: [] },
  }),
  ...everyActor({ method: "GET", url: url("", () => main) }, OK_ALL, "one proposal, with its author populated", {
    200: { success: true, proposal: { titre: "Proposition principale", proposedBy: { username: "auteur", groupe: "A", year: "BUT1" } } },
  }),
];

const personal: Scenario[] = [
  ...everyActor(
    { method: "POST", url: url("/check", () => main) },
    { ...OK_ALL, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 403 },
    "check before accepting: refused",
    {
      403: { message: "Accès réservé à l’auteur ou aux personnes ayant accepté la proposition" },
    },
  ),
  ...everyActor({ method: "POST", url: url("/accept", () => main) }, OK_ALL, "takes it into one's list", ok),
  ...everyActor({ method: "GET", url: "/api/events/proposals/accepted" }, OK_ALL, "the proposals one accepted", {
    200: (json, _res, a) => {
      const [p] = (json as { proposals: ProposalDto[] }).proposals;
      expect(p).toMatchObject({ _id: main.id, checkedBy: [] });
      expect(p!.acceptedBy).toHaveLength(1);
      expect(Object.values(a).map((u) => u.id)).toContain(p!.acceptedBy[0]);
    },
  }),
  ...everyActor({ method: "POST", url: url("/check", () => main) }, OK_ALL, "checks it for oneself", ok),
  ...everyActor({ method: "POST", url: url("/uncheck", () => main) }, OK_ALL, "unchecks it", ok),
  ...everyActor({ method: "POST", url: url("/archive", () => main) }, OK_ALL, "archives it for oneself", ok),
  ...everyActor({ method: "POST", url: url("/unarchive", () => main) }, OK_ALL, "unarchives it", ok),
  ...everyActor({ method: "POST", url: url("/unaccept", () => main) }, OK_ALL, "drops it from one's list", ok),
];

const authorAndReviewers: Scenario[] = [
  ...everyActor(
    { method: "POST", url: url("/update-self", () => main), body: { groupes: ["A", "B"] } },
    { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 200 },
    "edits it: its author or an admin",
    { 200: { proposal: { groupes: ["A", "B"] } }, 403: { message: "Accès réservé à l’auteur ou à l’admin" } },
  ),
  ...everyActor(
    { method: "POST", url: url("/attachments", () => main), body: () => filesForm([["sujet.pdf", FIXTURES.pdf()]]) },
    { guest: 401, eleve: 403, etudiant: 403, delegue: 200, prof: 200, admin: 200 },
    "adds files: its author or a reviewer",
    {
      200: (json) => {
        const { files } = json as { files: { filename: string; originalname: string; mime: string }[] };
        expect(files).toMatchObject([{ originalname: "sujet.pdf", mime: "application/pdf" }]);
        file = files[0]!.filename;
      },
    },
  ),
  ...everyActor(
    { method: "GET", url: () => `/api/events/proposals/${main.id}/files/${file}` },
    OK_ALL,
    "downloads a file of a proposal one may read",
    {
      200: (body) => expect(String(body)).toContain("%PDF"),
    },
  ),
  ...everyActor({ method: "GET", url: () => `/uploads/events/${file}` }, OK_ALL, "the same file at the original client's /uploads path", {
    200: (body) => expect(String(body)).toContain("%PDF"),
  }),
  ...everyActor(
    { method: "POST", url: url("/reject", () => toReject), body: { reason: "Déjà donné en cours" } },
    { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 404, admin: 404 },
    "a classmate dismisses it from their feed; the first reviewer rejects it",
    { 404: { message: "Proposition introuvable" } },
  ),
  ...everyActor(
    { method: "POST", url: url("/validate", () => toValidate) },
    { guest: 401, eleve: 403, etudiant: 403, delegue: 200, prof: 404, admin: 404 },
    "the first reviewer validates it into a class task",
    {
      200: (json) =>
        expect(json).toMatchObject({
          success: true,
          event: { _id: toValidate.id, titre: "À valider" },
          proposal: { status: "validated", taskId: toValidate.id },
        }),
    },
  ),
  ...everyActor(
    { method: "DELETE", url: url("", () => toDelete) },
    { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 200 },
    "removes it: its author or an admin",
    { 200: { success: true }, 403: { message: "Accès réservé à l’auteur ou à l’admin" } },
  ),
];

const blocks: Scenario[] = [
  ...everyActor(
    { method: "POST", url: () => `/api/users/${auteur2.id}/block-proposals`, body: { reason: "" } },
    REVIEWERS_ONLY,
    "stops an account from proposing",
    ok,
  ),
  ...everyActor({ method: "GET", url: "/api/users/blocked-proposers" }, REVIEWERS_ONLY, "the blocked accounts", {
    200: { success: true, users: [{ username: "auteur2", groupe: "A", year: "BUT1", proposalBlocked: true }] },
  }),
  ...everyActor({ method: "POST", url: () => `/api/users/${auteur2.id}/unblock-proposals` }, REVIEWERS_ONLY, "lets it propose again", ok),
];

describe("proposals: reads and creation, every role", () => scenarioTests(reads, env));
describe("proposals: a classmate's own list", () => scenarioTests(personal, env));
describe("proposals: author and reviewers", () => scenarioTests(authorAndReviewers, env));
describe("proposals: blocked proposers", () => scenarioTests(blocks, env));
