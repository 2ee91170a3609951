import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test/helpers";
import { ensureAdmin } from "./bootstrap";
import { users } from "./db/schema";

describe("the first admin (ensureAdmin)", () => {
  let ctx: TestContext;
  afterEach(() => ctx?.close());

  it("two nodes starting together on an empty database make one admin, and neither fails", async () => {
    ctx = createTestApp();
    const results = await Promise.all([ensureAdmin(ctx.deps, "premier-admin-2026"), ensureAdmin(ctx.deps, "second-admin-2026")]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const admins = await ctx.deps.db.select({ username: users.username }).from(users).where(eq(users.role, "admin"));
    expect(admins).toEqual([{ username: "admin" }]);
    // Started again: nothing to do.
    expect(await ensureAdmin(ctx.deps, null)).toEqual({ created: false, generated: null });
  });

  it("prints a generated password once when none is given, and still refuses a real failure", async () => {
    ctx = createTestApp();
    const made = await ensureAdmin(ctx.deps, null);
    expect(made.created).toBe(true);
    expect(made.generated).toMatch(/^\S{12,}$/);
    const other = createTestApp();
    try {
      // A password too weak is the admin's mistake, not a race: it is reported.
      await expect(ensureAdmin(other.deps, "court")).rejects.toThrow();
    } finally {
      other.close();
    }
  });
});
