import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { SETUP_SECRET_QUESTIONS } from "@planify/common/constants/secret-questions";
import { ADMIN_PASSWORD, DEMO_PASSWORD, apiLogin, loginAs } from "./support";

const SHOTS = fileURLToPath(new URL("../../.screenshots/auth/", import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const USER_KEY = "planify.user";

/** Saves the page at desktop and phone sizes (and in dark theme when asked). */
async function shoot(page: Page, name: string, dark = false) {
  if (dark) await page.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}${name}${dark ? "-dark" : ""}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  if (dark) await page.evaluate(() => document.documentElement.removeAttribute("data-theme"));
}

const storedSession = (page: Page) =>
  page.evaluate((key) => ({ local: localStorage.getItem(key), session: sessionStorage.getItem(key) }), USER_KEY);

const headerLogin = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Se connecter" });

async function openLogin(page: Page): Promise<Locator> {
  await headerLogin(page).click();
  const dialog = page.getByRole("dialog", { name: "Connexion" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillLogin(dialog: Locator, username: string, password: string) {
  await dialog.getByLabel("Nom d'utilisateur").fill(username);
  await dialog.getByLabel("Mot de passe", { exact: true }).fill(password);
}

/**
 * Acknowledges the announcements waiting for a demo account (the demo school greets everyone
 * with one) so that they do not cover the popups under test.
 */
async function clearAnnouncements(request: APIRequestContext, username: string) {
  const { token } = await apiLogin(request, username);
  const headers = { Authorization: `Bearer ${token}` };
  for (let i = 0; i < 20; i++) {
    const res = await request.get("/api/popups/for-me", { headers });
    if (res.status() === 204) return;
    const { id } = (await res.json()) as { id: string };
    await request.post(`/api/popups/ack/${id}`, { headers });
  }
}

test.beforeAll(async ({ request }) => {
  for (const username of ["emma.petit", "lucas.moreau", "chloe.roux", "tom.lefebvre"]) await clearAnnouncements(request, username);
});

test.beforeEach(async ({ page }) => {
  // Counts the tones played, to check the error sound of a failed login.
  await page.addInitScript(() => {
    const w = window as unknown as { __tones: number; AudioContext: typeof AudioContext };
    w.__tones = 0;
    const Original = w.AudioContext;
    if (!Original) return;
    w.AudioContext = class extends Original {
      override createOscillator() {
        w.__tones++;
        return super.createOscillator();
      }
    };
  });
});

test("a guest logs in with « Rester connecté »: the session is in local storage and survives a reload", async ({ page }) => {
  await page.goto("/");
  const dialog = await openLogin(page);
  await expect(dialog.getByLabel("Rester connecté")).toBeChecked();
  await expect(dialog.getByRole("button", { name: "Mot de passe oublié ?" })).toBeVisible();
  await shoot(page, "login");
  await shoot(page, "login", true);
  // Whitespace typed around the credentials is stripped.
  await fillLogin(dialog, "  emma.petit ", ` ${DEMO_PASSWORD} `);
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  await expect(dialog).toBeHidden();
  await expect(headerLogin(page)).toHaveCount(0);
  const stored = await storedSession(page);
  expect(JSON.parse(stored.local!)).toMatchObject({ user: { username: "emma.petit" }, rememberMe: true });
  expect(stored.session).toBeNull();
  await page.reload();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(headerLogin(page)).toHaveCount(0);
});

test("without « Rester connecté » the session stays in this tab's session storage only", async ({ page, context }) => {
  await page.goto("/");
  const dialog = await openLogin(page);
  await fillLogin(dialog, "lucas.moreau", DEMO_PASSWORD);
  await dialog.getByLabel("Rester connecté").uncheck();
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  await expect(dialog).toBeHidden();
  await expect(headerLogin(page)).toHaveCount(0);
  const stored = await storedSession(page);
  expect(stored.local).toBeNull();
  expect(JSON.parse(stored.session!)).toMatchObject({ user: { username: "lucas.moreau" }, rememberMe: false });
  // A new tab does not share session storage: it starts as a guest.
  const other = await context.newPage();
  await other.goto("/");
  await expect(headerLogin(other)).toBeVisible();
});

test("a wrong password shows the French error and plays the error sound", async ({ page }) => {
  await page.goto("/");
  const dialog = await openLogin(page);
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Veuillez saisir votre nom d'utilisateur et votre mot de passe.");
  await fillLogin(dialog, "emma.petit", "pas-le-bon-mot-de-passe");
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Nom d'utilisateur ou mot de passe incorrect");
  await shoot(page, "login-error");
  expect(await page.evaluate(() => (window as unknown as { __tones: number }).__tones)).toBeGreaterThan(0);
  expect(await storedSession(page)).toEqual({ local: null, session: null });
});

test("a first login without secret questions forces their setup before the session starts", async ({ page, request }) => {
  const [q1, q2] = SETUP_SECRET_QUESTIONS;
  await page.goto("/");
  let dialog = await openLogin(page);
  await fillLogin(dialog, "tom.lefebvre", DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  let setup = page.getByRole("dialog", { name: "Sécurisez votre compte" });
  await expect(setup).toBeVisible();
  expect(await storedSession(page)).toEqual({ local: null, session: null });
  // It cannot be skipped: closing it cancels the login.
  await setup.getByRole("button", { name: "Fermer" }).click();
  await expect(setup).toBeHidden();
  await expect(headerLogin(page)).toBeVisible();
  expect(await storedSession(page)).toEqual({ local: null, session: null });

  dialog = await openLogin(page);
  await fillLogin(dialog, "tom.lefebvre", DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  setup = page.getByRole("dialog", { name: "Sécurisez votre compte" });
  await expect(setup.getByRole("combobox")).toHaveCount(3);
  await shoot(page, "secret-questions");
  const save = setup.getByRole("button", { name: "Enregistrer et continuer" });
  await save.click();
  await expect(setup.getByRole("alert")).toHaveText("Veuillez remplir au moins une question et sa réponse.");
  await setup.getByLabel("Question secrète 1").selectOption(q1!);
  // A question chosen in one row is hidden from the others.
  await expect(setup.getByLabel("Question secrète 2").locator("option", { hasText: q1! })).toHaveCount(0);
  await expect(setup.getByLabel("Question secrète 2").locator("option")).toHaveCount(5);
  await save.click();
  await expect(setup.getByRole("alert")).toHaveText("Veuillez répondre à chaque question choisie.");
  await setup.getByLabel("Réponse 1").fill("Caramel");
  await setup.getByLabel("Question secrète 2").selectOption(q2!);
  await setup.getByLabel("Réponse 2").fill("Sophie");
  await expect(setup.getByLabel("Question secrète 3").locator("option")).toHaveCount(4);
  await shoot(page, "secret-questions-filled");
  await shoot(page, "secret-questions-filled", true);
  await save.click();
  const success = page.getByRole("dialog", { name: "Questions secrètes enregistrées" });
  await expect(success).toBeVisible();
  await shoot(page, "secret-questions-success");
  await success.getByRole("button", { name: "OK" }).click();
  await expect(success).toBeHidden();
  await expect(headerLogin(page)).toHaveCount(0);
  expect(JSON.parse((await storedSession(page)).local!)).toMatchObject({ user: { username: "tom.lefebvre" }, hasSecretQuestions: true });
  expect((await apiLogin(request, "tom.lefebvre")).hasSecretQuestions).toBe(true);
});

test("logging out in one tab logs out the other tab", async ({ page, context }) => {
  await page.goto("/");
  const dialog = await openLogin(page);
  await fillLogin(dialog, "chloe.roux", DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  await expect(headerLogin(page)).toHaveCount(0);
  const other = await context.newPage();
  await other.goto("/");
  await expect(other.getByRole("banner")).toBeVisible();
  await expect(headerLogin(other)).toHaveCount(0);

  await logout(page);
  await expect(headerLogin(page)).toBeVisible();
  await expect(headerLogin(other)).toBeVisible();
  expect(await storedSession(other)).toEqual({ local: null, session: null });
});

test("full password recovery, then a login with the new password", async ({ page, request }) => {
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const username = `oubli.${Date.now().toString(36)}`;
  const created = await request.post("/api/users/register", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { username, password: "ancien-mot-de-passe", role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" },
  });
  expect(created.status()).toBe(201);
  const [q1, , q3] = SETUP_SECRET_QUESTIONS;
  const saved = await request.post("/api/users/secret-questions", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: {
      username,
      secretQuestions: [
        { question: q1, answer: "Crème Brûlée" },
        { question: q3, answer: "Saint-Étienne" },
      ],
    },
  });
  expect(saved.ok()).toBe(true);

  await page.goto("/");
  await page.evaluate(() => {
    window.addEventListener("password-reset-success", (e) => {
      (window as unknown as { __reset: unknown }).__reset = (e as CustomEvent).detail;
    });
  });
  let dialog = await openLogin(page);
  await dialog.getByRole("button", { name: "Mot de passe oublié ?" }).click();
  const forgot = page.getByRole("dialog", { name: "Mot de passe oublié" });
  await expect(forgot).toBeVisible();
  await forgot.getByLabel("Nom d'utilisateur").fill("personne.inconnue");
  await forgot.getByRole("button", { name: "Continuer" }).click();
  await expect(forgot.getByRole("alert")).toHaveText("Identifiant inconnu");

  await forgot.getByLabel("Nom d'utilisateur").fill(username);
  await forgot.getByRole("button", { name: "Continuer" }).click();
  await expect(forgot.getByLabel(q1!)).toBeVisible();
  await forgot.getByLabel(q1!).fill("creme brulee");
  await forgot.getByLabel(q3!).fill("Lyon");
  await forgot.getByRole("button", { name: "Vérifier mes réponses" }).click();
  await expect(forgot.getByRole("alert")).toHaveText("Réponses incorrectes");
  // Case and accents do not count.
  await forgot.getByLabel(q3!).fill("  SAINT-ETIENNE ");
  await shoot(page, "forgot-step1");
  await shoot(page, "forgot-step1", true);
  await forgot.getByRole("button", { name: "Vérifier mes réponses" }).click();

  await expect(forgot.getByText("Étape 2 sur 2")).toBeVisible();
  await forgot.getByLabel("Nouveau mot de passe").fill("court");
  await forgot.getByLabel("Confirmer le mot de passe").fill("court");
  await forgot.getByRole("button", { name: "Réinitialiser le mot de passe" }).click();
  await expect(forgot.getByRole("alert")).toHaveText("Le mot de passe doit contenir au moins 8 caractères.");
  await forgot.getByLabel("Nouveau mot de passe").fill("nouveau-mot-de-passe");
  await forgot.getByLabel("Confirmer le mot de passe").fill("nouveau-mot-de-passe");
  await shoot(page, "forgot-step2");
  await forgot.getByRole("button", { name: "Réinitialiser le mot de passe" }).click();

  const success = page.getByRole("dialog", { name: "Mot de passe réinitialisé" });
  await expect(success).toBeVisible();
  await shoot(page, "forgot-success");
  expect(await page.evaluate(() => (window as unknown as { __reset: unknown }).__reset)).toEqual({
    username,
    newPassword: "nouveau-mot-de-passe",
  });
  await success.getByRole("button", { name: "OK" }).click();

  dialog = page.getByRole("dialog", { name: "Connexion" });
  await expect(dialog.getByLabel("Nom d'utilisateur")).toHaveValue(username);
  await dialog.getByLabel("Mot de passe", { exact: true }).fill("nouveau-mot-de-passe");
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  await expect(dialog).toBeHidden();
  expect(JSON.parse((await storedSession(page)).local!)).toMatchObject({ user: { username } });
});

/** Logs out through the account menu of the top bar. */
async function logout(page: Page) {
  await page
    .getByRole("banner")
    .getByRole("button", { name: /compte/i })
    .click();
  await page.getByRole("menuitem", { name: "Déconnexion" }).click();
}

test("the homework login prompt opens the login popup and reloads the page once logged in", async ({ page }) => {
  await page.goto("/devoirs");
  const prompt = page.getByRole("dialog", { name: "Connectez-vous pour voir vos devoirs" });
  await expect(prompt).toBeVisible();
  await shoot(page, "login-prompt");
  await prompt.getByRole("button", { name: "Fermer" }).click();
  await expect(prompt).toBeHidden();
  await page.reload();
  await prompt.getByRole("button", { name: "Se connecter" }).click();
  const dialog = page.getByRole("dialog", { name: "Connexion" });
  await fillLogin(dialog, "emma.petit", DEMO_PASSWORD);
  const reloaded = page.waitForEvent("load");
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/devoirs$/);
  await expect(prompt).toHaveCount(0);
  await expect(headerLogin(page)).toHaveCount(0);
});

test("/admin sends guests and students back to the home page, and lets the admin in", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await loginAs(page, "emma.petit", "/admin");
  await expect(page).toHaveURL(/\/$/);
  await loginAs(page, "admin", "/admin", ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
});
