import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { SSO_FAILURES } from "@planify/common/constants/sso";
import { deWord } from "@planify/common/format/french";
import { seriousViolations } from "./a11y-support";
import { SAML_LABEL, type SsoSite, accountsNamed, addProviderAsAdmin, samlProcess, startSsoSite } from "./sso-support";
import { apiLogin, atEveryThemeAndSize, dismissAnnouncements } from "./support";
import { openList } from "./tasks-support";

// « Se connecter avec l'ENT » through SAML 2.0 in Chromium: the compiled server of its own and the
// test IdP (samlify) as a process, its metadata read from its address; its login page posts the
// signed answer to Planify's ACS. This IdP offers no single logout: the logout is local. First
// from the file under « existing », then added by the admin in « Connexion ENT » under
// « provision », the class released as attributes (no « Bienvenue sur Planify » form).
const PORT = Number(process.env.E2E_PORT ?? 3100) + 68;
// Logins typed on the IdP's page → the attributes it releases (the username from uid).
const ACCOUNTS = {
  "tom.lefebvre": { uid: "tom.lefebvre", eduPersonPrincipalName: "tom.lefebvre@univ-test.fr", eduPersonAffiliation: ["member", "student"] },
  "personne.inconnue": { uid: "personne.inconnue", eduPersonAffiliation: "student" },
};
// Under « provision »: a student whose year, group and track the IdP releases (planify_year,
// planify_group, planify_track, as IT may add them), and a staff member (no role mapped). No
// uid: the admin leaves the username attribute to its default, eduPersonPrincipalName.
const NEWCOMERS = {
  "lina.roux": {
    eduPersonPrincipalName: "lina.roux@univ-test.fr",
    givenName: "Lina",
    sn: "Roux",
    eduPersonAffiliation: ["member", "student"],
    planify_year: "BUT2",
    planify_group: "B",
    planify_track: "creation",
  },
  "marc.agent": { eduPersonPrincipalName: "marc.agent@univ-test.fr", givenName: "Marc", eduPersonAffiliation: ["member", "staff"] },
};
const WALK_SHOTS = "/tmp/shots-i25-walks";
let site: SsoSite;

test.describe.configure({ mode: "serial" });
const headerLogin = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Se connecter" });

/** The popup's SAML button, then the IdP's login page (its form filled and sent). */
async function signInAtIdp(page: Page, login: string, label = SAML_LABEL) {
  await headerLogin(page).click();
  await page.getByRole("dialog", { name: "Connexion" }).getByRole("link", { name: label }).click();
  await expect(page).toHaveURL(new RegExp(`^${site.provider}/sso\\?SAMLRequest=`));
  await page.getByLabel("Identifiant").fill(login);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

test.describe("from the file, policy « existing »", () => {
  test.use({ baseURL: `http://127.0.0.1:${PORT}` });

  test.beforeAll(async ({ playwright }) => {
    site = await startSsoSite(PORT, samlProcess(ACCOUNTS));
    // The demo school greets everyone with an announcement: acknowledged, it does not cover the pages under test.
    const request = await playwright.request.newContext({ baseURL: site.base });
    await dismissAnnouncements(request, (await apiLogin(request, "tom.lefebvre")).token);
    await request.dispose();
  });
  test.afterAll(() => site?.stop());

  test("a student signs in at the SAML IdP, lands on /devoirs signed in, and logs out", async ({ page }) => {
    await page.goto("/devoirs");
    await signInAtIdp(page, "tom.lefebvre");

    // The IdP's page posted the signed answer to the ACS: back on the page it left, signed in.
    const account = page.getByRole("button", { name: `Compte ${deWord("tom.lefebvre")}` });
    await expect(account).toBeVisible();
    expect(page.url()).toBe(`${site.base}/devoirs`);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("planify.user") ?? "null"));
    expect(stored).toMatchObject({ user: { username: "tom.lefebvre" }, ssoProvider: "ent" });
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await account.click();
    await page.getByRole("menuitem", { name: "Déconnexion" }).click();
    await expect(page).toHaveURL(`${site.base}/`);
    await expect(headerLogin(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("planify.user"))).toBeNull();
  });

  test("an account the IdP knows but Planify does not: the French page, the visitor a guest", async ({ page }) => {
    await page.goto("/devoirs");
    await signInAtIdp(page, "personne.inconnue");

    await expect(page).toHaveURL(`${site.base}/connexion-ent?erreur=COMPTE_INTROUVABLE`);
    await expect(page.getByRole("alert")).toHaveText(SSO_FAILURES.COMPTE_INTROUVABLE);
    await expect(headerLogin(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("planify.user"))).toBeNull();
  });
});

test.describe("added in « Connexion ENT », policy « provision »", () => {
  const ADDED = "Connexion ENT Université Paris-Test (Renater)";
  test.use({ baseURL: `http://127.0.0.1:${PORT + 2}` });
  test.beforeAll(async () => {
    site = await startSsoSite(PORT + 2, samlProcess(NEWCOMERS), { inFile: false });
    mkdirSync(WALK_SHOTS, { recursive: true });
  });
  test.afterAll(() => site?.stop());

  test("the admin adds the SAML IdP by its metadata address with real clicks: the login popup offers it", async ({ page }) => {
    await addProviderAsAdmin(
      page,
      {
        kind: "SAML 2.0",
        label: ADDED,
        fields: { "Adresse des métadonnées de l'IdP": `${site.provider}/metadata` },
        students: { claim: "eduPersonAffiliation", values: ["student"] },
        usernameDefault: "eduPersonPrincipalName",
      },
      WALK_SHOTS,
    );
    // The address IT registers in the federation: Planify's SP metadata.
    await expect(page.locator('li[data-provider="ent"] code')).toHaveText(`${site.base}/api/auth/sso/ent/metadata`);
    await page.evaluate(() => localStorage.removeItem("planify.user"));
    await page.goto("/devoirs");
    await headerLogin(page).click();
    await expect(page.getByRole("dialog", { name: "Connexion" }).getByRole("link", { name: ADDED })).toHaveAttribute(
      "href",
      "/api/auth/sso/ent/start?next=%2Fdevoirs",
    );
  });

  test("a new student signs in: created with the IdP's name and class (no form); signed out and in again, the same account", async ({
    page,
  }) => {
    await page.goto("/devoirs");
    await signInAtIdp(page, "lina.roux", ADDED);

    const lina = page.getByRole("button", { name: `Compte ${deWord("lina.roux")}` });
    await expect(lina).toBeVisible();
    expect(page.url()).toBe(`${site.base}/devoirs`);
    await openList(page);
    // The class came with the assertion: « Bienvenue sur Planify » has nothing to ask.
    await expect(page.getByRole("dialog", { name: "Bienvenue sur Planify" })).toHaveCount(0);
    const session = () => page.evaluate(() => JSON.parse(localStorage.getItem("planify.user") ?? "null"));
    const first = await session();
    expect(first).toMatchObject({
      user: {
        username: "lina.roux",
        role: "eleve",
        firstName: "Lina",
        lastName: "Roux",
        year: "BUT2",
        groupe: "B",
        specialite: "creation",
      },
      ssoProvider: "ent",
    });
    expect(first.user.profilePending).toBe(false);

    await lina.click();
    await page.getByRole("menuitem", { name: "Déconnexion" }).click();
    await expect(page).toHaveURL(`${site.base}/`);
    await expect(headerLogin(page)).toBeVisible();

    // Again: the identity is tied, the same account.
    await signInAtIdp(page, "lina.roux", ADDED);
    await expect(lina).toBeVisible();
    expect((await session()).user.id).toBe(first.user.id);
    expect(await accountsNamed(site, "lina.roux")).toHaveLength(1);
  });

  test("a staff member (no role mapped to « staff ») ends on the French page; no account is created", async ({ page }) => {
    await page.goto("/devoirs");
    await signInAtIdp(page, "marc.agent", ADDED);

    await expect(page).toHaveURL(`${site.base}/connexion-ent?erreur=STATUT_NON_RECONNU`);
    await expect(page.getByRole("heading", { level: 1, name: "Connexion ENT impossible" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(SSO_FAILURES.STATUT_NON_RECONNU);
    await expect(headerLogin(page)).toBeVisible();
    expect(await accountsNamed(site, "marc.agent")).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await atEveryThemeAndSize(page, async (width, theme) => {
      await page.screenshot({ path: `${WALK_SHOTS}/saml-refused-${width}-${theme}.png`, fullPage: true });
    });
  });
});
