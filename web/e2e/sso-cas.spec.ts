import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { SSO_FAILURES } from "@planify/common/constants/sso";
import { deWord } from "@planify/common/format/french";
import { seriousViolations } from "./a11y-support";
import { CAS_LABEL, CAS_PASSWORD, casProcess, type SsoSite, startSsoSite } from "./sso-support";
import { apiLogin, atEveryThemeAndSize, dismissAnnouncements } from "./support";
import { openList } from "./tasks-support";

// « Se connecter avec l'ENT » through CAS 3.0 in Chromium: the compiled server of its own and the
// test CAS server as a process (its login form, its /logout), policy « existing ».
const PORT = Number(process.env.E2E_PORT ?? 3100) + 64;
const SHOTS = "/tmp/shots-i25-e2e";
// Logins typed on the CAS page → the attributes it releases (cas:user is the login itself).
const ACCOUNTS = {
  // A demo student without secret questions.
  "tom.lefebvre": { mail: "tom.lefebvre@univ-test.fr", eduPersonAffiliation: ["member", "student"] },
  "personne.inconnue": { eduPersonAffiliation: "student" },
};
// Under « provision »: a student the school does not know yet, created at first sign-in.
const NEWCOMER = { "nina.nouvelle": { eduPersonAffiliation: ["member", "student"] } };
const STUDENT_ROLES = { claim: "eduPersonAffiliation", values: { student: "eleve", faculty: "prof" } } as const;
let site: SsoSite;

test.describe.configure({ mode: "serial" });

const account = (page: Page) => page.getByRole("button", { name: `Compte ${deWord("tom.lefebvre")}` });
const headerLogin = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Se connecter" });

async function entButton(page: Page): Promise<Locator> {
  await headerLogin(page).click();
  const dialog = page.getByRole("dialog", { name: "Connexion" });
  await expect(dialog).toBeVisible();
  return dialog.getByRole("link", { name: CAS_LABEL });
}

/** At the CAS: its login form, filled and sent. */
async function signInAtCas(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${site.provider}/login\\?service=`));
  await expect(page.getByRole("heading", { name: "Service central d'authentification" })).toBeVisible();
  await page.getByLabel("Identifiant").fill(login);
  await page.getByLabel("Mot de passe").fill(CAS_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

test.describe("policy « existing »", () => {
  test.use({ baseURL: `http://127.0.0.1:${PORT}` });
  test.beforeAll(async ({ playwright }) => {
    site = await startSsoSite(PORT, casProcess(ACCOUNTS));
    mkdirSync(SHOTS, { recursive: true });
    // The demo school greets everyone with an announcement: acknowledged, it does not cover the pages under test.
    const request = await playwright.request.newContext({ baseURL: site.base });
    await dismissAnnouncements(request, (await apiLogin(request, "tom.lefebvre")).token);
    await request.dispose();
  });
  test.afterAll(() => site?.stop());

  test("the login popup offers the CAS by its label, and looks right", async ({ page }) => {
    await page.goto("/");
    const ent = await entButton(page);
    await expect(ent).toBeVisible();
    await expect(ent).toHaveAttribute("href", "/api/auth/sso/ent/start?next=%2F");
    expect(await seriousViolations(page, ['[role="dialog"]'])).toEqual([]);
    await atEveryThemeAndSize(page, async (width, theme) => {
      await expect(ent).toBeInViewport();
      await page.screenshot({ path: `${SHOTS}/cas-popup-${width}-${theme}.png` });
    });
  });

  test("a student signs in at the CAS, lands on /devoirs signed in, and logs out through the CAS's /logout", async ({ page }) => {
    await page.goto("/devoirs");
    await (await entButton(page)).click();
    await signInAtCas(page, "tom.lefebvre");

    // Back on the page it left (the ticket and the one-time code already gone from the address).
    await expect(account(page)).toBeVisible();
    expect(page.url()).toBe(`${site.base}/devoirs`);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("planify.user") ?? "null"));
    expect(stored).toMatchObject({ user: { username: "tom.lefebvre" }, ssoProvider: "ent" });
    await expect(page.getByRole("dialog")).toHaveCount(0);

    const visited: string[] = [];
    page.on("request", (r) => {
      if (r.isNavigationRequest()) visited.push(r.url());
    });
    await account(page).click();
    await page.getByRole("menuitem", { name: "Déconnexion" }).click();
    // The menu shows the guest at once, then the browser goes through the CAS's logout.
    await expect(page).toHaveURL(`${site.base}/`);
    await expect(headerLogin(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("planify.user"))).toBeNull();
    // The browser went through the CAS's logout, which sent it back to the site.
    expect(visited).toContain(`${site.provider}/logout?service=${encodeURIComponent(`${site.base}/`)}`);
  });

  test("an account the CAS knows but Planify does not: the French page, the visitor a guest", async ({ page }) => {
    await page.goto("/devoirs");
    await (await entButton(page)).click();
    await signInAtCas(page, "personne.inconnue");

    await expect(page).toHaveURL(`${site.base}/connexion-ent?erreur=COMPTE_INTROUVABLE`);
    await expect(page.getByRole("heading", { level: 1, name: "Connexion ENT impossible" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(SSO_FAILURES.COMPTE_INTROUVABLE);
    await expect(headerLogin(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("planify.user"))).toBeNull();
  });
});

test.describe("policy « provision »", () => {
  test.use({ baseURL: `http://127.0.0.1:${PORT + 2}` });
  test.beforeAll(async () => {
    site = await startSsoSite(PORT + 2, casProcess(NEWCOMER), { policy: "provision", roles: STUDENT_ROLES });
  });
  test.afterAll(() => site?.stop());

  test("a student unknown to Planify signs in at the CAS: the account is created, « Bienvenue sur Planify » asks year, group and track, then the list", async ({
    page,
  }) => {
    await page.goto("/devoirs");
    await (await entButton(page)).click();
    await signInAtCas(page, "nina.nouvelle");

    // The new account has no class yet: the blocking first-sign-in dialog asks for it (a modal:
    // while it is open the rest of the page, the account button included, is inert).
    const welcome = page.getByRole("dialog", { name: "Bienvenue sur Planify" });
    await expect(welcome).toBeVisible();
    expect(page.url()).toBe(`${site.base}/devoirs`);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("planify.user") ?? "null"));
    expect(stored).toMatchObject({ user: { username: "nina.nouvelle", role: "eleve" }, ssoProvider: "ent" });

    await welcome.getByLabel("Année").selectOption("BUT1");
    await welcome.getByLabel("Groupe").selectOption("A");
    await welcome.getByLabel("Parcours").selectOption({ label: "Développement web" });
    await welcome.getByRole("button", { name: "Enregistrer et voir mes devoirs" }).click();
    await expect(welcome).toBeHidden();
    await expect(page.getByRole("button", { name: `Compte ${deWord("nina.nouvelle")}` })).toBeVisible();
    await openList(page);
    // Saved: a reload does not ask again, and the session knows the class.
    await page.reload();
    await openList(page);
    await expect(welcome).toHaveCount(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("planify.user") ?? "null"))).toMatchObject({
      user: { year: "BUT1", groupe: "A" },
    });
  });
});
