import { describe, expect, it } from "vitest";
import type { PatchNote } from "@planify/common/schemas/social";
import { createTestApp } from "../../test/helpers";
import { DEMO_PASSWORD } from "./accounts";
import { seedDemo } from "./seed";

// The demo school's About page lists two releases a few days apart; the admin also has a draft.
describe("demo patch notes", () => {
  it("two published notes, newest first, for a guest; the draft for the admin only", async () => {
    const ctx = createTestApp();
    await seedDemo(ctx.deps);
    const notes = async (token?: string) =>
      ((await (await ctx.request("GET", "/api/patch-notes", { token })).json()) as { notes: PatchNote[] }).notes;
    const guest = await notes();
    expect(guest.map((n) => n.version)).toEqual(["1.5.0", "1.4.0"]);
    expect(Date.parse(guest[0]!.createdAt) - Date.parse(guest[1]!.createdAt)).toBe(6 * 86_400_000);
    const login = await ctx.request("POST", "/api/users/login", { body: { username: "claire.admin", password: DEMO_PASSWORD } });
    const admin = await notes(((await login.json()) as { token: string }).token);
    expect(admin.filter((n) => !n.published).map((n) => n.version)).toEqual(["1.6.0"]);
    const meta = (await (await ctx.request("GET", "/api/patch-notes/latest-meta")).json()) as { latest: { id: string } };
    expect(meta.latest.id).toBe(guest[0]!.id);
    ctx.close();
  });
});
