import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { SSO_FAILURES } from "@planify/common/constants/sso";
import { DEFAULT_ERROR_MESSAGES } from "@planify/common/errors";
import { deWord } from "@planify/common/format/french";
import { seriousViolations } from "./a11y-support";
import { accountsNamed, addProviderAsAdmin, oidcProcess, type SsoSite, startSsoSite } from "./sso-support";
import { apiLogin, atEveryThemeAndSize, dismissAnnouncements } from "./support";
import { openList } from "./tasks-support";

// « Se connecter avec l'ENT » in Chromium: the compiled server of its own (sso-support.ts)
// and a real OpenID provider process (oidc-provider, its development login and consent pages):
// first from the file under « existing », then added by the admin in « Connexion ENT » under
// « provision » (a new student's first sign-in, « Bienvenue sur Planify », a second sign-in).
const PORT = Number(process.env.E2E_PORT ?? 3100) + 60;
const SHOTS = "/tmp/shots-i25-web";
const WALK_SHOTS = "/tmp/shots-i25-walks";
const LABEL = "Connexion ENT Université de Test";
// Logins typed on the provider's page → what it vouches for (the username claim).
const ACCOUNTS = {
  // A demo student without secret questions: a password login would ask for them first.
  "tom-ent": { preferred_username: "tom.lefebvre" },
  "inconnu-ent": { preferred_username: "personne.inconnue" },
};
// Under « provision »: a student Planify does not know yet, and a staff member (no role mapped).
const NEWCOMERS = {
  "nina-ent": {
    preferred_username: "nina.nouvelle",
    given_name: "Nina",
    family_name: "Nouvelle",
    eduPersonAffiliation: ["member", "student"],
  },
  "marc-ent": { preferred_username: "marc.agent", given_name: "Marc", eduPersonAffiliation: ["member", "staff"] },
};
let site: SsoSite;

test.describe.configure({ mode: "serial" });

const account = (page: Page) => page.getByRole("button", { name: `Compte ${deWord("tom.lefebvre")}` });
const headerLogin = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Se connecter" });

async function openLogin(page: Page): Promise<Locator> {
  await headerLogin(page).click();
  const dialog = page.getByRole("dialog", { name: "Connexion" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** At the provider: its login page (any password), then its consent page when it asks. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${site.provider}/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("mot-de-passe-de-l-ent");
  await page.getByRole("button", { name: "Sign-in" }).click();
  const consent = page.getByRole("button", { name: "Continue" });
  await consent.or(page.locator("#root")).first().waitFor();
  if (await consent.isVisible()) await consent.click();
}

test.describe("from the file, policy « existing »", () => {
  test.use({ baseURL: `http://127.0.0.1:${PORT}` });

  test.beforeAll(async ({ playwright }) => {
    site = await startSsoSite(PORT, oidcProcess(ACCOUNTS));
    mkdirSync(SHOTS, { recursive: true });
    // The demo school greets everyone with an announcement: acknowledged, it does not cover the pages under test.
    const request = await playwright.request.newContext({ baseURL: site.base });
    await dismissAnnouncements(request, (await apiLogin(request, "tom.lefebvre")).token);
    await request.dispose();
  });
  test.afterAll(() => site?.stop());

  test("the login popup offers the school's ENT below the password form, and looks right", async ({ page }) => {
    await page.goto("/");
    const dialog = await openLogin(page);
    const ent = dialog.getByRole("link", { name: LABEL });
    await expect(ent).toBeVisible();
    await expect(ent).toHaveAttribute("href", "/api/auth/sso/ent/start?next=%2F");
    await expect(dialog.getByText("ou", { exact: true })).toBeVisible();
    // Below the password form: « Se connecter » comes first.
    const submit = await dialog.getByRole("button", { name: "Se connecter" }).boundingBox();
    expect((await ent.boundingBox())!.y).toBeGreaterThan(submit!.y);
    expect(await seriousViolations(page, ['[role="dialog"]'])).toEqual([]);
    await atEveryThemeAndSize(page, async (width, theme) => {
      await expect(ent).toBeInViewport();
      await page.screenshot({ path: `${SHOTS}/popup-${width}-${theme}.png` });
    });
  });

  test("a student signs in through the ENT, lands on /devoirs signed in, and logs out of the ENT too", async ({ page }) => {
    await page.goto("/devoirs");
    const dialog = await openLogin(page);
    await dialog.getByRole("link", { name: LABEL }).click();
    await signInAtProvider(page, "tom-ent");

    // Back on the page it left, the one-time code already gone from the address.
    await expect(account(page)).toBeVisible();
    expect(page.url()).toBe(`${site.base}/devoirs`);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("planify.user") ?? "null"));
    expect(stored).toMatchObject({ user: { username: "tom.lefebvre" }, ssoProvider: "ent", rememberMe: true });
    // An ENT sign-in is asked for no Planify password and no secret questions (a password login of
    // this account would open « Questions secrètes » and keep no session until they are saved).
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await account(page).click();
    await page.getByRole("menuitem", { name: "Déconnexion" }).click();
    // The provider's end-session page, then back on the site as a guest.
    await page.getByRole("button", { name: "Yes, sign me out" }).click();
    await expect(page).toHaveURL(`${site.base}/`);
    await expect(headerLogin(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("planify.user"))).toBeNull();

    // The provider's session ended too: the ENT asks who you are again.
    await (await openLogin(page)).getByRole("link", { name: LABEL }).click();
    await expect(page.locator('input[name="login"]')).toBeVisible();
  });

  test("a refused sign-in shows the French page, which offers « Réessayer » and the way home", async ({ page }) => {
    await page.goto("/devoirs");
    await (await openLogin(page)).getByRole("link", { name: LABEL }).click();
    await signInAtProvider(page, "inconnu-ent");

    await expect(page).toHaveURL(`${site.base}/connexion-ent?erreur=COMPTE_INTROUVABLE`);
    await expect(page.getByRole("heading", { level: 1, name: "Connexion ENT impossible" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(SSO_FAILURES.COMPTE_INTROUVABLE);
    await expect(headerLogin(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await atEveryThemeAndSize(page, async (width, theme) => {
      await page.screenshot({ path: `${SHOTS}/error-${width}-${theme}.png`, fullPage: true });
    });
    await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
    await page.getByRole("button", { name: "Réessayer" }).click();
    const dialog = page.getByRole("dialog", { name: "Connexion" });
    // From the error page, the next attempt comes back to the homework list.
    await expect(dialog.getByRole("link", { name: LABEL })).toHaveAttribute("href", "/api/auth/sso/ent/start?next=%2Fdevoirs");

    // A provider that does not exist (or no longer): the server's refusal, the same page.
    await page.goto("/api/auth/sso/disparu/start?next=/devoirs");
    await expect(page).toHaveURL(`${site.base}/connexion-ent?erreur=FOURNISSEUR_INCONNU`);
    await expect(page.getByRole("alert")).toHaveText(SSO_FAILURES.FOURNISSEUR_INCONNU);
    // A code the page does not know: a general French text, never the address's own words.
    await page.goto("/connexion-ent?erreur=<b>Pirate</b>");
    await expect(page.getByRole("alert")).toContainText("La connexion avec l'ENT n'a pas abouti.");
    await expect(page.getByText("Pirate")).toHaveCount(0);
  });

  test("a refused or expired one-time code leaves the address, says so in French, and the visitor stays a guest", async ({ page }) => {
    await page.goto("/devoirs#connexion-ent=code-perime-ou-deja-servi");
    const dialog = page.getByRole("dialog", { name: "Connexion" });
    await expect(dialog.getByRole("alert")).toHaveText(DEFAULT_ERROR_MESSAGES.SSO_CODE_INVALID);
    expect(page.url()).toBe(`${site.base}/devoirs`);
    // The popup offers the way that works: the ENT again.
    await expect(dialog.getByRole("link", { name: LABEL })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(headerLogin(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("planify.user"))).toBeNull();
  });
});

test.describe("added in « Connexion ENT », policy « provision »", () => {
  const ADDED = "Connexion ENT Université Paris-Test";
  test.use({ baseURL: `http://127.0.0.1:${PORT + 2}` });
  test.beforeAll(async () => {
    site = await startSsoSite(PORT + 2, oidcProcess(NEWCOMERS), { inFile: false });
    mkdirSync(WALK_SHOTS, { recursive: true });
  });
  test.afterAll(() => site?.stop());

  test("the admin adds the OpenID provider with real clicks: the login popup offers it", async ({ page }) => {
    const { issuer, clientId, clientSecret } = site.entry as Record<string, string>;
    await addProviderAsAdmin(
      page,
      {
        kind: "OpenID Connect",
        label: ADDED,
        fields: { "Émetteur (issuer)": issuer!, "Identifiant client (client_id)": clientId!, "Secret client": clientSecret! },
        students: { claim: "eduPersonAffiliation", values: ["student"] },
        usernameDefault: "preferred_username",
      },
      WALK_SHOTS,
    );
    await page.evaluate(() => localStorage.removeItem("planify.user"));
    await page.goto("/devoirs");
    await expect((await openLogin(page)).getByRole("link", { name: ADDED })).toHaveAttribute(
      "href",
      "/api/auth/sso/ent/start?next=%2Fdevoirs",
    );
  });

  test("a new student signs in: created with the ENT's name, « Bienvenue sur Planify » asks the class; signed out and in again, the same account", async ({
    page,
  }) => {
    await page.goto("/devoirs");
    await (await openLogin(page)).getByRole("link", { name: ADDED }).click();
    await signInAtProvider(page, "nina-ent");

    // The blocking first-sign-in dialog first (the page behind it, account button included, is inert).
    const welcome = page.getByRole("dialog", { name: "Bienvenue sur Planify" });
    await expect(welcome).toBeVisible();
    await expect(welcome).toContainText("Bonjour Nina !");
    expect(page.url()).toBe(`${site.base}/devoirs`);
    const session = () => page.evaluate(() => JSON.parse(localStorage.getItem("planify.user") ?? "null"));
    const first = await session();
    expect(first).toMatchObject({
      user: { username: "nina.nouvelle", role: "eleve", firstName: "Nina", lastName: "Nouvelle", profilePending: true },
      ssoProvider: "ent",
    });
    await welcome.getByLabel("Année").selectOption("BUT2");
    await welcome.getByLabel("Groupe").selectOption("B");
    await welcome.getByRole("button", { name: "Enregistrer et voir mes devoirs" }).click();
    await expect(welcome).toBeHidden();
    const nina = page.getByRole("button", { name: `Compte ${deWord("nina.nouvelle")}` });
    await expect(nina).toBeVisible();
    await openList(page);
    expect((await session()).user).toMatchObject({ year: "BUT2", groupe: "B", profilePending: false });

    await nina.click();
    await page.getByRole("menuitem", { name: "Déconnexion" }).click();
    await page.getByRole("button", { name: "Yes, sign me out" }).click();
    await expect(page).toHaveURL(`${site.base}/`);
    await expect(headerLogin(page)).toBeVisible();

    // Again: the identity is tied, the same account, nothing asked.
    await page.goto("/devoirs");
    await (await openLogin(page)).getByRole("link", { name: ADDED }).click();
    await signInAtProvider(page, "nina-ent");
    await expect(nina).toBeVisible();
    await openList(page);
    expect((await session()).user).toMatchObject({ id: first.user.id, year: "BUT2", groupe: "B", profilePending: false });
    await expect(welcome).toHaveCount(0);
    expect(await accountsNamed(site, "nina.nouvelle")).toHaveLength(1);
  });

  test("a staff member (no role mapped to « staff ») ends on the French page; no account is created", async ({ page }) => {
    await page.goto("/devoirs");
    await (await openLogin(page)).getByRole("link", { name: ADDED }).click();
    await signInAtProvider(page, "marc-ent");

    await expect(page).toHaveURL(`${site.base}/connexion-ent?erreur=STATUT_NON_RECONNU`);
    await expect(page.getByRole("heading", { level: 1, name: "Connexion ENT impossible" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(SSO_FAILURES.STATUT_NON_RECONNU);
    await expect(headerLogin(page)).toBeVisible();
    expect(await accountsNamed(site, "marc.agent")).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await atEveryThemeAndSize(page, async (width, theme) => {
      await page.screenshot({ path: `${WALK_SHOTS}/oidc-refused-${width}-${theme}.png`, fullPage: true });
    });
  });
});
