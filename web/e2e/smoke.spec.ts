import { expect, test } from "@playwright/test";

test("the executable serves the app and the API", async ({ page, request }) => {
  const health = await request.get("/api/health");
  expect(health.ok()).toBe(true);
  expect(await health.json()).toMatchObject({ status: "ok" });
  await page.goto("/devoirs");
  await expect(page).toHaveTitle(/Planify/);
});
