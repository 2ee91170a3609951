import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, loginAs } from "./support";
import { createTaskAs, openList, parisDay, pdf } from "./tasks-support";

// Storage: the admin's « Espace disque » section (phone and desktop, both themes, axe), and
// a student whose hand-in already holds 10 files reads the server's refusal in the deposit area.
const SHOTS = fileURLToPath(new URL("../../.screenshots/storage", import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test("the admin dashboard shows the data folder's free space, uploads and quota", async ({ page }) => {
  test.setTimeout(240_000);
  await loginAs(page, "admin", "/admin?section=stockage", ADMIN_PASSWORD);
  const panel = page.getByRole("region", { name: "Espace disque" });
  await expect(panel.getByRole("heading", { name: "Espace disque" })).toBeVisible();
  await expect(panel.getByText("Espace libre")).toBeVisible();
  await expect(panel.getByText(/^[\d,]+ (Ko|Mo|Go) sur [\d,]+ (Ko|Mo|Go)$/)).toBeVisible();
  await expect(panel.getByText("Quota par compte élève")).toBeVisible();
  await expect(panel.getByText("500 Mo", { exact: true })).toBeVisible();
  // The e2e server runs with the low-space alert off (PLANIFY_DISK_MIN_FREE_MB=0, playwright.config.ts).
  await expect(panel.getByText(/^Disque utilisé à \d+ % · aucune alerte d'espace \(PLANIFY_DISK_MIN_FREE_MB=0\)\.$/)).toBeVisible();
  const found: string[] = [];
  await atEveryThemeAndSize(page, async (width, theme) => {
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/admin-storage-${width}-${theme}.png` });
    const { violations } = await new AxeBuilder({ page }).include('[aria-labelledby="admin-storage-title"]').analyze();
    found.push(
      ...violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${width} ${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    );
  });
  // The warning under the threshold, with the server's own figures turned low (the real disk has room).
  await page.route("**/api/admin/storage", async (route) => {
    const real = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...real, freeBytes: 120 * 1024 * 1024, minFreeBytes: 500 * 1024 * 1024, low: true } });
  });
  await page.reload();
  await expect(panel.getByRole("alert")).toHaveText(/^Espace disque faible : il reste 120 Mo, sous le seuil de 500 Mo\./);
  await atEveryThemeAndSize(page, async (width, theme) => {
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/admin-storage-low-${width}-${theme}.png` });
    const { violations } = await new AxeBuilder({ page }).include('[aria-labelledby="admin-storage-title"]').analyze();
    found.push(
      ...violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `low ${width} ${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    );
  });
  expect(found, found.join("\n")).toEqual([]);
});

test("a hand-in full with 10 files: the deposit area says so and shows the server's refusal", async ({ page }) => {
  test.setTimeout(90_000);
  const title = `Dossier complet ${Date.now() % 100000}`;
  const taskId = await createTaskAs(page.request, "m.durand", {
    titre: title,
    type: "devoir",
    matiere: "Intégration",
    date: parisDay(6),
    heure: "12:00",
    description: "<p>Dix fichiers au plus.</p>",
    year: "BUT1",
    groupes: ["Promo"],
    groupe: "Promo",
    submissionEnabled: true,
  });
  const { token } = await apiLogin(page.request, "emma.petit");
  const multipart = Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [
      `files${i}`,
      { name: `partie-${i + 1}.pdf`, mimeType: "application/pdf", buffer: pdf(`partie ${i + 1}`) },
    ]),
  );
  const first = await page.request.post(`/api/events/${taskId}/submissions`, { headers: { Authorization: `Bearer ${token}` }, multipart });
  expect(first.status()).toBe(201);

  await loginAs(page, "emma.petit", "/devoirs");
  await openList(page);
  await page.getByRole("article", { name: title }).getByRole("button", { name: "Plus d'infos" }).click();
  const details = page.getByRole("dialog", { name: title });
  await expect(details.getByText("pdf, doc, docx, zip, rar · 10 fichiers déposés : c'est le maximum")).toBeVisible();
  await details.locator('input[type="file"]').setInputFiles({ name: "onzieme.pdf", mimeType: "application/pdf", buffer: pdf("onzième") });
  await details.getByRole("button", { name: "Déposer" }).click();
  await expect(details.getByRole("alert")).toContainText(
    "Ce dépôt contient déjà 10 fichiers, le maximum : supprimez-en un pour en ajouter un autre.",
  );
  await expect(details.getByRole("list", { name: "Fichiers déposés" }).getByRole("listitem")).toHaveCount(10);

  await details.getByRole("button", { name: "Supprimer partie-1.pdf" }).click();
  await expect(details.getByText("pdf, doc, docx, zip, rar · encore 1 fichier au plus")).toBeVisible();
});
