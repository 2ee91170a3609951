import { expect, type Page, test } from "@playwright/test";
import { SSO_FAILURES } from "@planify/common/constants/sso";
import { deWord } from "@planify/common/format/french";
import { SAML_LABEL, type SsoSite, samlProcess, startSsoSite } from "./sso-support";
import { apiLogin, dismissAnnouncements } from "./support";

// « Se connecter avec l'ENT » through SAML 2.0 in Chromium: the compiled server of its own and the
// test IdP (samlify) as a process, its metadata read from its address; its login page posts the
// signed answer to Planify's ACS. Planify has no SAML single logout yet: the logout is local.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 68;
// Logins typed on the IdP's page → the attributes it releases (the username from uid).
const ACCOUNTS = {
  "tom.lefebvre": { uid: "tom.lefebvre", eduPersonPrincipalName: "tom.lefebvre@univ-test.fr", eduPersonAffiliation: ["member", "student"] },
  "personne.inconnue": { uid: "personne.inconnue", eduPersonAffiliation: "student" },
};
let site: SsoSite;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async ({ playwright }) => {
  site = await startSsoSite(PORT, samlProcess(ACCOUNTS));
  // The demo school greets everyone with an announcement: acknowledged, it does not cover the pages under test.
  const request = await playwright.request.newContext({ baseURL: site.base });
  await dismissAnnouncements(request, (await apiLogin(request, "tom.lefebvre")).token);
  await request.dispose();
});
test.afterAll(() => site?.stop());

const headerLogin = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Se connecter" });

/** The popup's SAML button, then the IdP's login page (its form filled and sent). */
async function signInAtIdp(page: Page, login: string) {
  await headerLogin(page).click();
  await page.getByRole("dialog", { name: "Connexion" }).getByRole("link", { name: SAML_LABEL }).click();
  await expect(page).toHaveURL(new RegExp(`^${site.provider}/sso\\?SAMLRequest=`));
  await page.getByLabel("Identifiant").fill(login);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

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
