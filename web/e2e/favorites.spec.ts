import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { seriousViolations } from "./a11y-support";
import { apiLogin, atEveryThemeAndSize, loginAs } from "./support";

// Issue 30 §3, shop favourites: a student hearts an item of today's shop, reloads, the heart
// stays; the daily shop marks it and says so; the collection filters on favourites. Hugo is
// no other spec's student, and his list is emptied first (the original client's PUT), so that
// a second run starts alike. Screenshots land in .screenshots/favorites.
test.use({ trace: "off" });
const SHOTS = fileURLToPath(new URL("../../.screenshots/favorites", import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const STUDENT = "hugo.bernard";

async function resetFavorites(page: Page) {
  const { token } = await apiLogin(page.request, STUDENT);
  const res = await page.request.put("/api/coins/favorites", {
    headers: { Authorization: `Bearer ${token}`, "X-Requested-With": "XMLHttpRequest" },
    data: { favorites: [] },
  });
  expect(await res.json()).toEqual({ success: true, favorites: [] });
}

async function openDailyShop(page: Page): Promise<Locator> {
  await page.getByTestId("coin-balance").click();
  const shop = page.getByRole("dialog", { name: /Boutique/ });
  await expect(shop).toBeVisible();
  await shop.getByRole("tab", { name: /Boutique quotidienne/ }).click();
  await expect(shop.locator('[data-testid^="shop-item-"]').first()).toBeVisible();
  return shop;
}

test("a student hearts an item of today's shop; after a reload it is still a favourite, marked in the shop", async ({ page }) => {
  test.setTimeout(120_000);
  await resetFavorites(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, STUDENT);
  let shop = await openDailyShop(page);
  await expect(shop.getByTestId("favorites-notice")).toHaveCount(0);

  const card = shop.locator('[data-testid^="shop-item-"]').first();
  const cardId = (await card.getAttribute("data-testid"))!;
  const itemId = Number(cardId.replace("shop-item-", ""));
  // The heart by its test id: its name changes with its state.
  const heart = card.getByTestId(`favorite-${itemId}`);
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  const label = (await heart.getAttribute("aria-label"))!;
  expect(label).toMatch(/^Ajouter aux favoris : ./);
  const name = label.replace("Ajouter aux favoris : ", "");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(heart).toHaveAccessibleName(`Retirer des favoris : ${name}`);
  await expect(shop.getByTestId("favorites-notice")).toHaveText("Un de vos favoris est dans la boutique du jour");

  await page.reload();
  await page.waitForFunction(() => !document.getElementById("root")?.hasAttribute("data-prerendered"));
  shop = await openDailyShop(page);
  const again = shop.getByTestId(cardId);
  await expect(again.getByRole("button", { name: `Retirer des favoris : ${name}` })).toHaveAttribute("aria-pressed", "true");
  await expect(again).toHaveAttribute("data-featured", "true");
  await expect(again).toContainText("Favori");
  await expect(shop.getByTestId("favorites-notice")).toHaveText("Un de vos favoris est dans la boutique du jour");

  await atEveryThemeAndSize(page, async (width, theme) => {
    await again.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/daily-${width}-${theme}.png` });
    expect(await seriousViolations(page, ['[role="dialog"]'])).toEqual([]);
  });

  // The collection shows the same heart, and « Favoris seulement » keeps only the favourites.
  await shop.getByRole("tab", { name: "Collection" }).click();
  const collection = shop.getByRole("list", { name: "Collection" });
  await expect(collection.getByTestId(`collection-item-${itemId}`).getByRole("button", { name: /Retirer des favoris/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const filter = shop.getByRole("button", { name: "Favoris seulement" });
  await filter.click();
  await expect(filter).toHaveAttribute("aria-pressed", "true");
  await expect(collection.locator('[data-testid^="collection-item-"]')).toHaveCount(1);
  await atEveryThemeAndSize(page, async (width, theme) => {
    await page.screenshot({ path: `${SHOTS}/collection-${width}-${theme}.png` });
    expect(await seriousViolations(page, ['[role="dialog"]'])).toEqual([]);
  });

  // Taken out from the collection: the daily shop no longer marks it.
  await collection.getByRole("button", { name: /Retirer des favoris/ }).click();
  await expect(collection.locator('[data-testid^="collection-item-"]')).toHaveCount(0);
  await expect(shop.getByText("Aucun favori pour l'instant")).toBeVisible();
  await shop.getByRole("tab", { name: /Boutique quotidienne/ }).click();
  await expect(shop.getByTestId(cardId).getByRole("button", { name: /Ajouter aux favoris/ })).toHaveAttribute("aria-pressed", "false");
  await expect(shop.getByTestId("favorites-notice")).toHaveCount(0);
});
