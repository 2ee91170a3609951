import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { FIXTURES, filesForm } from "../tasks/test-support";
import { propose } from "./test-kit";

// The original client opens a proposal's file at /uploads/events/<stored name> (one segment,
// ListeDevoirs.vue): the same bytes for whoever may read the proposal, and after its validation
// for whoever sees the class task; 404 for another group, 401 without a session.
let ctx: TestContext;
let lea: TestUser; // BUT1 A, proposes
let tom: TestUser; // BUT1 A, classmate
let zoe: TestUser; // BUT1 B, another group
let delegue: TestUser;

beforeAll(async () => {
  ctx = createTestApp();
  lea = await ctx.user({ role: "eleve", username: "lea" });
  tom = await ctx.user({ role: "eleve", username: "tom" });
  zoe = await ctx.user({ role: "eleve", username: "zoe", groupe: "B" });
  delegue = await ctx.user({ role: "delegue", username: "delegue" });
});
afterAll(() => ctx.close());

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe("GET /uploads/events/{stored name}", () => {
  it("serves a proposal's file to a classmate, its author and a reviewer; 404 for another group, 401 for a guest", async () => {
    const pdf = FIXTURES.pdf();
    const p = await propose(ctx, lea.token, { titre: "Avec énoncé" });
    const added = await ctx.request("POST", `/api/events/proposals/${p.id}/attachments`, {
      token: lea.token,
      body: filesForm([["énoncé.pdf", pdf]]),
    });
    const { files } = (await added.json()) as { files: { filename: string }[] };
    const url = `/uploads/events/${files[0]!.filename}`;

    for (const who of [tom, lea, delegue]) {
      const res = await ctx.request("GET", url, { token: who.token });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toContain("nonc");
      expect(await bytesOf(res)).toEqual(pdf);
    }
    const other = await ctx.request("GET", url, { token: zoe.token });
    expect(other.status).toBe(404);
    expect(((await other.json()) as { message: string }).message).toBe("Proposition introuvable");
    expect((await ctx.request("GET", url)).status).toBe(401);

    // Validated: the same name is the class task's attachment now, seen by the class only.
    expect((await ctx.request("POST", `/api/events/proposals/${p.id}/validate`, { token: delegue.token })).status).toBe(200);
    const after = await ctx.request("GET", url, { token: tom.token });
    expect(after.status).toBe(200);
    expect(await bytesOf(after)).toEqual(pdf);
    expect((await ctx.request("GET", url, { token: zoe.token })).status).toBe(404);
    expect((await ctx.request("GET", url)).status).toBe(401);
  });

  it("a name no file has, or that is not a stored name, is 404", async () => {
    expect((await ctx.request("GET", "/uploads/events/0123456789abcdef0123456789abcdef.pdf", { token: tom.token })).status).toBe(404);
    expect((await ctx.request("GET", "/uploads/events/..%2Fsecret", { token: tom.token })).status).toBe(404);
  });
});
