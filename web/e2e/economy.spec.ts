import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, apiLogin, loginAs } from "./support";

// Other suites share the artifacts folder: keep this one free of traces.
test.use({ trace: "off" });

const SHOTS = fileURLToPath(new URL("../../.screenshots/coins", import.meta.url));

/** Logs a demo student in through the API and reads the demo welcome announcement away. */
async function prepareStudent(request: APIRequestContext, username: string) {
  const login = await apiLogin(request, username);
  const headers = { Authorization: `Bearer ${login.token}`, "X-Requested-With": "XMLHttpRequest" };
  for (let i = 0; i < 10; i++) {
    const res = await request.get("/api/popups/for-me", { headers });
    if (res.status() === 204) break;
    await request.post(`/api/popups/ack/${(await res.json()).id}`, { headers });
  }
  return login;
}

async function adminApi(request: APIRequestContext) {
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const headers = { Authorization: `Bearer ${admin.token}`, "X-Requested-With": "XMLHttpRequest" };
  return {
    headers,
    async post(path: string, data: unknown) {
      const res = await request.post(`/api${path}`, { headers, data });
      expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
      return res.json();
    },
  };
}

/** The received-item popup may also open after a lucky Galaxie spin: close it when it does. */
async function closeGiftIfShown(page: Page) {
  const gift = page.getByRole("dialog", { name: "Nouvel item reçu !" });
  if (await gift.isVisible()) await gift.getByRole("button", { name: "Merci !" }).click();
}

test("a student spins, buys, equips, picks a colour, redeems a code and receives a gift", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await adminApi(page.request);
  const student = await prepareStudent(page.request, "lucas.moreau");
  await admin.post("/users-admin", { action: "update-coins", userId: student.user.id, coins: 5000 });
  await admin.post(`/users/${student.user.id}/give-item`, {
    itemId: 26,
    itemName: "Cœur",
    adminMessage: "Merci pour tes idées sur Planify !",
  });

  // The gift shows about one second after the app starts, with the team's message.
  await loginAs(page, "lucas.moreau");
  const gift = page.getByRole("dialog", { name: "Nouvel item reçu !" });
  await expect(gift).toBeVisible();
  await expect(gift).toContainText("Cœur");
  await expect(gift).toContainText("Message de l'équipe Planify");
  await expect(gift).toContainText("Merci pour tes idées sur Planify !");
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS}/gift-1440.png` });
  await gift.getByRole("button", { name: "Merci !" }).click();
  await expect(gift).toBeHidden();
  await expect(page.getByTestId("coin-balance")).toContainText("5 000");

  // One spin a day: the result, then the countdown; a second try shows the countdown only.
  await page.getByTestId("spin-timer").click();
  const wheel = page.getByRole("dialog", { name: "Roue de la Fortune" });
  await page.screenshot({ path: `${SHOTS}/wheel-1440.png` });
  await wheel.getByRole("button", { name: "TOURNER LA ROUE" }).click();
  await expect(wheel.getByTestId("wheel-result")).toHaveText(/Félicitations|Dommage/, { timeout: 15_000 });
  await expect(wheel.getByTestId("wheel-countdown")).toContainText(/Prochain spin : \d/);
  await page.screenshot({ path: `${SHOTS}/wheel-result-1440.png` });
  await page.keyboard.press("Escape");
  await closeGiftIfShown(page);
  await page.getByTestId("spin-timer").click();
  await expect(wheel.getByTestId("wheel-countdown")).toContainText(/Prochain spin : \d/);
  await expect(wheel.getByRole("button", { name: "TOURNER LA ROUE" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("spin-timer")).toContainText(/\d+h\d\d/);
  const afterSpin = Number((await page.getByTestId("coin-balance").getAttribute("aria-label"))!.replace(/\D/g, ""));

  // Buy the first item of today's shop.
  await page.getByTestId("coin-balance").click();
  const shop = page.getByRole("dialog", { name: "Boutique" });
  await shop.getByRole("tab", { name: /Boutique quotidienne/ }).click();
  await expect(shop.getByTestId("shop-countdown")).toHaveText(/^\d\d:\d\d:\d\d$/);
  await expect(shop.getByRole("heading", { name: "Items Spéciaux" })).toBeVisible();
  await expect(shop.getByRole("heading", { name: "Variantes de Bordures Classiques" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/shop-daily-1440.png` });
  const buyable = shop
    .locator('[data-testid^="shop-item-"]')
    .filter({ has: page.getByRole("button", { name: "Acheter" }) })
    .first();
  const testId = (await buyable.getAttribute("data-testid"))!;
  const card = shop.getByTestId(testId);
  const itemId = testId.replace("shop-item-", "");
  const name = (await card.locator("div").nth(1).textContent())!.trim();
  await card.getByRole("button", { name: "Acheter" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Bravo ! Tu as acheté ${name} !` })).toBeVisible();
  await expect(card).toContainText("Possédé");
  await expect
    .poll(async () => Number((await page.getByTestId("coin-balance").getAttribute("aria-label"))!.replace(/\D/g, "")))
    .toBeLessThan(afterSpin);

  // Equip it: the top-bar avatar shows it at once; equipping again removes it.
  await shop.getByRole("tab", { name: "Collection" }).click();
  const owned = shop.getByTestId(`collection-item-${itemId}`);
  await owned.getByRole("button", { name: "Équiper" }).click();
  await expect(owned).toContainText("Équipé");
  await expect(page.locator(`header [data-item-id="${itemId}"]`)).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/shop-collection-1440.png` });
  await shop.getByRole("tab", { name: "Leaderboard" }).click();
  await expect(shop.getByRole("tablist", { name: "Filtres du classement" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/shop-leaderboard-1440.png` });
  await page.keyboard.press("Escape");

  // Redeem a code created by the admin: it unlocks the gold border.
  const created = await admin.post("/redeem-codes/generate", { rewardType: "border-color", colorId: "gold", maxUses: 5 });
  await page.getByRole("button", { name: /Compte de lucas.moreau/ }).click();
  await page.getByRole("menuitem", { name: "Entrer un code" }).click();
  const codeDialog = page.getByRole("dialog", { name: "Entrer un code" });
  await codeDialog.getByRole("button", { name: "Valider" }).click();
  await expect(codeDialog).toContainText("Veuillez entrer un code");
  await codeDialog.getByPlaceholder("EX: ABCD1234").fill(`  ${created.code}  `);
  await codeDialog.getByRole("button", { name: "Valider" }).click();
  await expect(codeDialog.getByRole("status")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/code-1440.png` });
  await codeDialog.getByPlaceholder("EX: ABCD1234").fill(created.code);
  await codeDialog.getByRole("button", { name: "Valider" }).click();
  await expect(codeDialog.getByRole("alert")).toContainText(/déjà/);
  await page.keyboard.press("Escape");
  await closeGiftIfShown(page);

  // Pick the unlocked gold border; locked colours cannot be picked.
  await page.getByTestId("coin-balance").click();
  await shop.getByTestId("collection-item-0").getByRole("button", { name: "Couleurs" }).click();
  const picker = page.getByRole("dialog", { name: "Couleurs de bordure" });
  await expect(picker.getByTestId("color-red")).toBeDisabled();
  await picker.getByTestId("color-gold").click();
  await expect(picker.getByTestId("color-gold")).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator('header [data-border="gold"]')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/color-picker-1440.png` });
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");

  // Everything survives a reload (the server holds it).
  await page.reload();
  await expect(page.locator(`header [data-item-id="${itemId}"][data-border="gold"]`)).toHaveCount(1);
});

test("shop tabs and wheel on a phone, in the dark theme", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await adminApi(page.request);
  const student = await prepareStudent(page.request, "chloe.roux");
  await admin.post("/users-admin", { action: "update-coins", userId: student.user.id, coins: 12_345 });
  await page.addInitScript(() => localStorage.setItem("planify.theme", "dark"));
  await loginAs(page, "chloe.roux");
  await expect(page.getByTestId("coin-balance")).toContainText("12,3K");
  await page.screenshot({ path: `${SHOTS}/topbar-390.png` });

  await page.getByTestId("spin-timer").click();
  const wheel = page.getByRole("dialog", { name: "Roue de la Fortune" });
  await expect(wheel.getByRole("button", { name: "TOURNER LA ROUE" })).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/wheel-390.png` });
  await page.keyboard.press("Escape");
  await closeGiftIfShown(page);

  await page.getByTestId("coin-balance").click();
  const shop = page.getByRole("dialog", { name: "Boutique" });
  await expect(shop.getByTestId("collection-item-1")).toContainText("Verrouillé");
  await page.screenshot({ path: `${SHOTS}/shop-collection-390.png` });
  await shop.getByRole("tab", { name: /Boutique quotidienne/ }).click();
  await expect(shop.getByTestId("shop-countdown")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/shop-daily-390.png` });
  await shop.getByRole("tab", { name: "Leaderboard" }).click();
  await page.screenshot({ path: `${SHOTS}/shop-leaderboard-390.png` });
});

test("every item of the catalogue is drawn on the avatar (gallery)", async ({ page }) => {
  test.setTimeout(120_000); // 27 gifts, the gift dialog, then every item drawn and photographed
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await adminApi(page.request);
  const student = await prepareStudent(page.request, "ines.girard");
  // Every giftable item; 27 Prestige (the demo granted it to this early account) and 28 Planify
  // (admins only) are reward-only and can never be given.
  const giftable = [1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26];
  const ids = [...giftable, 27];
  let given = 0;
  for (const itemId of giftable) {
    const res = await page.request.post(`/api/users/${student.user.id}/give-item`, { headers: admin.headers, data: { itemId } });
    // 400 only for an item the demo already gave this account.
    if (res.status() === 400) expect((await res.json()).message).toContain("déjà");
    else expect(res.status()).toBe(201);
    if (res.status() === 201) given++;
  }
  for (const itemId of [27, 28]) {
    const res = await page.request.post(`/api/users/${student.user.id}/give-item`, { headers: admin.headers, data: { itemId } });
    expect(res.status()).toBe(400);
  }
  await loginAs(page, "ines.girard");
  const gift = page.getByRole("dialog", { name: "Nouvel item reçu !" });
  await expect(gift).toBeVisible();
  await expect(gift.getByRole("listitem")).toHaveCount(given);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS}/gift-many-1440.png` });
  await gift.getByRole("button", { name: "Merci !" }).click();
  await expect(gift).toBeHidden();
  await page.reload();
  await page.waitForTimeout(1500);
  await expect(gift).toBeHidden();

  await page.getByTestId("coin-balance").click();
  const shop = page.getByRole("dialog", { name: "Boutique" });
  for (const id of ids) await expect(shop.getByTestId(`collection-item-${id}`)).not.toContainText("Verrouillé");
  await expect(shop.getByTestId("collection-item-28")).toContainText("Verrouillé");
  await shop.getByTestId("collection-item-25").getByRole("button", { name: "Comment obtenir Galaxie ?" }).click();
  const info = page.getByRole("dialog", { name: "Comment obtenir cet item ?" });
  await expect(info).toContainText("roue de la fortune");
  await expect(info).toContainText("Créé par");
  await page.keyboard.press("Escape");
  await shop.getByTestId("collection-item-23").getByRole("button", { name: "Style" }).click();
  const style = page.getByRole("dialog", { name: "Style : Discord" });
  await expect(style.getByRole("button")).toHaveCount(4);
  await style.getByRole("button", { name: "Nitro" }).click();
  await expect(style.getByRole("button", { name: "Nitro" })).toHaveAttribute("aria-pressed", "true");
  await page.screenshot({ path: `${SHOTS}/style-picker-1440.png` });
  await page.keyboard.press("Escape");
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const [i, y] of [0, 700, 1400, 2100].entries()) {
    await shop.getByRole("tabpanel").evaluate((el, top) => el.closest("[role=dialog]")!.scrollTo(0, top), y);
    await page.screenshot({ path: `${SHOTS}/gallery-${i + 1}-1440.png` });
  }
});

test("admin wheel controls: forced losses light the shields and remove Perdu", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await prepareStudent(page.request, "claire.admin");
  await loginAs(page, "claire.admin");
  await page.waitForTimeout(1500);
  await closeGiftIfShown(page);
  await page.getByTestId("spin-timer").click();
  const wheel = page.getByRole("dialog", { name: "Roue de la Fortune" });
  const canvas = wheel.getByTestId("wheel-canvas");
  const shields = wheel.getByTestId("wheel-shields");
  await expect(canvas).toHaveAttribute("aria-label", /Perdu/);
  await wheel.getByRole("button", { name: "Forcer une perte" }).click();
  await expect(shields).toHaveAttribute("data-streak", "1");
  await wheel.getByRole("button", { name: "Forcer une perte" }).click();
  await expect(shields).toHaveAttribute("data-protection", "true");
  await expect(shields).toContainText("Protection prête !");
  await expect(canvas).not.toHaveAttribute("aria-label", /Perdu/);
  await wheel.getByRole("radio", { name: "Roue x2" }).click();
  await expect(canvas).toHaveAttribute("aria-label", /270/);
  await page.screenshot({ path: `${SHOTS}/wheel-admin-1440.png` });
  await wheel.getByRole("button", { name: "TOURNER LA ROUE" }).click();
  await expect(wheel.getByTestId("wheel-result")).toHaveText(/Félicitations/, { timeout: 15_000 });
  await expect(shields).toHaveAttribute("data-streak", "0");
  await expect(wheel.getByRole("button", { name: "Spin de test" })).toBeVisible();
});
