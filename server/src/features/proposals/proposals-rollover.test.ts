import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROPOSAL_MESSAGES as M } from "@planify/common/constants/proposals";
import type { ProposalDto } from "@planify/common/schemas/proposals";
import { users } from "../../db/schema";
import { chosenEngine } from "../../db/engine-choice";
import { dataPaths, ensureDir } from "../../bootstrap";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { pgTestUrl } from "../../../test/pg/test-database";
import { FIXTURES, filesForm, listFiles } from "../tasks/test-support";
import { fileBackedApp } from "../rollover/test-support";
import { getJson, idsOf, propose } from "./test-kit";

// The yearly rollover closes the proposals still waiting (last year's class's): rejected
// « Année scolaire clôturée », their files removed, out of every feed. A deactivated author's
// proposals leave the feeds and the reviewers' list at once.

/** An app the rollover can back up: a SQLite file, or this test's PostgreSQL database by its URL. */
async function rolloverApp(): Promise<TestContext> {
  if (chosenEngine() !== "postgres") return fileBackedApp();
  const ctx = createTestApp();
  const [db] = await ctx.deps.engine.raw.all<{ name: string }>("SELECT current_database() AS name");
  const dataDir = mkdtempSync(join(tmpdir(), "planify-proposals-rollover-"));
  ensureDir(dataPaths(dataDir).uploads);
  ctx.deps.backup = {
    dataDir,
    dir: join(dataDir, "backups"),
    secretFromEnv: false,
    databaseUrl: pgTestUrl().replace(/\/[^/]*$/, `/${db!.name}`),
  };
  return ctx;
}

let ctx: TestContext;
let lea: TestUser; // BUT1 A, proposes
let tom: TestUser; // BUT1 A, classmate
let delegue: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await rolloverApp();
  lea = await ctx.user({ role: "eleve", username: "lea" });
  tom = await ctx.user({ role: "eleve", username: "tom" });
  delegue = await ctx.user({ role: "delegue", username: "delegue" });
  admin = await ctx.user({ role: "admin", username: "direction" });
});
afterAll(() => ctx.close());

const feedOf = async (u: TestUser) => idsOf(await getJson(ctx, "/api/events/proposals/feed", u.token));
const reviewList = async () => idsOf(await getJson(ctx, "/api/events/proposals", delegue.token));

describe("proposals and the end of the school year", () => {
  it("a deactivated author's pending proposal leaves the feed and the reviewers' list", async () => {
    const ines = await ctx.user({ role: "eleve", username: "ines" });
    const p = await propose(ctx, ines.token, { titre: "Avant départ" });
    expect(await feedOf(tom)).toContain(p.id);
    await ctx.deps.db
      .update(users)
      .set({ deactivatedAt: new Date(ctx.clock.now).toISOString() })
      .where(eq(users.id, ines.id));
    expect(await feedOf(tom)).not.toContain(p.id);
    expect(await reviewList()).not.toContain(p.id);
    expect((await ctx.request("GET", `/api/events/proposals/${p.id}`, { token: tom.token })).status).toBe(404);
  });

  it("the rollover rejects a pending proposal « Année scolaire clôturée », removes its files, and no feed shows it", async () => {
    const p = await propose(ctx, lea.token, { titre: "Pour la rentrée" });
    await ctx.request("POST", `/api/events/proposals/${p.id}/attachments`, {
      token: lea.token,
      body: filesForm([["brouillon.pdf", FIXTURES.pdf()]]),
    });
    expect(listFiles(ctx.deps.uploadsDir).filter((f) => f.includes(p.id))).toHaveLength(1);
    expect(await feedOf(tom)).toContain(p.id);

    const res = await ctx.request("POST", "/api/admin/rollover", { token: admin.token, body: {} });
    expect(res.status).toBe(200);

    expect(await feedOf(tom)).not.toContain(p.id);
    expect(await reviewList()).not.toContain(p.id);
    expect(idsOf(await getJson(ctx, "/api/events/proposals/mine", lea.token))).toEqual([]);
    const history = await getJson<{ proposals: ProposalDto[] }>(ctx, "/api/events/proposals/mine/history", lea.token);
    expect(history.proposals.find((h) => h._id === p.id)).toMatchObject({
      status: "rejected",
      rejectReason: M.yearClosed,
      attachments: [],
      taskId: null,
    });
    expect(M.yearClosed).toBe("Année scolaire clôturée");
    expect(listFiles(ctx.deps.uploadsDir).filter((f) => f.includes(p.id))).toEqual([]);
  });
});
