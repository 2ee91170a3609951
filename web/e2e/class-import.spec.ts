import { mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, atEveryThemeAndSize, loginAs } from "./support";

// The admin's « Importer une liste de classe »: the files the registrar's office really sends
// (Excel's Windows-1252 CSV, .xlsx, .ods), rows in error left out and counted apart, and an
// imported student's first login.
test.use({ trace: "off" });

const SHOTS = fileURLToPath(new URL("../../.screenshots/import/", import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const STAMP = Date.now().toString(36);
const FIXTURES = new URL("../src/features/admin-import/fixtures/", import.meta.url);
const fixture = (name: string, mimeType: string) => ({ name, mimeType, buffer: readFileSync(new URL(name, FIXTURES)) });

const picker = (page: Page) => page.getByLabel("Choisir un fichier de liste de classe");
const status = (page: Page) => page.getByRole("main").getByRole("status");
const preview = (page: Page) => page.getByRole("table", { name: "Aperçu de l'import" });

/** Opens the import section, counting the scripts the page loads. */
async function openImport(page: Page): Promise<string[]> {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  await loginAs(page, "admin", "/admin?section=import", ADMIN_PASSWORD);
  return scripts;
}

test("Excel's Windows-1252 CSV shows « Léa » in the preview; only its valid rows are counted; the picker is a button (both themes, 390 and 1440 px, axe)", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const scripts = await openImport(page);
  await expect(picker(page)).toBeAttached();

  await picker(page).setInputFiles(fixture("classe-excel-windows-1252.csv", "text/csv"));
  await expect(page.getByText("Fichier « classe-excel-windows-1252.csv » lu comme CSV (encodage Windows-1252).")).toBeVisible();
  await expect(preview(page)).toContainText("Léa Lecœur");
  await expect(preview(page)).toContainText("Hugo N’Diaye");
  await expect(preview(page)).not.toContainText("\uFFFD");
  await expect(status(page)).toContainText("3 ligne(s) valide(s), 1 en erreur : elle sera ignorée à l'import");
  // Only the valid rows are counted, the skipped one is said beside the button.
  const importButton = page.getByRole("button", { name: "Importer 3 comptes" });
  await expect(importButton).toBeEnabled();
  await expect(page.getByText("1 ligne en erreur sera ignorée")).toBeVisible();
  expect(
    scripts.filter((u) => /xlsx/i.test(u)),
    "the spreadsheet reader must not load for a CSV",
  ).toEqual([]);

  const found: string[] = [];
  await atEveryThemeAndSize(page, async (width, theme) => {
    await page.locator('[aria-labelledby="import-title"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}import-preview-${theme}-${width}.png`, fullPage: true });
    const { violations } = await new AxeBuilder({ page }).include('[aria-labelledby="import-title"]').analyze();
    found.push(
      ...violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${width} ${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    );
  });
  expect(found, found.join("\n")).toEqual([]);

  // Keyboard: the hidden input takes the focus and the button-looking label shows the ring.
  await page.getByRole("textbox", { name: "…ou collez la liste" }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(picker(page)).toBeFocused();
  const box = (await page.locator("label", { has: picker(page) }).boundingBox())!;
  await page.screenshot({
    path: `${SHOTS}file-button-focus.png`,
    clip: { x: box.x - 12, y: box.y - 12, width: box.width + 24, height: box.height + 24 },
  });
});

test("an .xlsx and an .ods show « Léa » in the preview; the spreadsheet reader loads only then", async ({ page }) => {
  test.setTimeout(180_000);
  const scripts = await openImport(page);
  await expect(picker(page)).toBeAttached();
  expect(
    scripts.filter((u) => /xlsx/i.test(u)),
    "the spreadsheet reader must not load with the page",
  ).toEqual([]);
  await picker(page).setInputFiles(fixture("classe.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"));
  // The first workbook loads the reader (160 KB gzipped) before reading: more time on a loaded machine.
  await expect(page.getByText("Feuille « Classe » du classeur « classe.xlsx » lue.")).toBeVisible({ timeout: 45_000 });
  await expect(preview(page)).toContainText("Léa Lecœur");
  await expect(status(page)).toContainText("3 ligne(s) valide(s), 1 en erreur");
  expect(scripts.filter((u) => /xlsx/i.test(u)).length, "the spreadsheet reader loads for a workbook").toBeGreaterThan(0);

  // Nor is it in the service worker's precache, which every student's browser downloads.
  const worker = await page.request.get("/sw.js");
  expect(worker.ok()).toBe(true);
  const precached = await worker.text();
  expect(precached).toContain("import-users-panel");
  expect(precached).not.toMatch(/xlsx-[\w-]+\.js/);

  await picker(page).setInputFiles(fixture("classe.ods", "application/vnd.oasis.opendocument.spreadsheet"));
  await expect(page.getByText("Feuille « Classe » du classeur « classe.ods » lue.")).toBeVisible({ timeout: 20_000 });
  await expect(preview(page)).toContainText("Léa Lecœur");
  await expect(preview(page)).toContainText("Zoë Müller");
  await page.screenshot({ path: `${SHOTS}import-ods-1440.png`, fullPage: true });
});

test("an admin imports a class list, rows in error left out; an imported student must choose a password at first login", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, "admin", "/admin?section=import", ADMIN_PASSWORD);
  const a = `imp.a.${STAMP}`;
  const b = `imp.b.${STAMP}`;
  const c = `imp.c.${STAMP}`;
  const csv = `\uFEFFIdentifiant;Prénom;Nom;Rôle;Année;Groupe;Parcours\r\n${a};Alice;Aubry;Étudiante;BUT 1;A;Développement Web\r\n${b};Bruno;Bel;stagiaire;BUT4;Z;\r\n${c};Chloé;Cros;délégué;2;b';\r\n${b}x;Bruna;Bel;Étudiante;BUT5;A;\r\n`;
  await picker(page).setInputFiles({ name: "classe.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(preview(page)).toContainText("Rôle inconnu : « stagiaire »");
  await expect(status(page)).toContainText("2 ligne(s) valide(s), 2 en erreur : elles seront ignorées à l'import");
  await expect(page.getByText("2 lignes en erreur seront ignorées")).toBeVisible();
  await page.getByRole("button", { name: "Importer 2 comptes" }).click();
  const sheet = page.getByRole("table", { name: "Mots de passe provisoires" });
  await expect(sheet).toContainText(a);
  await expect(sheet).toContainText(c);
  await expect(sheet).not.toContainText(b);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "2 lignes en erreur n'ont pas été importées : corrigez-les dans le fichier puis importez-les à part.",
  );
  await page.screenshot({ path: `${SHOTS}import-sheet-1440.png`, fullPage: true });
  const password = (await sheet.getByRole("row").filter({ hasText: a }).getByRole("cell").nth(1).textContent())!.trim();

  // The student signs in with the sheet's password and is asked for their own first.
  const student = await (await browser.newContext({ baseURL: page.url().replace(/\/admin.*$/, "") })).newPage();
  await student.goto("/");
  await student.getByRole("banner").getByRole("button", { name: "Se connecter" }).click();
  const login = student.getByRole("dialog", { name: "Connexion" });
  await login.getByLabel("Nom d'utilisateur").fill(a);
  await login.getByLabel("Mot de passe", { exact: true }).fill(password);
  await login.getByRole("button", { name: "Se connecter" }).click();
  const choose = student.getByRole("dialog", { name: "Choisissez votre mot de passe" });
  await choose.getByLabel("Nouveau mot de passe").fill("mon-secret-a-moi");
  await choose.getByLabel("Confirmer le mot de passe").fill("mon-secret-a-moa");
  await choose.getByRole("button", { name: "Enregistrer et continuer" }).click();
  await expect(choose.getByRole("alert")).toHaveText("Les mots de passe ne correspondent pas.");
  await choose.getByLabel("Confirmer le mot de passe").fill("mon-secret-a-moi");
  await choose.getByRole("button", { name: "Enregistrer et continuer" }).click();
  // Then, as every account without questions, the secret questions.
  await expect(student.getByRole("dialog", { name: "Sécurisez votre compte" })).toBeVisible();
});
