import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { fastUsers, json } from "./test-kit";
import { chosenEngine } from "../../db/engine-choice";

let ctx: TestContext | undefined;
let handle: DatabaseHandle | undefined;
afterEach(() => {
  ctx?.close();
  handle?.close();
  ctx = handle = undefined;
});

const ids = (body: Record<string, any>) => body.weeklyItems.map((e: { kind: string; id: string }) => `${e.kind}:${e.id}`);

describe("GET /coins/weekly-items (daily shop)", () => {
  it("is the same all day for everyone, 3 items + 3 colours, and differs from yesterday", async () => {
    ctx = createTestApp();
    ctx.clock.now = Date.parse("2026-11-16T23:30:00Z"); // Tuesday 00:30 Paris
    const [a, b] = await fastUsers(ctx, 2);
    const first = await json(await ctx.request("GET", "/api/coins/weekly-items", { token: a!.token }));
    expect(first).toMatchObject({ success: true, date: "2026-11-17", timeUntilReset: "23:30:00", nextReset: "2026-11-17T23:00:00.000Z" });
    expect(first.weeklyItems.filter((e: { kind: string }) => e.kind === "item")).toHaveLength(3);
    expect(first.weeklyItems.filter((e: { kind: string }) => e.kind === "color")).toHaveLength(3);
    expect(first.weeklyItems[0]).toMatchObject({ kind: "item", owned: false });
    expect(typeof first.weeklyItems[0].price).toBe("number");
    ctx.clock.now = Date.parse("2026-11-17T22:59:59Z"); // Tuesday 23:59:59 Paris
    const late = await json(await ctx.request("GET", "/api/coins/weekly-items", { token: b!.token }));
    expect(ids(late)).toEqual(ids(first));
    expect(late.timeUntilReset).toBe("00:00:01");
    ctx.clock.now = Date.parse("2026-11-17T23:00:00Z"); // Wednesday 00:00 Paris
    const next = await json(await ctx.request("GET", "/api/coins/weekly-items", { token: a!.token }));
    expect(next.date).toBe("2026-11-18");
    for (const id of ids(next)) expect(ids(first)).not.toContain(id);
  });

  // Closes and reopens its SQLite file (a restart); on PostgreSQL there is no file of the process to reopen.
  it.skipIf(chosenEngine() === "postgres")("is stable across a restart on the same database file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "planify-shop-"));
    handle = openDatabase(join(dir, "planify.db"));
    ctx = createTestApp({ db: handle.db, engine: handle.engine });
    const [admin] = await fastUsers(ctx, 1, "admin");
    await ctx.request("POST", "/api/coins/weekly-items/reroll", { token: admin!.token });
    const before = await json(await ctx.request("GET", "/api/coins/weekly-items", { token: admin!.token }));
    handle.close();
    handle = openDatabase(join(dir, "planify.db"));
    const restarted = createTestApp({ db: handle.db, engine: handle.engine });
    const after = await json(await restarted.request("GET", "/api/coins/weekly-items", { token: admin!.token }));
    expect(ids(after)).toEqual(ids(before));
    restarted.close();
  });

  it("changes only by an admin re-roll; test-add/test-remove are stored; students get 403", async () => {
    ctx = createTestApp();
    const [admin] = await fastUsers(ctx, 1, "admin");
    const [student] = await fastUsers(ctx, 1);
    const before = ids(await json(await ctx.request("GET", "/api/coins/weekly-items", { token: student!.token })));
    for (const url of ["/api/coins/weekly-items/reroll", "/api/coins/weekly-items/test-add", "/api/coins/weekly-items/test-remove"]) {
      const res = await ctx.request("POST", url, { token: student!.token, body: { legacyId: 7 } });
      expect(res.status, url).toBe(403);
    }
    expect(ids(await json(await ctx.request("GET", "/api/coins/weekly-items", { token: student!.token })))).toEqual(before);
    const reroll = await ctx.request("POST", "/api/coins/weekly-items/reroll", { token: admin!.token });
    expect(reroll.status).toBe(200);
    const rerolled = ids(await json(await ctx.request("GET", "/api/coins/weekly-items", { token: student!.token })));
    expect(rerolled).toHaveLength(6);
    for (const id of rerolled) expect(before).not.toContain(id);

    const extra = [1, 2, 3, 4].find((id) => !rerolled.includes(`item:${id}`))!;
    expect((await ctx.request("POST", "/api/coins/weekly-items/test-add", { token: admin!.token, body: { legacyId: extra } })).status).toBe(
      200,
    );
    const added = ids(await json(await ctx.request("GET", "/api/coins/weekly-items", { token: student!.token })));
    expect(added).toContain(`item:${extra}`);
    expect((await ctx.request("POST", "/api/coins/weekly-items/test-add", { token: admin!.token, body: { legacyId: 25 } })).status).toBe(
      400,
    );
    expect(
      (await ctx.request("POST", "/api/coins/weekly-items/test-remove", { token: admin!.token, body: { legacyId: String(extra) } })).status,
    ).toBe(200);
    expect(ids(await json(await ctx.request("GET", "/api/coins/weekly-items", { token: student!.token })))).toEqual(rerolled);
    const missing = await ctx.request("POST", "/api/coins/weekly-items/test-remove", { token: admin!.token, body: { legacyId: extra } });
    expect(missing.status).toBe(404);
  });
});

describe("GET /coins/weekly-items wire format", () => {
  it("item ids are numbers (with legacyId); colour entries carry colorId and their item number", async () => {
    ctx = createTestApp();
    const [a] = await fastUsers(ctx, 1);
    const body = await json(await ctx.request("GET", "/api/coins/weekly-items", { token: a!.token }));
    for (const entry of body.weeklyItems as Record<string, unknown>[]) {
      expect(typeof entry.id).toBe("number");
      expect(entry.legacyId).toBe(entry.id);
      if (entry.kind === "color") {
        expect(typeof entry.colorId).toBe("string");
        expect(entry.id as number).toBeGreaterThanOrEqual(100);
      } else expect(entry.colorId).toBeNull();
    }
  });
});
