import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, loginAs, networkSettled } from "./support";

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), "..", "..", ".screenshots", "shell");
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

test.describe.configure({ mode: "serial" });

test("a guest sees the home page and Commencer leads to the homework", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Simplifiez votre réussite" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Complètement gratuit, pour de vrai" })).toBeVisible();
  await expect(page.getByText("Développeur & CEO")).toBeVisible();
  await expect(page.getByText("Designer & CEO")).toBeVisible();
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Emploi du temps" })).toHaveCount(0);

  const faq = page.locator("#faq summary", { hasText: "Planify est-il vraiment gratuit ?" });
  await expect(page.locator("#faq details")).toHaveCount(3);
  await expect(page.getByText("Oui, complètement.")).toBeHidden();
  await faq.click();
  await expect(page.locator("#faq details").first()).toHaveAttribute("open", "");
  await expect(page.getByText("Oui, complètement.")).toBeVisible();

  const footer = page.locator("footer");
  await expect(footer.getByRole("link", { name: "contact@planify.fr" })).toHaveAttribute("href", "mailto:contact@planify.fr");
  await expect(footer.getByRole("link", { name: /Chaîne vidéo/ })).toHaveAttribute("rel", /noopener/);

  await expect(page.locator("[data-background]")).toHaveAttribute("data-background", "home");
  await page.getByRole("link", { name: "Commencer" }).click();
  await expect(page).toHaveURL(/\/devoirs$/);
  await expect(page.locator("[data-background]")).toHaveAttribute("data-background", "grey");
});

test("an unknown address shows the French not-found page with a way home", async ({ page }) => {
  await page.goto("/cette-page-n-existe-pas");
  await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
  await page.getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Simplifiez votre réussite" })).toBeVisible();
});

test("the theme toggle cycles light, dark, auto and survives a reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-theme", "light");
  await page.getByRole("button", { name: /^Thème clair/ }).click();
  await expect(html).toHaveAttribute("data-theme", "dark");
  expect(await page.evaluate(() => localStorage.getItem("planify.theme"))).toBe("dark");
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "dark");

  await page.getByRole("button", { name: /^Thème sombre/ }).click();
  await expect(page.getByRole("button", { name: /^Thème automatique/ })).toBeVisible();
  await expect(html).toHaveAttribute("data-theme", "light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html).toHaveAttribute("data-theme", "dark");
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "dark");
  await page.getByRole("button", { name: /^Thème automatique/ }).click();
  await expect(html).toHaveAttribute("data-theme", "light");
});

test("the burger menu opens, closes with Escape and navigates at 390 px", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeHidden();
  const burger = page.getByRole("button", { name: "Ouvrir le menu" });
  await expect(burger).toHaveAttribute("aria-expanded", "false");
  await burger.click();
  const menu = page.getByRole("navigation", { name: "Menu principal" });
  await expect(menu).toBeVisible();
  await expect(page.getByRole("button", { name: "Fermer le menu" })).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await burger.click();
  await menu.getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Contactez-nous" })).toBeVisible();
});

async function fillContact(page: Page) {
  await page.getByLabel("Nom").fill("Camille Durand");
  await page.getByLabel("Téléphone").fill("06 12 34 56 78");
  await page.getByLabel("E-mail").fill("camille@example.fr");
  await page.getByLabel("Promo").selectOption("BUT2");
  await page.getByLabel("Sujet").fill("Une idée pour Planify");
  await page.getByLabel("Description").fill("Pourriez-vous ajouter un rappel la veille des examens ?");
}

test("the contact form reports a network failure, keeps its content, then sends", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByLabel("Téléphone")).toHaveAttribute("type", "tel");
  await expect(page.getByLabel("E-mail")).toHaveAttribute("type", "email");
  await fillContact(page);

  await page.route("**/api/contact", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Envoyer le message" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Une erreur réseau est survenue. Veuillez réessayer.");
  await expect(dialog).toBeHidden({ timeout: 6_000 });
  await expect(page.getByLabel("Sujet")).toHaveValue("Une idée pour Planify");
  await page.unroute("**/api/contact");

  await page.getByRole("button", { name: "Envoyer le message" }).click();
  await expect(dialog).toContainText("Votre message a bien été envoyé !");
  await expect(page.getByLabel("Nom")).toHaveValue("");
  const shownAt = Date.now();
  await expect(dialog).toBeHidden({ timeout: 6_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(2_500);
});

test("the about page offers the rules and the accessibility statement as DOCX, the privacy notice as a page", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1, name: "À propos de nous" })).toBeVisible();
  const links = page.getByRole("link", { name: /Télécharger/ });
  await expect(links).toHaveCount(2);
  for (const title of ["Règlement complet", "Politique de confidentialité", "Déclaration d'accessibilité"]) {
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  }
  const [download] = await Promise.all([page.waitForEvent("download"), links.nth(1).click()]);
  expect(download.suggestedFilename()).toBe("planify-declaration-accessibilite.docx");
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 4).toString("binary")).toBe("PK\u0003\u0004");
  expect(bytes.includes(Buffer.from("word/document.xml"))).toBe(true);
  // The privacy notice depends on the school's settings: it is read in the app.
  await page.getByRole("link", { name: "Lire « Politique de confidentialité »" }).click();
  await expect(page).toHaveURL(/\/confidentialite$/);
  await expect(page.getByRole("heading", { name: "7. Vos droits" })).toBeVisible();
});

test("a student's account menu: profile, feature events, logout; /admin sends them home", async ({ page }) => {
  await loginAs(page, "emma.petit", "/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Emploi du temps" })).toBeVisible();

  const account = page.getByRole("button", { name: "Compte d'emma.petit" });
  await account.click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem")).toHaveText(["Profil", "Changer l'avatar", "Entrer un code", "Déconnexion"]);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(account).toBeFocused();

  await account.click();
  await menu.getByRole("menuitem", { name: "Profil" }).click();
  const profile = page.getByRole("dialog", { name: "Profil" });
  await expect(profile).toContainText("emma.petit");
  await expect(profile).toContainText("Étudiant");
  await expect(profile).toContainText("Solde");
  await page.keyboard.press("Escape");

  // 'Changer l'avatar' opens the profile edit popup of the profile feature.
  await account.click();
  await menu.getByRole("menuitem", { name: "Changer l'avatar" }).click();
  await expect(page.getByRole("dialog", { name: "Modifier mon profil" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // 'Entrer un code' opens the code dialog of the economy feature.
  await account.click();
  await menu.getByRole("menuitem", { name: "Entrer un code" }).click();
  await expect(page.getByRole("dialog", { name: "Entrer un code" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.goto("/about");
  await account.click();
  await menu.getByRole("menuitem", { name: "Déconnexion" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("planify.user"))).toBeNull();
});

test("an admin reaches the dashboard and sends a pop-up", async ({ page }) => {
  // nathan.fournier is used by no other spec: a pop-up to him cannot cover another test's page.
  await loginAs(page, "admin", "/", ADMIN_PASSWORD);
  await page.getByRole("link", { name: "Admin Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Gérer les utilisateurs" })).toHaveAttribute("aria-selected", "true");

  await page.getByRole("tab", { name: "Pop-up" }).click();
  await expect(page).toHaveURL(/section=popup/);
  const send = page.getByRole("button", { name: "Envoyer", exact: true });
  await send.click();
  await expect(page.getByRole("alert")).toHaveText("Contenu vide");
  await page.getByRole("textbox", { name: "Contenu du pop-up" }).fill("Réunion des délégués demain à 12 h.");
  await page.getByRole("radio", { name: "Un utilisateur" }).check();
  await send.click();
  await expect(page.getByRole("alert")).toHaveText("ID utilisateur requis");
  // The recipient is picked from the list of accounts (username and role).
  await page.getByLabel("Rechercher un utilisateur").fill("nathan");
  await page.getByRole("radio", { name: /nathan\.fournier · Étudiant/ }).check();
  await send.click();
  const banner = page.getByRole("status").filter({ hasText: "Pop-up envoyé." });
  await expect(banner).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Contenu du pop-up" })).toHaveText("");
  await expect(banner).toBeHidden({ timeout: 5_000 });
});

test("screenshots of the shell pages", async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const pages = ["/", "/about", "/contact", "/factions"];
  const names = ["home", "about", "contact", "factions"];
  for (const [size, label] of [
    [PHONE, "390"],
    [DESKTOP, "1440"],
  ] as const) {
    await page.setViewportSize(size);
    for (const [i, path] of pages.entries()) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: `${SHOTS}/${names[i]}-${label}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.setItem("planify.theme", "dark"));
  for (const [size, label] of [
    [PHONE, "390"],
    [DESKTOP, "1440"],
  ] as const) {
    await page.setViewportSize(size);
    for (const [i, path] of pages.entries()) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: `${SHOTS}/${names[i]}-${label}-dark.png`, fullPage: true });
    }
  }
  await page.evaluate(() => localStorage.removeItem("planify.theme"));
  await loginAs(page, "admin", "/admin", ADMIN_PASSWORD);
  for (const [size, label] of [
    [PHONE, "390"],
    [DESKTOP, "1440"],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto("/admin");
    await networkSettled(page);
    await page.screenshot({ path: `${SHOTS}/admin-${label}.png`, fullPage: true });
    await page.getByRole("tab", { name: "Pop-up" }).click();
    await page.screenshot({ path: `${SHOTS}/admin-popup-${label}.png`, fullPage: true });
    await page.goto("/");
    await page.getByRole("button", { name: "Compte d'admin" }).click();
    await page.waitForTimeout(400); // let the opening animation end
    await page.screenshot({ path: `${SHOTS}/account-menu-${label}.png` });
    if (label === "390") {
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Ouvrir le menu" }).click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/burger-390.png` });
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Compte d'admin" }).click();
      await page.getByRole("menuitem", { name: "Profil" }).click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/profile-390.png` });
      await page.keyboard.press("Escape");
    }
  }
  await page.setViewportSize({ width: 1100, height: 700 });
  await page.goto("/admin");
  await page.screenshot({ path: `${SHOTS}/admin-1100.png` });
});

test("on a 390 px phone a member's top bar fits: no page wider than the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, "chloe.roux", "/");
  await expect(page.getByRole("button", { name: /Compte de chloe.roux/ })).toBeVisible();
  for (const path of ["/", "/devoirs", "/about", "/contact"]) {
    await page.goto(path);
    await expect(page.getByRole("banner")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
});
