import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, apiLogin, loginAs, settleQuests } from "./support";

// Other suites share the artifacts folder: keep this one free of traces.
test.use({ trace: "off" });

const SHOTS = fileURLToPath(new URL("../../.screenshots/factions/", import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const PASSWORD = "mot-de-passe-e2e";
const SIZES = [
  [1440, 900],
  [390, 844],
] as const;

/**
 * A student of our own with 1 000 coins and no faction: the demo students belong to other
 * specs (and to factions already), and a first join must be the free one.
 */
async function newStudent(request: APIRequestContext, prefix: string) {
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const headers = { Authorization: `Bearer ${admin.token}`, "X-Requested-With": "XMLHttpRequest" };
  const username = `${prefix}.${Date.now().toString(36)}`;
  const created = await request.post("/api/users/register", {
    headers,
    data: { username, password: PASSWORD, role: "eleve", year: "BUT2", groupe: "A", specialite: "devweb" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { user: { id: string } }).user.id;
  // Balances are checked to the coin: no quest may pay meanwhile (signing in is one).
  await settleQuests(request, (await apiLogin(request, username, PASSWORD)).token);
  const coins = await request.post("/api/users-admin", { headers, data: { action: "update-coins", userId: id, coins: 1000 } });
  expect(coins.ok(), await coins.text()).toBe(true);
  return { username, id };
}

const balanceOf = async (page: Page) => Number((await page.getByTestId("coin-balance").getAttribute("aria-label"))!.replace(/\D/g, ""));
const totalOf = async (page: Page, faction: string) =>
  Number(await page.getByTestId(`faction-total-${faction}`).getAttribute("data-total"));

/** Sets the theme the way the toggle does and waits for the page to repaint. */
async function applyTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((t) => {
    localStorage.setItem("planify.theme", t);
    document.documentElement.dataset.theme = t;
  }, theme);
  await page.waitForTimeout(200);
}

/** Screenshots of the current screen at the phone and desktop sizes, in both themes. */
async function shootEverywhere(page: Page, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await applyTheme(page, theme);
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}${name}-${theme}-${width}.png` });
    }
  }
  await applyTheme(page, "light");
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("a student joins Bagnat, spins, sees the Bagnat total rise, and switches to Fermier after confirming the cost", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const student = await newStudent(page.request, "faction");
  await loginAs(page, student.username, "/factions", PASSWORD);

  await expect(page.getByRole("heading", { level: 1, name: "Factions" })).toBeVisible();
  await expect(page.getByTestId("season-banner")).toContainText(/Saison d(e |')\S+ \d{4}/);
  await expect(page.getByTestId("season-banner")).toContainText(/Fin dans \d/);
  await expect(page.getByTestId("faction-total-Bagnat")).toHaveAttribute("data-total", /^\d+$/);

  // First join: free, no confirmation.
  const joinBagna = page.getByRole("button", { name: "Rejoindre Bagna", exact: true });
  await joinBagna.click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("faction-join-result")).not.toBeEmpty();
  await expect(page.getByRole("button", { name: "Bagna : ta faction" })).toBeDisabled();
  await expect(page.getByTestId("faction-column-Bagnat").getByTestId(`rank-row-${student.id}`)).toBeVisible();
  const totalBefore = await totalOf(page, "Bagnat");

  // A spin: whatever it wins goes to Bagnat's total (other specs may add to it meanwhile).
  const spun = page.waitForResponse((r) => r.url().includes("/api/coins/spin-wheel") && r.request().method() === "POST");
  await page.getByTestId("spin-timer").click();
  const wheel = page.getByRole("dialog", { name: "Roue de la Fortune" });
  await wheel.getByRole("button", { name: "TOURNER LA ROUE" }).click();
  const { coinsWon, newCoins } = (await (await spun).json()) as { coinsWon: number; newCoins: number };
  await expect(wheel.getByTestId("wheel-result")).toHaveText(/Félicitations|Dommage/, { timeout: 15_000 });
  await page.keyboard.press("Escape");
  const gift = page.getByRole("dialog", { name: "Nouvel item reçu !" });
  // A gift may be waiting: « Merci ! » acknowledges it (the dialog re-renders as it goes, so retry until it is gone).
  await expect(async () => {
    if (await gift.isVisible()) await gift.getByRole("button", { name: "Merci !" }).click({ timeout: 5_000 });
    await expect(gift).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect.poll(() => totalOf(page, "Bagnat")).toBeGreaterThanOrEqual(totalBefore + coinsWon);
  if (coinsWon > 0) await expect.poll(() => totalOf(page, "Bagnat")).toBeGreaterThan(totalBefore);
  await expect.poll(() => balanceOf(page)).toBe(newCoins);
  await shootEverywhere(page, "factions-page");

  // Switching costs 200: the confirmation says so with the balance left, then the top bar shows it.
  await page.getByRole("button", { name: "Rejoindre Fermier", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Changer de faction ?" });
  await expect(confirm).toContainText("200 Planify Coins");
  await expect(confirm).toContainText(`à ${(newCoins - 200).toLocaleString("fr-FR")} coins`);
  await page.screenshot({ path: `${SHOTS}switch-confirm-light-1440.png` });
  await confirm.getByRole("button", { name: "Payer 200 coins" }).click();
  await expect(page.getByRole("button", { name: "Fermier : ta faction" })).toBeDisabled();
  await expect.poll(() => balanceOf(page)).toBe(newCoins - 200);
  await expect(page.getByRole("button", { name: "Rejoindre Bagna", exact: true })).toBeEnabled();
  await expect(page.getByTestId("faction-column-Fermier").getByTestId(`rank-row-${student.id}`)).toBeVisible();

  // Past seasons: a section of its own (the demo school is meant to ship a closed season).
  await page.getByRole("tab", { name: "Saisons passées" }).click();
  await expect(page.getByText(/^(Victoire de (Bagna|Fermier)|Égalité)$|Aucune saison terminée/).first()).toBeVisible();
  await shootEverywhere(page, "factions-past-seasons");
});

test("the shop's Leaderboard tab: three filters, medals for the top 3, and the factions view", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const student = await newStudent(page.request, "classement");
  await loginAs(page, student.username, "/", PASSWORD);

  await page.getByTestId("coin-balance").click();
  const shop = page.getByRole("dialog", { name: "Boutique" });
  await shop.getByRole("tab", { name: "Leaderboard" }).click();
  const filters = shop.getByRole("tablist", { name: "Filtres du classement" });
  await expect(filters.getByRole("tab")).toHaveText(["PlanifyCoins", "Tâches complétées", "Factions"]);
  const coins = shop.getByRole("list", { name: "Classement PlanifyCoins" });
  await expect(coins.getByRole("img", { name: /^Médaille d'or/ })).toBeVisible();
  await expect(coins.getByRole("img", { name: /^Médaille d'argent/ })).toBeVisible();
  await expect(coins.getByRole("img", { name: /^Médaille de bronze/ })).toBeVisible();
  // The caller is always shown: in the list or pinned below it.
  await expect(shop.getByTestId(`rank-row-${student.id}`)).toBeVisible();
  await shootEverywhere(page, "shop-leaderboard-coins");

  // Keyboard: the arrow keys move between the filters.
  await filters.getByRole("tab", { name: "PlanifyCoins" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(filters.getByRole("tab", { name: "Tâches complétées" })).toHaveAttribute("aria-selected", "true");
  await expect(shop.getByRole("list", { name: "Classement des tâches complétées" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(shop.getByTestId("faction-column-Bagnat")).toBeVisible();
  await expect(shop.getByTestId("faction-column-Fermier")).toBeVisible();
  await expect(shop.getByTestId("faction-column-Bagnat").getByRole("heading", { name: "Bagnat" })).toBeVisible();
  await shootEverywhere(page, "shop-leaderboard-factions");
});
