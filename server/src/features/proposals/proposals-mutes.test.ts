import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROPOSAL_MESSAGES as M } from "@planify/common/constants/proposals";
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
import { getJson, idsOf, propose } from "./test-kit";

// A student mutes an author (the original's mute-proposer): that author's proposals leave the
// student's feed and its count, for that student alone, until unmuted.
let ctx: TestContext;
let lea: TestUser; // proposes
let tom: TestUser; // mutes lea
let ines: TestUser; // does not
let actors: Actors;

beforeAll(async () => {
  ctx = createTestApp();
  lea = await ctx.user({ role: "eleve", username: "lea" });
  tom = await ctx.user({ role: "eleve", username: "tom" });
  ines = await ctx.user({ role: "eleve", username: "ines" });
  actors = await createActors(ctx);
});
afterAll(() => ctx.close());

const post = (token: string | undefined, url: string) => ctx.request("POST", url, { token, body: {} });
const feedOf = async (u: TestUser) => idsOf(await getJson(ctx, "/api/events/proposals/feed", u.token));
const countOf = async (u: TestUser) => (await getJson<{ count: number }>(ctx, "/api/events/proposals/feed/count", u.token)).count;

describe("muting a proposer", () => {
  it("takes the author's proposals out of the muter's feed and count only, and back when unmuted", async () => {
    const p = await propose(ctx, lea.token);
    expect(await feedOf(tom)).toContain(p._id);
    const before = await countOf(tom);

    expect((await post(tom.token, `/api/users/mute-proposer/${lea.id}`)).status).toBe(200);
    expect((await post(tom.token, `/api/users/mute-proposer/${lea.id}`)).status).toBe(200); // idempotent
    expect(await feedOf(tom)).not.toContain(p._id);
    expect(await countOf(tom)).toBe(before - 1);
    expect(await feedOf(ines)).toContain(p._id);
    const muted = await getJson<{ users: { _id: string; username: string }[] }>(ctx, "/api/users/muted-proposers", tom.token);
    expect(muted.users).toEqual([{ _id: lea.id, username: "lea" }]);

    expect((await post(tom.token, `/api/users/unmute-proposer/${lea.id}`)).status).toBe(200);
    expect(await feedOf(tom)).toContain(p._id);
    expect((await getJson<{ users: unknown[] }>(ctx, "/api/users/muted-proposers", tom.token)).users).toEqual([]);
  });

  it("refuses oneself and unknown accounts in French; guests are 401", async () => {
    const self = await post(tom.token, `/api/users/mute-proposer/${tom.id}`);
    expect(self.status).toBe(400);
    expect(((await self.json()) as { message: string }).message).toBe(M.muteSelf);
    const unknown = await post(tom.token, "/api/users/mute-proposer/inconnu");
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe(M.userNotFound);
    expect((await post(undefined, `/api/users/mute-proposer/${lea.id}`)).status).toBe(401);
    expect((await post(undefined, `/api/users/unmute-proposer/${lea.id}`)).status).toBe(401);
    expect((await ctx.request("GET", "/api/users/muted-proposers")).status).toBe(401);
  });

  it("every signed-in role may mute and unmute for itself", async () => {
    for (const role of ["eleve", "etudiant", "delegue", "prof", "admin"] as const) {
      const u = await ctx.user({ role, username: `muet-${role}` });
      expect((await post(u.token, `/api/users/mute-proposer/${lea.id}`)).status).toBe(200);
      expect((await post(u.token, `/api/users/unmute-proposer/${lea.id}`)).status).toBe(200);
    }
  });
});

// Every role, for itself: mute Léa, read the list, unmute; muting oneself (the eleve muting the eleve) is refused.
const OK_ALL = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };
const mutedAre = (names: string[]) => (json: unknown) =>
  expect((json as { users: { username: string }[] }).users.map((u) => u.username)).toEqual(names);
const mutes: Scenario[] = [
  ...everyActor({ method: "POST", url: () => `/api/users/mute-proposer/${lea.id}`, body: {} }, OK_ALL, "mutes an author for oneself", {
    200: { success: true },
  }),
  ...everyActor({ method: "GET", url: "/api/users/muted-proposers" }, OK_ALL, "the authors one muted", { 200: mutedAre(["lea"]) }),
  ...everyActor(
    { method: "POST", url: (a) => `/api/users/mute-proposer/${a.eleve.id}`, body: {} },
    { ...OK_ALL, eleve: 400 },
    "muting oneself is refused",
    { 400: { success: false, message: M.muteSelf } },
  ),
  ...everyActor({ method: "POST", url: () => `/api/users/unmute-proposer/${lea.id}`, body: {} }, OK_ALL, "unmutes an author", {
    200: { success: true },
  }),
  ...everyActor(
    { method: "POST", url: (a) => `/api/users/unmute-proposer/${a.eleve.id}`, body: {} },
    { ...OK_ALL, eleve: 400 },
    "unmutes the eleve again (oneself: refused as well)",
    {
      200: { success: true },
    },
  ),
  ...everyActor({ method: "GET", url: "/api/users/muted-proposers" }, OK_ALL, "nobody muted any more", { 200: mutedAre([]) }),
  ...everyActor(
    { method: "POST", url: "/api/users/mute-proposer/inconnu", body: {} },
    { guest: 401, eleve: 404, etudiant: 404, delegue: 404, prof: 404, admin: 404 },
    "an unknown account",
    { 404: { message: M.userNotFound } },
  ),
];

describe("mute routes, every role", () => scenarioTests(mutes, () => ({ ctx, actors })));
