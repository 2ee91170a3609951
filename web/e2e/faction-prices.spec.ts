import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, dismissAnnouncements, loginAs, settleQuests } from "./support";

// Shop prices by faction: the admin sets Bagnat's multiplier, a Bagnat student's shop shows
// and charges the multiplied price. The faction admin also asks before distributing coins and
// says why a total does not drop when a member leaves.
test.use({ trace: "off" });

const SHOTS = "/tmp/shots-i23-factions";
const PASSWORD = "prix-faction-e2e-1";
const RUN = Date.now().toString(36);
const STARS = 10; // « Étoiles », 100 coins in the catalogue

async function adminHeaders(request: APIRequestContext) {
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  return { Authorization: `Bearer ${admin.token}`, "X-Requested-With": "XMLHttpRequest" };
}

/** A new BUT2 student in Bagnat with 1 000 coins, secret questions set and announcements read. */
async function bagnatStudent(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const username = `prix.bagnat.${RUN}`;
  const created = await request.post("/api/users/register", {
    headers,
    data: { username, password: PASSWORD, role: "eleve", year: "BUT2", groupe: "A", specialite: "devweb" },
  });
  expect(created.status(), await created.text()).toBe(201);
  await request.post("/api/users/secret-questions", {
    headers,
    data: { username, secretQuestions: [{ question: "Ville de naissance ?", answer: "Lyon" }] },
  });
  const id = ((await created.json()) as { user: { id: string } }).user.id;
  const login = await apiLogin(request, username, PASSWORD);
  // The purchase is checked to the coin: no quest may pay meanwhile (opening the shop is one).
  await settleQuests(request, login.token);
  expect((await request.post("/api/users-admin", { headers, data: { action: "update-coins", userId: id, coins: 1000 } })).ok()).toBe(true);
  await dismissAnnouncements(request, login.token);
  const joined = await request.post("/api/factions/join", {
    headers: { Authorization: `Bearer ${login.token}`, "X-Requested-With": "XMLHttpRequest" },
    data: { faction: "Bagnat" },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  return { id, username };
}

async function seriousViolations(page: Page, scope: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`));
}

async function shoot(page: Page, name: string, scope: string, show?: Locator) {
  const found: string[] = [];
  await atEveryThemeAndSize(page, async (w, theme) => {
    await show?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${w}-${theme}.png` });
    found.push(...(await seriousViolations(page, scope)).map((l) => `${name} ${w} ${theme}: ${l}`));
  });
  expect(found, found.join("\n")).toEqual([]);
}

test.describe.configure({ mode: "serial" });

test.afterAll(async ({ request }) => {
  // Other specs buy in the same shop: Bagnat pays the catalogue price again.
  const headers = await adminHeaders(request);
  await request.post("/api/factions/price-multiplier", { headers, data: { name: "Bagnat", priceMultiplier: 1 } });
  await request.post("/api/coins/weekly-items/test-remove", { headers, data: { legacyId: STARS } });
});

test("the admin sets Bagnat's prices to ×1,5; a Bagnat student's shop shows 150 for a 100-coin item and charges 150", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const student = await bagnatStudent(request);
  const headers = await adminHeaders(request);
  const added = await request.post("/api/coins/weekly-items/test-add", { headers, data: { legacyId: STARS } });
  expect(added.ok(), await added.text()).toBe(true);

  // The admin: the factions section, Bagnat's price form.
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, "admin", "/admin", ADMIN_PASSWORD);
  await page.getByRole("tab", { name: "Factions", exact: true }).click();
  const price = page.getByRole("form", { name: "Prix de Bagnat" });
  const field = price.getByLabel("Multiplicateur de prix en boutique");
  await field.fill("3.5");
  await price.getByRole("button", { name: "Enregistrer le prix" }).click();
  await expect(price.getByRole("alert")).toHaveText("Le multiplicateur de prix doit être compris entre 0,5 et 3.");
  await field.fill("1.5");
  await expect(price).toContainText("Un item à 100 coins coûte 150 coins aux membres");
  await price.getByRole("button", { name: "Enregistrer le prix" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Prix de Bagnat enregistrés (×1,5).");
  // Under each total, why it does not drop when a member leaves.
  await expect(page.getByRole("form", { name: "Total de Bagnat" })).toContainText(
    "Un membre qui quitte la faction n'en retire rien : ce qu'il a rapporté reste dans ce total.",
  );
  await shoot(page, "admin-factions", "main", price);

  // Distributing asks first, naming the faction, the members and the sum; « Annuler » sends nothing.
  let distributed = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/factions/distribute")) distributed++;
  });
  const form = page.getByRole("form", { name: "Distribuer des coins" });
  await form.getByLabel("Coins par membre").fill("5");
  await form.getByRole("button", { name: "Distribuer" }).click();
  const confirm = page
    .getByRole("alertdialog")
    .or(page.getByRole("dialog"))
    .filter({ hasText: "Distribuer 5 coins à chaque membre de Bagnat ?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(/\d+ membres? de Bagnat recevr/);
  await shoot(page, "admin-distribute-confirm", '[role="dialog"], [role="alertdialog"]');
  await confirm.getByRole("button", { name: "Annuler" }).click();
  await expect(confirm).toBeHidden();
  expect(distributed).toBe(0);

  // The student, in another browser: the shop shows 150 (100 struck through), buying costs 150.
  const context = await browser.newContext({ locale: "fr-FR", timezoneId: "Europe/Paris", serviceWorkers: "block" });
  const shopper = await context.newPage();
  await shopper.setViewportSize({ width: 1440, height: 900 });
  await loginAs(shopper, student.username, "/", PASSWORD);
  await shopper.getByTestId("coin-balance").click();
  const shop = shopper.getByRole("dialog", { name: "Boutique" });
  await shop.getByRole("tab", { name: /Boutique quotidienne/ }).click();
  const card = shop.getByTestId(`shop-item-${STARS}`);
  await expect(card.getByTestId("paid-price")).toHaveText("150");
  await expect(card.getByTestId("base-price")).toHaveText("100");
  await shoot(shopper, "shop-faction-price", '[role="dialog"]', card);
  await shopper.setViewportSize({ width: 1440, height: 900 });
  const bought = shopper.waitForResponse((r) => r.url().endsWith("/api/coins/purchase"));
  await card.getByRole("button", { name: "Acheter" }).click();
  expect((await (await bought).json()).newCoins).toBe(850);
  await expect(card).toContainText("Possédé");
  await expect.poll(async () => (await shopper.getByTestId("coin-balance").getAttribute("aria-label"))?.replace(/\D/g, "")).toBe("850");
  await context.close();
});
