import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/helpers";
import { json } from "../features/coins/test-kit";
import { seedDemo } from "./seed";

let ctx: TestContext;
afterEach(() => ctx?.close());

describe("demo school: the created catalogue", () => {
  it("ships two created items with their images and one created colour, credited to an account", async () => {
    ctx = createTestApp();
    await seedDemo(ctx.deps);
    const items = (await json(await ctx.request("GET", "/api/items"))).items.filter((i: { isDynamic: boolean }) => i.isDynamic);
    expect(items.map((i: { name: string; legacyId: number }) => [i.legacyId, i.name])).toEqual([
      [1001, "Couronne dorée"],
      [1002, "Auréole néon"],
    ]);
    expect(items[0]).toMatchObject({
      creatorUsernames: ["lea.martin"],
      availableInDailyShop: true,
      variants: [{ name: "Style" }, { name: "Variante 1" }],
    });
    const image = await ctx.request("GET", items[0].assets[0].src);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/svg+xml"]);
    expect(await image.text()).toContain("<svg");
    const colors = (await json(await ctx.request("GET", "/api/border-colors"))).colors.filter((c: { isDynamic: boolean }) => c.isDynamic);
    expect(colors).toEqual([expect.objectContaining({ id: "lagon", legacyId: 1100, name: "Lagon", type: "border-gradient" })]);
  });
});
