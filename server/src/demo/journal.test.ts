import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/helpers";
import { seedDemo } from "./seed";
import { DEMO_PASSWORD } from "./accounts";

let ctx: TestContext;
afterEach(() => ctx?.close());

describe("demo journal", () => {
  it("gives the demo admin a journal with accounts, codes, a pop-up, a gift and a balance", async () => {
    ctx = createTestApp();
    await seedDemo(ctx.deps);
    const login = await ctx.request("POST", "/api/users/login", { body: { username: "claire.admin", password: DEMO_PASSWORD } });
    const { token } = (await login.json()) as { token: string };
    const journal = (await (await ctx.request("GET", "/api/admin-journal", { token })).json()) as {
      entries: { action: string; adminUsername: string }[];
      actions: string[];
    };
    expect(journal.actions).toEqual(["code.create", "coins.set", "items.give", "popup.send", "user.create"]);
    expect(journal.entries.every((e) => e.adminUsername === "claire.admin")).toBe(true);
    expect(journal.entries.length).toBeGreaterThan(12);
  });
});
