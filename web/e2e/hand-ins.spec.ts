import { mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { seriousViolations } from "./a11y-support";
import { apiLogin, atEveryThemeAndSize, loginAs, networkSettled } from "./support";
import { createTaskAs, openList, parisDay, pdf } from "./tasks-support";

// Issue 29 on screen: a teacher follows a task's hand-ins (statuses, counts, an extension,
// the nudge), marks three copies (comment, « 12,5 », a returned PDF) and returns them at once;
// the student reads « Corrigé », the comment and the mark, and downloads the corrected copy.
// Both sizes and themes are shot for a look by eye, and axe checks each screen.
const SHOTS = fileURLToPath(new URL("../../.screenshots/hand-ins", import.meta.url));
mkdirSync(SHOTS, { recursive: true });

async function pageAs(browser: Browser, username: string, path: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "fr-FR", timezoneId: "Europe/Paris" });
  const page = await context.newPage();
  await loginAs(page, username, path);
  return page;
}

async function deposit(request: APIRequestContext, username: string, taskId: string, name: string) {
  const { token } = await apiLogin(request, username);
  const res = await request.post(`/api/events/${taskId}/submissions`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { files: { name, mimeType: "application/pdf", buffer: pdf(name) } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * Other specs share this school (the whole suite runs on one server, several at once) and may
 * add BUT1 students, so counts are read from the screen (« at least the demo's ») rather than
 * fixed to the demo's three students.
 */
async function shownCount(page: Page, testId: string, atLeast: number): Promise<number> {
  const n = Number(await page.getByTestId(testId).textContent());
  expect(n).toBeGreaterThanOrEqual(atLeast);
  return n;
}

/** « n étudiant(s) relancé(s). » as the server says it. */
const nudged = (n: number) => (n === 1 ? "1 étudiant relancé." : `${n} étudiants relancés.`);

/** Screenshots at 390 and 1440 px in both themes, and axe on each; returns what axe found. */
async function lookEverywhere(page: Page, name: string, fullPage = true): Promise<string[]> {
  const found: string[] = [];
  await atEveryThemeAndSize(page, async (width, theme) => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}-${theme}.png`, fullPage });
    for (const line of await seriousViolations(page)) found.push(`${name} ${width} ${theme}: ${line}`);
  });
  return found;
}

test("a teacher follows, extends, marks three hand-ins and returns them; the student reads the correction", async ({
  browser,
  request,
}) => {
  test.setTimeout(480_000); // three browsers, sixteen screenshots with axe, uploads: minutes on a loaded 2-core machine
  const title = `Compte rendu ${Date.now() % 100000}`;
  const taskId = await createTaskAs(request, "m.durand", {
    titre: title,
    type: "devoir",
    matiere: "Anglais",
    date: parisDay(-1),
    heure: "10:00",
    description: "<p>Compte rendu de TP</p>",
    year: "BUT1",
    groupes: ["Promo"],
    groupe: "Promo",
    submissionEnabled: true,
  });
  // Past the deadline: both deposits are late. Léa has not handed in yet.
  await deposit(request, "emma.petit", taskId, "emma-tp.pdf");
  await deposit(request, "lucas.moreau", taskId, "lucas-tp.pdf");

  // The teacher's home lists the task under « À corriger », with its year; its card leads to the hand-in page.
  const prof = await pageAs(browser, "m.durand", "/");
  const card = prof.getByTestId("to-mark-card").filter({ hasText: title });
  await expect(card).toContainText("2 à corriger");
  await expect(card).toContainText("BUT1");
  await card.getByRole("link", { name: title }).click();
  await expect(prof).toHaveURL(new RegExp(`/devoirs/${taskId}/depots$`));
  await expect(prof.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(prof.getByTestId("hand-ins-year")).toHaveText("BUT1");
  await expect(prof.getByTestId("count-en-retard")).toHaveText("2");
  const notHandedIn = await shownCount(prof, "count-non-rendu", 1); // Léa, and any student another spec added
  const row = (username: string) => prof.locator(`[data-testid="hand-in-row"][data-user="${username}"]`);
  await expect(row("emma.petit").getByText(/Rendu en retard/)).toBeVisible();
  await expect(row("lea.martin").getByText("Non rendu")).toBeVisible();

  // « Relancer les retardataires »: Léa, once a day.
  await prof.getByRole("button", { name: "Relancer les retardataires" }).click();
  await expect(prof.getByText(nudged(notHandedIn))).toBeVisible();
  await expect(prof.getByRole("button", { name: "Relancer les retardataires" })).toBeDisabled();
  await expect(prof.getByText("Les retardataires ont déjà été relancés aujourd'hui.")).toBeVisible();

  // Léa hands in: the open table follows (live event).
  await deposit(request, "lea.martin", taskId, "lea-tp.pdf");
  await expect(prof.getByTestId("count-en-retard")).toHaveText("3");

  // Back home, the card counts her too.
  await prof.goto("/");
  await expect(card).toContainText("3 à corriger");
  await card.getByRole("link", { name: title }).click();
  await expect(prof.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // An extension for Emma: her deposit becomes on time.
  await row("emma.petit")
    .getByRole("button", { name: /Ouvrir/ })
    .click();
  let panel = prof.getByRole("dialog", { name: "Petit Emma" });
  await panel.getByLabel("Nouvelle date").fill(parisDay(2));
  await panel.getByLabel("Heure (Paris)").fill("18:00");
  await panel.getByRole("button", { name: "Prolonger le délai" }).click();
  await expect(panel.getByText("Délai prolongé.")).toBeVisible();
  await expect(panel.getByText(/^Délai prolongé jusqu'au/)).toBeVisible();
  await expect(panel.getByTestId("hand-in-version").first()).toContainText("dans les temps");
  await panel.getByRole("button", { name: "Fermer" }).click();
  await expect(row("emma.petit").getByText("Rendu", { exact: true })).toBeVisible();
  await expect(prof.getByTestId("count-rendu")).toHaveText("1");
  await expect(row("emma.petit").getByText("prolongé")).toBeVisible();

  // Marking three copies: Martin, Moreau, Petit, each opened from its row (other students of
  // the shared school may sit between them in the table's order, so no « suivant » here).
  for (const [name, file, username] of [
    ["Martin Léa", "corrige-lea.pdf", "lea.martin"],
    ["Moreau Lucas", "corrige-lucas.pdf", "lucas.moreau"],
    ["Petit Emma", "corrige-emma.pdf", "emma.petit"],
  ] as const) {
    await row(username)
      .getByRole("button", { name: /Ouvrir/ })
      .click();
    panel = prof.getByRole("dialog", { name });
    await expect(panel.getByRole("heading", { name: "Versions du dépôt" })).toBeVisible();
    const comment = panel.getByRole("textbox", { name: "Commentaire" });
    await comment.click();
    await prof.keyboard.type(`Bon travail, ${name.split(" ")[1]} : revoir la conclusion.`);
    const mark = panel.getByLabel("Note (sur 20)");
    await mark.fill("25");
    await expect(panel.getByText("Note invalide : un nombre entre 0 et le barème, deux décimales au plus.")).toBeVisible();
    await expect(panel.getByRole("button", { name: "Enregistrer le brouillon" })).toBeDisabled();
    await mark.fill("12,5");
    await panel.getByRole("button", { name: "Enregistrer le brouillon" }).click();
    await expect(panel.getByText("Brouillon enregistré.")).toBeVisible();
    await panel.locator('input[type="file"]').setInputFiles({ name: file, mimeType: "application/pdf", buffer: pdf(file) });
    await expect(panel.getByText("Copie corrigée ajoutée.")).toBeVisible();
    await expect(panel.getByRole("list", { name: "Copies corrigées" }).getByRole("button", { name: `Télécharger ${file}` })).toBeVisible();
    if (name === "Moreau Lucas") {
      await networkSettled(prof);
      const found = await lookEverywhere(prof, "student-panel", false); // a dialog: the screen as seen
      expect(found).toEqual([]);
    }
    await expect(panel.getByRole("navigation", { name: "Autres étudiants" })).toBeVisible();
    await panel.getByRole("button", { name: "Fermer" }).click();
  }
  await expect(row("lucas.moreau").getByText("Brouillon")).toBeVisible();
  await expect(row("lucas.moreau").getByText("12,5/20")).toBeVisible();

  await networkSettled(prof);
  expect(await lookEverywhere(prof, "hand-ins-page")).toEqual([]);

  // « Rendre les copies »: the confirmation says how many, then every draft goes at once.
  await prof.getByRole("button", { name: "Rendre les copies (3)" }).click();
  const confirm = prof.getByRole("dialog", { name: "Rendre les copies ?" });
  await expect(confirm.getByText(/^3 copies seront rendues/)).toBeVisible();
  await confirm.getByRole("button", { name: "Rendre les 3 copies" }).click();
  await expect(prof.getByText("3 copies rendues.")).toBeVisible();
  await expect(row("emma.petit").getByText("Corrigé")).toBeVisible();
  await expect(prof.getByRole("button", { name: /^Rendre les copies/ })).toBeDisabled();
  await prof.context().close();

  // The student: « Corrigé » on the card, the comment, the mark, the corrected copy.
  const emma = await pageAs(browser, "emma.petit", "/devoirs");
  await openList(emma);
  const task = emma.getByRole("article", { name: title });
  await expect(task.getByTestId("task-corrected")).toHaveText("Corrigé");
  await networkSettled(emma);
  expect(await lookEverywhere(emma, "student-card")).toEqual([]);
  await task.getByRole("button", { name: "Plus d'infos" }).click();
  const details = emma.getByRole("dialog", { name: title });
  await expect(details.getByTestId("extended-until")).toContainText("Délai prolongé jusqu'au");
  const feedback = details.getByTestId("my-feedback");
  await expect(feedback.getByText("Note : 12,5/20")).toBeVisible();
  await expect(feedback.getByTestId("feedback-comment")).toContainText("Bon travail, Emma : revoir la conclusion.");
  await expect(details.getByText("Ta copie a été corrigée : le dépôt est fermé.")).toBeVisible();
  await expect(details.getByRole("button", { name: "Déposer" })).toHaveCount(0);
  const download = emma.waitForEvent("download");
  await feedback.getByRole("button", { name: "Télécharger corrige-emma.pdf" }).click();
  expect((await download).suggestedFilename()).toBe("corrige-emma.pdf");
  await networkSettled(emma);
  await feedback.scrollIntoViewIfNeeded(); // the correction, below the deposit on a phone
  expect(await lookEverywhere(emma, "student-feedback", false)).toEqual([]);
  await emma.context().close();
});

test("the task's details lead a teacher to its hand-in page; a student has no such link", async ({ browser, request }) => {
  const title = `Exposé ${Date.now() % 100000}`;
  const taskId = await createTaskAs(request, "m.durand", {
    titre: title,
    type: "devoir",
    matiere: "Anglais",
    date: parisDay(3),
    heure: "10:00",
    description: "",
    year: "BUT1",
    groupes: ["Promo"],
    groupe: "Promo",
    submissionEnabled: true,
  });
  const emma = await pageAs(browser, "emma.petit", "/devoirs");
  await openList(emma);
  await emma.getByRole("article", { name: title }).getByRole("button", { name: "Plus d'infos" }).click();
  await expect(emma.getByRole("dialog", { name: title }).getByRole("button", { name: "Déposer" })).toBeVisible();
  await expect(emma.getByRole("link", { name: "Suivi des dépôts, délais et notes" })).toHaveCount(0);
  await emma.goto(`/devoirs/${taskId}/depots`);
  await expect(emma.getByText("Cette page est réservée aux professeurs et aux administrateurs.")).toBeVisible();
  await emma.context().close();

  const prof = await pageAs(browser, "m.durand", "/devoirs");
  await openList(prof);
  await prof.getByRole("article", { name: title }).getByRole("button", { name: "Plus d'infos" }).click();
  await prof.getByRole("dialog", { name: title }).getByRole("link", { name: "Suivi des dépôts, délais et notes" }).click();
  await expect(prof).toHaveURL(new RegExp(`/devoirs/${taskId}/depots$`));
  await expect(prof.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(prof.getByTestId("hand-in-row").first()).toBeVisible();
  await shownCount(prof, "count-non-rendu", 3);

  // Search by name without accents; the « Non rendu » tile filters, a second click shows all.
  const rows = prof.getByTestId("hand-in-row");
  await prof.getByLabel("Rechercher un étudiant").fill("lea");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Martin Léa");
  await prof.getByLabel("Rechercher un étudiant").fill("");
  await prof.getByRole("button", { name: /Dispensé/ }).click();
  await expect(prof.getByText("Aucun étudiant ne correspond à ces critères.")).toBeVisible();
  await prof.getByRole("button", { name: /Dispensé/ }).click();
  for (const username of ["emma.petit", "lea.martin", "lucas.moreau"]) {
    await expect(prof.locator(`[data-testid="hand-in-row"][data-user="${username}"]`)).toBeVisible();
  }

  // The mark scale: a whole number from 1 to 100.
  const scale = prof.getByLabel("Barème : /");
  await scale.fill("0");
  await expect(prof.getByText("Le barème doit être un nombre entier entre 1 et 100.")).toBeVisible();
  await expect(prof.getByRole("button", { name: "Enregistrer le barème" })).toBeDisabled();
  await scale.fill("30");
  await prof.getByRole("button", { name: "Enregistrer le barème" }).click();
  await expect(prof.getByText("Barème enregistré.")).toBeVisible();

  // The CSV for French spreadsheets: BOM, « ; », French labels.
  const download = prof.waitForEvent("download");
  await prof.getByRole("button", { name: "Exporter en CSV" }).click();
  const csv = readFileSync(await (await download).path(), "utf8");
  expect(csv.startsWith("\uFEFFNom;Prénom;")).toBe(true);
  expect(csv).toContain("Petit;Emma;emma.petit;");
  expect(csv).toContain("Non rendu");
  await prof.context().close();
});
