import { mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { deWord } from "@planify/common/format/french";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, loginAs } from "./support";

// Personal data (issue 26 §3): the admin's « Données personnelles » section builds the privacy
// notice (/confidentialite) and the processing record; a student asks for the erasure of their
// account from the profile, the admin sees the request and erases it with a typed confirmation.
// Both sizes, both themes, axe on every screen; screenshots are looked at by eye.
const SHOTS = `${fileURLToPath(new URL("../../.screenshots/privacy", import.meta.url))}/`;
mkdirSync(SHOTS, { recursive: true });

async function look(page: Page, name: string, scope: string | null, found: string[]) {
  await atEveryThemeAndSize(page, async (width, theme) => {
    await page.screenshot({ path: `${SHOTS}${name}-${width}-${theme}.png` });
    const axe = new AxeBuilder({ page });
    if (scope) axe.include(scope);
    const { violations } = await axe.analyze();
    found.push(
      ...violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${name} ${width} ${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    );
  });
}

test("the admin sets the controller, DPO and retention; the notice and the record say so", async ({ page }) => {
  test.setTimeout(300_000);
  const found: string[] = [];
  await loginAs(page, "admin", "/admin?section=donnees-personnelles", ADMIN_PASSWORD);
  const panel = page.getByRole("region", { name: "Données personnelles" });
  await expect(panel.getByText(/^Prochaine suppression : /)).toBeVisible();
  await panel.getByLabel("Responsable du traitement (nom de l'établissement)").fill("IUT de Lannion");
  await panel.getByLabel("Adresse").fill("rue Édouard Branly, 22300 Lannion");
  await panel.getByLabel("Contact du DPO (e-mail)").fill("dpo@iut-lannion.fr");
  await panel.getByLabel("Conservation des devoirs et rendus").selectOption("3");
  await panel.getByRole("button", { name: "Enregistrer" }).click();
  await expect(panel.getByText("Réglages enregistrés : la politique de confidentialité est à jour.")).toBeVisible();
  await look(page, "admin-privacy", '[aria-labelledby="admin-privacy-title"]', found);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("button", { name: "Télécharger le registre des traitements" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^registre-des-traitements-\d{4}-\d{2}-\d{2}\.md$/);
  const record = readFileSync((await download.path())!, "utf8");
  expect(record).toContain("- Responsable du traitement : IUT de Lannion, rue Édouard Branly, 22300 Lannion");
  expect(record).toContain("3 année(s) scolaire(s) après l'année du devoir");

  await page.goto("/confidentialite");
  await expect(page.getByRole("heading", { level: 1, name: "Politique de confidentialité" })).toBeVisible();
  await expect(page.getByText("Responsable du traitement : IUT de Lannion, rue Édouard Branly, 22300 Lannion.")).toBeVisible();
  await expect(page.getByText("Délégué à la protection des données (DPO) : dpo@iut-lannion.fr.")).toBeVisible();
  await expect(page.getByText(/^Devoirs, examens et fichiers rendus : 3 années scolaires/)).toBeVisible();
  await expect(page.getByText(/^planify_session : /)).toBeVisible();
  await look(page, "notice", null, found);
  expect(found, found.join("\n")).toEqual([]);
});

test("a student asks for erasure; the admin sees the request and erases the account", async ({ page, request }) => {
  test.setTimeout(300_000);
  const found: string[] = [];
  const name = `efface.${Date.now() % 100000}`;
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const created = await request.post("/api/users/register", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { username: name, password: "motdepasse-e2e", role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" },
  });
  expect(created.status(), await created.text()).toBe(201);

  await loginAs(page, name, "/", "motdepasse-e2e");
  await page.getByRole("button", { name: `Compte ${deWord(name)}` }).click();
  await page.getByRole("menuitem", { name: "Changer l'avatar" }).click();
  const edit = page.getByRole("dialog", { name: "Modifier mon profil" });
  const section = edit.getByRole("region", { name: "Supprimer mon compte" });
  await section.getByRole("button", { name: "Supprimer mon compte" }).click();
  const send = section.getByRole("button", { name: "Envoyer ma demande" });
  await expect(send).toBeDisabled();
  await section.getByLabel("Pour confirmer, tape SUPPRIMER").fill("SUPPRIMER");
  await section.scrollIntoViewIfNeeded();
  await look(page, "profile-erasure-confirm", '[aria-labelledby="edit-erasure-title"]', found);
  await send.click();
  await expect(section.getByText(/^Demande envoyée le /)).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await look(page, "profile-erasure-requested", '[aria-labelledby="edit-erasure-title"]', found);

  const adminPage = await page.context().newPage();
  await loginAs(adminPage, "admin", "/admin?section=utilisateurs", ADMIN_PASSWORD);
  const panel = adminPage.getByRole("region", { name: "Gérer les utilisateurs" });
  await panel.getByLabel("Rechercher", { exact: true }).fill(name);
  const row = panel.getByRole("row").filter({ hasText: name });
  await expect(row.getByText("Demande d'effacement")).toBeVisible();
  await row.getByRole("button", { name: `Effacer les données ${deWord(name)}` }).click();
  const dialog = adminPage.getByRole("dialog", { name: `Effacer les données de ${name}` });
  const confirm = dialog.getByRole("button", { name: "Effacer les données" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Pour confirmer, tapez son identifiant/).fill(name);
  await look(adminPage, "admin-erase-dialog", '[role="dialog"]', found);
  await confirm.click();
  await expect(adminPage.getByText(`Compte ${name} supprimé et données effacées.`)).toBeVisible();
  await expect(panel.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  expect((await request.post("/api/users/login", { data: { username: name, password: "motdepasse-e2e" } })).status()).toBe(401);
  expect(found, found.join("\n")).toEqual([]);
});
