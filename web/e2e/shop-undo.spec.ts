import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, loginAs, settleQuests } from "./support";

// Issue 23, items 3, 4, 5 and 8 (shop ×): the purchase toast's « Annuler », the shop header
// kept in view while its section scrolls, « Solde » vs « Pièces du mois », and /factions
// reached from the shop and from the menu. Screenshots land in .screenshots/shop-undo.
test.use({ trace: "off" });
const SHOTS = fileURLToPath(new URL("../../.screenshots/shop-undo", import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const STUDENT = "nathan.fournier";

async function giveCoins(page: Page, coins: number) {
  const admin = await apiLogin(page.request, "admin", ADMIN_PASSWORD);
  const student = await apiLogin(page.request, STUDENT);
  // The balance is checked to the coin: no quest may pay meanwhile (opening the shop is one).
  await settleQuests(page.request, student.token);
  const res = await page.request.post("/api/users-admin", {
    headers: { Authorization: `Bearer ${admin.token}`, "X-Requested-With": "XMLHttpRequest" },
    data: { action: "update-coins", userId: student.user.id, coins },
  });
  expect(res.ok()).toBe(true);
}

const balanceOf = async (page: Page) => Number((await page.getByTestId("coin-balance").getAttribute("aria-label"))!.replace(/\D/g, ""));

async function openShop(page: Page): Promise<Locator> {
  await page.getByTestId("coin-balance").click();
  const shop = page.getByRole("dialog", { name: /Boutique/ });
  await expect(shop).toBeVisible();
  return shop;
}

/** Axe's serious and critical findings in `scope` (the « Possédé » badge's contrast is issue 23 item 9, fixed elsewhere). */
async function seriousViolations(page: Page, scope = '[role="dialog"]'): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`));
}

test("a purchase is undone from its toast within 10 s, once, and the coins come back", async ({ page }) => {
  test.setTimeout(120_000);
  await giveCoins(page, 5000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, STUDENT);
  await expect(page.getByTestId("coin-balance")).toContainText("5 000");
  const shop = await openShop(page);
  await expect(shop.getByTestId("shop-balance")).toContainText("Solde");
  await shop.getByRole("tab", { name: /Boutique quotidienne/ }).click();
  const card = shop
    .locator('[data-testid^="shop-item-"]')
    .filter({ has: page.getByRole("button", { name: "Acheter" }) })
    .first();
  const testId = (await card.getAttribute("data-testid"))!;
  const bought = shop.getByTestId(testId);
  const toast = shop.getByTestId("purchase-toast");

  // At each size and theme: buy, look at the toast, cancel with a double tap (one refund).
  await atEveryThemeAndSize(page, async (width, theme) => {
    // Quick, while the 10 s run: look first, check the rest once it is cancelled.
    await bought.getByRole("button", { name: "Acheter" }).click();
    await expect(toast.getByRole("button", { name: /Annuler l'achat de/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/toast-${width}-${theme}.png` });
    await toast.getByRole("button", { name: /Annuler l'achat de/ }).dblclick();
    await expect(toast).toHaveText(/^Achat annulé : [\d\s\u202f\u00a0]+ Planify Coins te sont rendus\.$/);
    await expect.poll(() => balanceOf(page)).toBe(5000);
    await expect(bought.getByRole("button", { name: "Acheter" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/refunded-${width}-${theme}.png` });
  });

  // After 10 s « Annuler » is gone (and the server would refuse it anyway: refund.test.ts).
  // Axe runs on the toast meanwhile: no time limit left to respect.
  await bought.getByRole("button", { name: "Acheter" }).click();
  await expect(toast.getByRole("button", { name: /Annuler l'achat de/ })).toBeVisible();
  const shown = Date.now();
  const found = await seriousViolations(page, '[data-testid="purchase-toast"]').catch(() => ["toast gone before axe finished"]);
  if (Date.now() - shown < 9_000) expect(found).toEqual([]);
  await page.waitForTimeout(Math.max(0, 10_300 - (Date.now() - shown)));
  await expect(toast).toHaveCount(0);
  await expect(bought).toContainText("Possédé");
});

test("the shop's × stays in view while its section scrolls; the boards say which coins they count", async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, STUDENT);
  const shop = await openShop(page);
  const close = shop.getByRole("button", { name: "Fermer" });
  await atEveryThemeAndSize(page, async (width, theme) => {
    await shop.getByRole("tab", { name: "Collection" }).click();
    const section = shop.getByRole("tabpanel").first();
    await section.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await page.waitForTimeout(150);
    expect(await section.evaluate((el) => el.scrollTop)).toBeGreaterThan(200);
    await expect(close).toBeInViewport({ ratio: 1 });
    await expect(shop.getByRole("tab", { name: /Boutique quotidienne/ })).toBeInViewport();
    await page.screenshot({ path: `${SHOTS}/scrolled-${width}-${theme}.png` });

    await shop.getByRole("tab", { name: "Leaderboard" }).click();
    await expect(shop.getByTestId("month-coins-hint")).toContainText("Pièces du mois");
    await page.screenshot({ path: `${SHOTS}/leaderboard-${width}-${theme}.png` });
  });
  expect(await seriousViolations(page)).toEqual([]);
});

for (const [width, height] of [
  [390, 844],
  [1440, 900],
] as const) {
  test(`/factions is reached from the shop's Factions filter and from the menu at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await loginAs(page, STUDENT);
    const shop = await openShop(page);
    await shop.getByRole("tab", { name: "Leaderboard" }).click();
    await shop.getByRole("tab", { name: "Factions" }).click();
    await page.screenshot({ path: `${SHOTS}/shop-factions-${width}.png` });
    await shop.getByRole("link", { name: /voir la page Factions/ }).click();
    await expect(page).toHaveURL(/\/factions$/);
    await expect(shop).toBeHidden();
    await expect(page.getByRole("heading", { name: "Factions", level: 1 })).toBeVisible();

    await page.goto("/devoirs");
    if (width < 1024) {
      await page.getByRole("button", { name: /Ouvrir le menu/ }).click();
      const menu = page.getByRole("navigation", { name: "Menu principal" });
      await page.screenshot({ path: `${SHOTS}/menu-${width}.png` });
      await menu.getByRole("link", { name: "Factions" }).click();
    } else {
      const nav = page.getByRole("navigation", { name: "Navigation principale" });
      await page.screenshot({ path: `${SHOTS}/menu-${width}.png` });
      await nav.getByRole("link", { name: "Factions" }).click();
    }
    await expect(page).toHaveURL(/\/factions$/);
    await expect(page.getByRole("heading", { name: "Factions", level: 1 })).toBeVisible();
  });
}
