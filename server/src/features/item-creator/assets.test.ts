import { afterEach, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../test/helpers";
import { sweepStorage } from "../../lib/orphan-sweep";
import { isStored } from "../../../test/stored-files";
import { ITEM_ASSETS_DIR, referencedItemAssets } from "./assets";
import { uploadedPng } from "./test-kit";

let ctx: TestContext;
afterEach(() => ctx?.close());

it("the start-up sweep keeps every uploaded item image, however old, and removes a stray file beside them", async () => {
  ctx = createTestApp();
  const admin = await ctx.user({ role: "admin" });
  const url = await uploadedPng(ctx, admin.token);
  const kept = `${ITEM_ASSETS_DIR}/${url.split("/").pop()!}`;
  const stray = `${ITEM_ASSETS_DIR}/orphelin.png`;
  await ctx.deps.storage.write(stray, new Blob(["x"]));
  const result = await sweepStorage(ctx.deps.storage, ctx.deps.uploadsDir, await referencedItemAssets(ctx.deps), {
    now: Date.now() + 10 * 86_400_000,
  });
  expect(result.orphans).toBe(1);
  expect([await isStored(ctx.deps, kept), await isStored(ctx.deps, stray)]).toEqual([true, false]);
  expect((await ctx.request("GET", url)).status).toBe(200);
});
