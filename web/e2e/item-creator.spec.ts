import { mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, dismissAnnouncements, loginAs } from "./support";

// Other suites share the artifacts folder: keep this one free of traces.
test.use({ trace: "off" });

const SHOTS = fileURLToPath(new URL("../../.screenshots/item-creator/", import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const STAMP = Date.now().toString(36);
/** A 32×32 gold crown with a red gem on a transparent background. */
const CROWN_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAY0lEQVR42mNgGAWjAAf4dUTk/0CoG3UAXDEM01PdqAMwFOPTRG11ow7AqRibJmqrG3UAQcXImqitbvA4gFhN1MBk5QJs+I6cDRzT3QHIlpPqiFEHDI80MChywfBzwCgYBQMBAMtytCEFq19vAAAAAElFTkSuQmCC",
  "base64",
);

/** Saves the screen at desktop and phone sizes, light and dark; on the phone nothing may overflow sideways. */
async function shoot(page: Page, name: string) {
  await atEveryThemeAndSize(page, async (width, theme, height) => {
    if (width === 390) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} overflows at 390 px (${theme})`).toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: `${SHOTS}${name}-${theme}-${width}.png`, fullPage: true });
    if (width === 390) {
      // The long phone page in screen-sized slices, to be looked at one by one.
      const total = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, n = 1; y < total; y += height, n++) {
        await page.screenshot({
          path: `${SHOTS}${name}-${theme}-390-part${n}.png`,
          fullPage: true,
          clip: { x: 0, y, width, height: Math.min(height, total - y) },
        });
      }
    }
  });
}

async function newStudent(request: APIRequestContext, token: string, username: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const res = await request.post("/api/users/register", {
    headers,
    data: { username, password: "motdepasse-e2e", role: "eleve", year: "BUT1", groupe: "A" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const login = await apiLogin(request, username, "motdepasse-e2e");
  await dismissAnnouncements(request, login.token);
  const coins = await request.post("/api/users-admin", { headers, data: { action: "update-coins", userId: login.user.id, coins: 2000 } });
  expect(coins.ok(), await coins.text()).toBe(true);
  // First of the board, so that the leaderboard row is there to look at.
  const board = await request.post("/api/users-admin", {
    headers,
    data: { action: "update-leaderboard-coins", userId: login.user.id, leaderboardCoins: 9_999_999 },
  });
  expect(board.ok(), await board.text()).toBe(true);
  return login;
}

test("an admin draws an item, puts it in today's shop, and a student buys and wears it", async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const studentName = `e2e.items.${STAMP}`;
  const studentLogin = await newStudent(request, admin.token, studentName);
  const legacyId = String(700_000 + Math.floor(Math.random() * 99_999));
  const name = `Couronne ${STAMP}`;

  await loginAs(page, "admin", "/admin?section=items", ADMIN_PASSWORD);
  const creator = page.getByRole("region", { name: "Créateur d'items" });
  await expect(creator.getByRole("radio", { name: "Items dynamiques" })).toBeChecked();
  await expect(creator.getByRole("tab", { name: "Collection" })).toHaveAttribute("aria-selected", "true");

  // Replacing an image needs a selected layer.
  await creator.getByRole("button", { name: "Remplacer l'image" }).click();
  await expect(creator.getByRole("alert")).toHaveText("Sélectionnez d'abord un asset.");

  // Two layers from uploads; the second is moved with the keyboard and made smaller.
  await creator.getByTestId("layer-upload").setInputFiles({ name: "couronne.png", mimeType: "image/png", buffer: CROWN_PNG });
  await expect(creator.getByRole("button", { name: "Calque 1", exact: true })).toBeVisible();
  await creator.getByTestId("layer-upload").setInputFiles({ name: "gemme.png", mimeType: "image/png", buffer: CROWN_PNG });
  const second = creator.getByRole("button", { name: "Déplacer le calque 2" });
  await expect(second).toHaveAttribute("aria-pressed", "true");
  await expect(creator.getByRole("button", { name: "Calque 2", exact: true })).toHaveAttribute("aria-pressed", "true");
  await creator.getByLabel("Largeur (%)").fill("60");
  await second.focus();
  await page.keyboard.press("Shift+ArrowUp");
  await page.keyboard.press("Shift+ArrowUp");
  await page.keyboard.press("Shift+ArrowUp");
  await page.keyboard.press("Shift+ArrowUp");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Shift+ArrowRight");
  await expect(creator.getByLabel("Haut (%)")).toHaveValue("-40");
  await expect(creator.getByLabel("Gauche (%)")).toHaveValue("20");

  // A gradient background on the collection, and a second style.
  await creator.getByRole("radio", { name: "Dégradé" }).check();
  await creator.getByRole("button", { name: "Ajouter une variante" }).click();
  await expect(creator.getByRole("radio", { name: "Variante 2" })).toBeChecked();
  await creator.getByTestId("layer-upload").setInputFiles({ name: "v2.png", mimeType: "image/png", buffer: CROWN_PNG });
  await creator.getByRole("radio", { name: "Style", exact: true }).check();

  // The leaderboard canvas: the layer goes above the avatar.
  await creator.getByRole("tab", { name: "Leaderboard" }).click();
  await creator.getByRole("button", { name: "Calque 1", exact: true }).click();
  await creator.getByLabel("Placement", { exact: true }).selectOption("above");

  // Without a legacy id, the item is not sent.
  await creator.getByLabel("Nom", { exact: true }).fill(name);
  await creator.getByLabel("Prix (coins)").fill("150");
  await creator.getByRole("button", { name: "Enregistrer l'item" }).click();
  await expect(creator.getByRole("alert")).toHaveText("Définis un ID (legacy) numérique.");
  await creator.getByLabel("ID (legacy)").fill(legacyId);
  await creator.getByLabel("Crédits (créateurs)").fill("admin et personne.inconnue");
  await creator.getByRole("button", { name: "Enregistrer l'item" }).click();
  await expect(creator.getByRole("status")).toContainText("Item créé.");
  await expect(creator.getByRole("button", { name: "Mettre à jour" })).toBeVisible();

  const saved = creator.getByTestId(`saved-item-${legacyId}`);
  await expect(saved).toContainText(name);
  await expect(saved).toContainText("2 styles");
  // Each surface's canvas, to set beside what the student sees.
  for (const [tab, id] of [
    ["Leaderboard", "leaderboard"],
    ["Navbar", "navbar"],
    ["Popup Style", "popupStyle"],
    ["Profil Pop-up", "profilePopup"],
    ["Collection", "collection"],
  ] as const) {
    await creator.getByRole("tab", { name: tab, exact: true }).click();
    const canvas = creator.getByTestId(`canvas-${id}`);
    await expect(canvas.locator('img[src^="/api/items/assets/"]')).toHaveCount(2);
    await creator
      .locator("figure")
      .first()
      .screenshot({ path: `${SHOTS}canvas-${id}.png` });
  }
  // Axe at both sizes in both themes, the theme switched the way the app does it.
  const found: string[] = [];
  await atEveryThemeAndSize(page, async (width, theme) => {
    const a11y = await new AxeBuilder({ page }).include("main").analyze();
    found.push(
      ...a11y.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${theme} ${width} ${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    );
  });
  expect(found).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, "creator");

  // The test button puts it in today's shop.
  // Its answer shows where the eye is (a toast in the viewport), not at the editor a screen above the list.
  await saved.getByRole("button", { name: `Tester en boutique : ${name}` }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Ajouté à la boutique du jour." })).toBeInViewport();

  // A border colour with a gradient, made in the colour mode.
  const colorId = `recif-${STAMP}`;
  const colorName = `Récif ${STAMP}`;
  await creator.getByRole("radio", { name: "Couleurs de bordure" }).check();
  await creator.getByRole("button", { name: "Créer la couleur" }).click();
  await expect(creator.getByRole("alert")).toHaveText(
    "L'identifiant de couleur est requis : lettres minuscules, chiffres et tirets (40 au plus).",
  );
  await creator.getByLabel("Identifiant").fill(colorId);
  await creator.getByLabel("Nom", { exact: true }).fill(colorName);
  await creator.getByLabel("Prix (coins)").fill("120");
  await creator.getByRole("checkbox", { name: "Dégradé" }).check();
  await creator.getByRole("button", { name: "Créer la couleur" }).click();
  await expect(creator.getByRole("status")).toContainText("Couleur créée.");
  await expect(creator.getByRole("list", { name: "Couleurs créées" })).toContainText(colorName);
  await expect(creator.getByRole("button", { name: "Mettre à jour la couleur" })).toBeVisible();
  await shoot(page, "colors");

  // A student finds the item in today's shop, buys it and wears it.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "fr-FR", timezoneId: "Europe/Paris" });
  const student = await context.newPage();
  await loginAs(student, studentName, "/", "motdepasse-e2e");
  await student.getByTestId("coin-balance").click();
  const shop = student.getByRole("dialog", { name: "Boutique" });
  await shop.getByRole("tab", { name: /Boutique quotidienne/ }).click();
  const card = shop.locator('[data-testid^="shop-item-"]').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.locator(`img[src^="/api/items/assets/"]`).first()).toBeVisible();
  await student.screenshot({ path: `${SHOTS}student-shop-1440.png` });
  await card.getByRole("button", { name: "Acheter" }).click();
  await expect(student.getByText(`Bravo ! Tu as acheté ${name} !`)).toBeVisible();
  await shop.getByRole("tab", { name: "Collection" }).click();
  const owned = shop.getByTestId(`collection-item-${legacyId}`);
  await owned.getByRole("button", { name: "Équiper" }).click();
  await expect(owned.getByRole("button", { name: /Retirer|Déséquiper/ })).toBeVisible();
  await student.screenshot({ path: `${SHOTS}student-collection-1440.png` });
  await owned
    .locator("[data-item-id]")
    .first()
    .screenshot({ path: `${SHOTS}surface-collection.png` });
  // The created colour is in the gradient picker, locked until bought.
  await shop.getByTestId("collection-item-0").getByRole("button", { name: "Dégradés" }).click();
  const gradients = student.getByRole("dialog", { name: "Dégradés de bordure" });
  await expect(gradients.getByTestId(`color-${colorId}`)).toBeDisabled();
  await expect(gradients.getByTestId(`color-${colorId}`)).toHaveAccessibleName(`${colorName} (verrouillée)`);
  await student.keyboard.press("Escape");
  await expect(gradients).toBeHidden();
  await student.keyboard.press("Escape");
  await expect(shop).toBeHidden();
  const topBar = student.locator(`header [data-item-id="${legacyId}"]`).first();
  await expect(topBar).toBeVisible();
  await expect(topBar.locator('img[src^="/api/items/assets/"]')).toHaveCount(2);
  await topBar.screenshot({ path: `${SHOTS}surface-navbar.png` });

  // The leaderboard row and the profile popup in the base style, as the creator drew it.
  const leaderboardRow = async () => {
    await student.getByTestId("coin-balance").click();
    await shop.getByRole("tab", { name: "Leaderboard" }).click();
    return shop.getByTestId(`rank-row-${studentLogin.user.id}`).first();
  };
  const profile = student.getByRole("dialog", { name: "Profil" });
  const closeProfileAndShop = async () => {
    await student.keyboard.press("Escape");
    await expect(profile).toBeHidden();
    await student.keyboard.press("Escape");
    await expect(shop).toBeHidden();
  };
  let row = await leaderboardRow();
  await expect(row.locator(`[data-item-id="${legacyId}"] img[src^="/api/items/assets/"]`)).toHaveCount(2);
  await row.locator(`[data-item-id="${legacyId}"]`).screenshot({ path: `${SHOTS}surface-leaderboard.png` });
  await row.getByRole("button").first().click();
  await expect(profile.locator(`[data-item-id="${legacyId}"] img[src^="/api/items/assets/"]`)).toHaveCount(2);
  await profile.locator(`[data-item-id="${legacyId}"]`).screenshot({ path: `${SHOTS}surface-profile-popup.png` });
  await closeProfileAndShop();

  // The second style: one layer instead of two, everywhere the avatar shows.
  await student.getByTestId("coin-balance").click();
  await shop.getByRole("tab", { name: "Collection" }).click();
  await owned.getByRole("button", { name: "Style", exact: true }).click();
  const styles = student.getByRole("dialog", { name: `Style : ${name}` });
  await styles.getByRole("button", { name: "Variante 2" }).click();
  await expect(styles.getByRole("button", { name: "Variante 2" })).toHaveAttribute("aria-pressed", "true");
  await student.keyboard.press("Escape");
  await expect(styles).toBeHidden();
  await student.keyboard.press("Escape");
  await expect(shop).toBeHidden();
  await expect(topBar.locator('img[src^="/api/items/assets/"]')).toHaveCount(1);

  // The leaderboard row and the profile popup follow the chosen style too.
  row = await leaderboardRow();
  await expect(row.locator(`[data-item-id="${legacyId}"] img[src^="/api/items/assets/"]`)).toHaveCount(1);
  await row.locator(`[data-item-id="${legacyId}"]`).screenshot({ path: `${SHOTS}surface-leaderboard-variante-2.png` });
  await row.getByRole("button").first().click();
  await expect(profile.locator(`[data-item-id="${legacyId}"] img[src^="/api/items/assets/"]`)).toHaveCount(1);
  await profile.locator(`[data-item-id="${legacyId}"]`).screenshot({ path: `${SHOTS}surface-profile-popup-variante-2.png` });
  await closeProfileAndShop();

  // One sheet to look at: each creator canvas beside the surface the student sees (enlarged), same style.
  const pairs = [
    ["collection", "collection"],
    ["navbar", "navbar"],
    ["leaderboard", "leaderboard"],
    ["profilePopup", "profile-popup"],
  ] as const;
  const dataUrl = (file: string) => `data:image/png;base64,${readFileSync(`${SHOTS}${file}`).toString("base64")}`;
  await student.setContent(
    `<body style="font:14px sans-serif;margin:16px">${pairs
      .map(
        ([canvas, surface]) =>
          `<section style="display:flex;gap:24px;align-items:center;margin-bottom:16px"><b style="width:120px">${surface}</b><img src="${dataUrl(`canvas-${canvas}.png`)}" style="height:220px"><img src="${dataUrl(`surface-${surface}.png`)}" style="height:160px;image-rendering:pixelated"></section>`,
      )
      .join("")}</body>`,
  );
  await student.screenshot({ path: `${SHOTS}canvas-beside-surface.png`, fullPage: true });
  await context.close();
});
