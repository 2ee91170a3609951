import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { deWord } from "@planify/common/format/french";
import { addDays } from "@planify/common/time/paris-time";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, loginAs } from "./support";
import { parisDay } from "./tasks-support";

const SHOTS = fileURLToPath(new URL("../../.screenshots/holidays", import.meta.url));
const RUN = Date.now().toString(36);
const PASSWORD = "vacances-e2e-mdp-1";
test.describe.configure({ mode: "serial" });

/** Serious or critical axe findings in `scope`, named by size and theme. */
async function axeFindings(page: Page, scope: string, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} ${n.target.join(" ")}`));
}

test("the week view marks holiday days with the period's name, at both sizes and themes", async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const headers = { Authorization: `Bearer ${admin.token}` };
  // A week two weeks ahead (Monday to Sunday), so the other specs' weeks stay ordinary.
  const today = parisDay(0);
  const dow = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(today, 14 - dow);
  const label = `Vacances de test ${RUN}`;
  const made = await request.post("/api/holidays", { headers, data: { label, firstDay: addDays(monday, 2), lastDay: addDays(monday, 8) } });
  expect(made.status(), await made.text()).toBe(201);
  const id = ((await made.json()) as { holiday: { id: string } }).holiday.id;
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, "emma.petit", "/emploi-du-temps");
    await page.getByRole("button", { name: "Semaine suivante" }).click();
    await page.getByRole("button", { name: "Semaine suivante" }).click();
    // Monday and Tuesday are school days; Wednesday to Sunday carry the band.
    await expect(page.locator(`[data-day="${monday}"]`)).not.toHaveAttribute("data-holiday");
    for (let i = 2; i < 7; i++) await expect(page.locator(`[data-day="${addDays(monday, i)}"]`)).toHaveAttribute("data-holiday", label);
    await expect(page.locator(`[data-day="${addDays(monday, 2)}"]`).getByText(label)).toBeVisible();
    const found: string[] = [];
    await atEveryThemeAndSize(page, async (w, theme) => {
      if (w < 500) await expect(page.getByRole("listitem").filter({ hasText: label }).first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/timetable-${w}-${theme}.png`, fullPage: w < 500 });
      found.push(...(await axeFindings(page, "main", `${w} ${theme}`)));
    });
    expect(found).toEqual([]);
  } finally {
    await request.delete(`/api/holidays/${id}`, { headers });
  }
});

test("an admin imports the zone's calendar with a preview, then edits and deletes a period", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, "admin", "/admin?section=vacances", ADMIN_PASSWORD);
  const panel = page.getByRole("region", { name: "Vacances scolaires" });
  await panel.getByLabel("Calendrier scolaire de la zone (.ics)").setInputFiles({
    name: "site-web.ics",
    mimeType: "text/calendar",
    buffer: Buffer.from("<!doctype html><p>Connexion</p>"),
  });
  await expect(panel.getByRole("alert")).toContainText("Ce fichier n'est pas un calendrier iCalendar (.ics) lisible");
  await panel
    .getByLabel("Calendrier scolaire de la zone (.ics)")
    .setInputFiles(fileURLToPath(new URL("../../server/test/fixtures/calendrier-scolaire-zone-a.ics", import.meta.url)));
  const preview = panel.getByRole("list", { name: "Aperçu de l'import" });
  await expect(preview.getByRole("listitem")).toHaveCount(8);
  await panel.getByRole("checkbox", { name: "2025-2026" }).uncheck();
  await expect(preview.getByRole("listitem")).toHaveCount(4);
  await expect(preview).toContainText("Vacances de la Toussaint");
  await panel.getByRole("button", { name: "Importer 4 périodes" }).click();
  await expect(panel.getByRole("status")).toContainText("4 périodes importées");
  await expect(panel.getByRole("heading", { name: "Année 2026-2027" })).toBeVisible();

  const found: string[] = [];
  await atEveryThemeAndSize(page, async (w, theme) => {
    await page.screenshot({ path: `${SHOTS}/admin-${w}-${theme}.png`, fullPage: true });
    found.push(...(await axeFindings(page, "main", `${w} ${theme}`)));
  });
  expect(found).toEqual([]);

  await panel.getByRole("button", { name: "Modifier Vacances d'Hiver 2026-2027" }).click();
  await panel.getByLabel("Dernier jour (inclus)").fill("2027-02-01");
  await panel.getByRole("button", { name: "Enregistrer" }).click();
  await expect(panel.getByRole("alert")).toHaveText("Le dernier jour doit être le même que le premier ou après lui.");
  await panel.getByLabel("Dernier jour (inclus)").fill("2027-03-01");
  await panel.getByRole("button", { name: "Enregistrer" }).click();
  await expect(panel.getByText("Période de vacances modifiée.")).toBeVisible();
  // Leave the school as it was for the other specs.
  for (const name of ["Vacances de la Toussaint", "Vacances de Noël", "Vacances d'Hiver", "Vacances de Printemps"]) {
    await panel.getByRole("button", { name: `Supprimer ${name} 2026-2027` }).click();
    const confirm = page.getByRole("alertdialog").or(page.getByRole("dialog")).filter({ hasText: "Supprimer cette période ?" });
    await confirm.getByRole("button", { name: "Supprimer", exact: true }).click();
    await expect(panel.getByRole("button", { name: `Supprimer ${name} 2026-2027` })).toHaveCount(0);
  }
});

test("a student keeps reminders in the holidays, pauses them until a date and resumes", async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const username = `vacances.${RUN}`;
  const created = await request.post("/api/users/register", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { username, password: PASSWORD, role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" },
  });
  expect(created.status(), await created.text()).toBe(201);
  await request.post("/api/users/secret-questions", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { username, secretQuestions: [{ question: "Ville de naissance ?", answer: "Lyon" }] },
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, username, "/", PASSWORD);
  await page.getByRole("button", { name: `Compte ${deWord(username)}` }).click();
  await page.getByRole("menuitem", { name: "Changer l'avatar" }).click();
  const section = page.getByRole("dialog", { name: "Modifier mon profil" }).getByRole("region", { name: "Notifications" });
  const keep = section.getByLabel("Garder mes rappels pendant les vacances");
  await expect(keep).not.toBeChecked();
  await keep.check();
  await expect(section.getByRole("status")).toHaveText("Tes rappels continueront pendant les vacances scolaires.");

  const until = section.getByLabel("Mettre mes rappels en pause jusqu'au");
  await until.fill(parisDay(0));
  await section.getByRole("button", { name: "Mettre en pause" }).click();
  await expect(section.getByRole("alert")).toHaveText("Choisis une date après aujourd'hui.");
  const date = parisDay(10);
  await until.fill(date);
  await section.getByRole("button", { name: "Mettre en pause" }).click();
  const fr = `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
  // Said twice on purpose: the status line announces it, the paragraph stays while the pause lasts.
  await expect(section.getByRole("status")).toHaveText(`Rappels en pause jusqu'au ${fr} inclus.`);
  await expect(section.locator("p:not([role=status])", { hasText: `Rappels en pause jusqu'au ${fr} inclus.` })).toBeVisible();
  await expect(section.getByText(/ne sont pas envoyés après coup/)).toBeVisible();

  const found: string[] = [];
  await atEveryThemeAndSize(page, async (w, theme) => {
    await section.getByRole("button", { name: "Reprendre maintenant" }).evaluate((el) => el.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: `${SHOTS}/notifications-${w}-${theme}.png` });
    found.push(...(await axeFindings(page, '[role="dialog"]', `${w} ${theme}`)));
  });
  expect(found).toEqual([]);

  await section.getByRole("button", { name: "Reprendre maintenant" }).click();
  await expect(section.getByRole("status")).toHaveText("Rappels repris.");
  await expect(section.getByRole("button", { name: "Mettre en pause" })).toBeVisible();
});
