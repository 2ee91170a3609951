import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { FIXTURES, filesForm, listFiles } from "../tasks/test-support";
import { propose } from "./test-kit";

// The author's proposals in their data export, and their files gone with an erased account
// (a validated one's files stay: they are the class task's).
let ctx: TestContext;
let lea: TestUser;
let delegue: TestUser;
let admin: TestUser;
let tom: TestUser;

beforeAll(async () => {
  ctx = createTestApp();
  lea = await ctx.user({ role: "eleve", username: "lea" });
  delegue = await ctx.user({ role: "delegue", username: "delegue" });
  admin = await ctx.user({ role: "admin", username: "direction" });
  tom = await ctx.user({ role: "eleve", username: "tom" });
});
afterAll(() => ctx.close());

const attach = (id: string, name: string) =>
  ctx.request("POST", `/api/events/proposals/${id}/attachments`, { token: lea.token, body: filesForm([[name, FIXTURES.pdf()]]) });

describe("proposals and privacy", () => {
  let pending = "";
  let validated = "";
  it("the export's taches.json holds the author's proposals, the reviewer's reason and their files' names", async () => {
    const rejected = await propose(ctx, lea.token, { titre: "Refusée" });
    await ctx.request("POST", `/api/events/proposals/${rejected.id}/reject`, { token: delegue.token, body: { reason: "Hors programme" } });
    pending = (await propose(ctx, lea.token, { titre: "En attente" })).id;
    await attach(pending, "brouillon.pdf");
    validated = (await propose(ctx, lea.token, { titre: "Validée" })).id;
    await attach(validated, "sujet.pdf");
    await ctx.request("POST", `/api/events/proposals/${validated}/validate`, { token: delegue.token });
    const withdrawn = await propose(ctx, lea.token, { titre: "Retirée" });
    await ctx.request("DELETE", `/api/events/proposals/${withdrawn.id}`, { token: lea.token });
    await ctx.request("POST", `/api/users/mute-proposer/${tom.id}`, { token: lea.token, body: {} });
    await ctx.request("POST", `/api/users/${lea.id}/block-proposals`, { token: delegue.token, body: { reason: "" } });
    const res = await ctx.request("GET", "/api/privacy/me/export", { token: lea.token });
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const doc = JSON.parse(strFromU8(zip["donnees/taches.json"]!)) as {
      proposals: {
        titre: string;
        status: string;
        rejectReason: string | null;
        groupes: string[];
        files: { originalName: string; fichier: string }[];
      }[];
      proposalsBlocked: boolean;
      mutedProposers: { username: string }[];
    };
    expect(doc.proposals.map((p) => [p.titre, p.status, p.rejectReason])).toEqual([
      ["Refusée", "rejected", "Hors programme"],
      ["En attente", "pending", null],
      ["Validée", "validated", null],
      ["Retirée", "withdrawn", null],
    ]);
    expect(doc.proposals[1]).toMatchObject({
      groupes: ["A"],
      files: [{ originalName: "brouillon.pdf", fichier: "propositions/2026-11-20 En attente/brouillon.pdf" }],
    });
    // The pending proposal's file itself, byte for byte; a validated one's is the class task's, not in here.
    expect(zip["propositions/2026-11-20 En attente/brouillon.pdf"]).toEqual(FIXTURES.pdf());
    expect(Object.keys(zip).filter((name) => name.startsWith("propositions/"))).toHaveLength(1);
    expect(doc.proposalsBlocked).toBe(true);
    expect(doc.mutedProposers).toMatchObject([{ username: "tom" }]);
  });

  it("erasing the author removes the pending proposal's files, not the validated task's", async () => {
    const before = listFiles(ctx.deps.uploadsDir);
    expect(before.filter((f) => f.includes(pending))).toHaveLength(1);
    expect((await ctx.request("DELETE", `/api/users/${lea.id}`, { token: admin.token })).status).toBe(200);
    const after = listFiles(ctx.deps.uploadsDir);
    expect(after.filter((f) => f.includes(pending))).toEqual([]);
    expect(after.filter((f) => f.includes(validated))).toHaveLength(1);
    const task = await ctx.request("GET", `/api/events/${validated}`, { token: delegue.token });
    expect(((await task.json()) as { event: { attachments: unknown[] } }).event.attachments).toHaveLength(1);
  });
});
