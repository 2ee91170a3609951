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

beforeAll(async () => {
  ctx = createTestApp();
  lea = await ctx.user({ role: "eleve", username: "lea" });
  delegue = await ctx.user({ role: "delegue", username: "delegue" });
  admin = await ctx.user({ role: "admin", username: "direction" });
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
    const res = await ctx.request("GET", "/api/privacy/me/export", { token: lea.token });
    const doc = JSON.parse(strFromU8(unzipSync(new Uint8Array(await res.arrayBuffer()))["donnees/taches.json"]!)) as {
      proposals: { titre: string; status: string; rejectReason: string | null; groupes: string[]; files: { originalName: string }[] }[];
    };
    expect(doc.proposals.map((p) => [p.titre, p.status, p.rejectReason])).toEqual([
      ["Refusée", "rejected", "Hors programme"],
      ["En attente", "pending", null],
      ["Validée", "validated", null],
    ]);
    expect(doc.proposals[1]).toMatchObject({ groupes: ["A"], files: [{ originalName: "brouillon.pdf" }] });
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
