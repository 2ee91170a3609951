import { mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { seriousViolations } from "./a11y-support";
import { apiLogin, atEveryThemeAndSize, loginAs } from "./support";
import { openList, parisDay, pdf } from "./tasks-support";

// Issue 30 §1, task proposals on the compiled binary: a student proposes a task with a PDF, a
// classmate takes it into their list from the feed, the year's delegate validates it and the
// classmate's homework list shows the class task with its file; another proposal is refused
// with a reason its author reads. The three accounts are this spec's own (BUT3, made by the
// admin): other specs share the school, so nothing here counts what they see. Screenshots of
// the form, the feed and the review panel land in .screenshots/proposals.
test.use({ trace: "off" });
const SHOTS = fileURLToPath(new URL("../../.screenshots/proposals", import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const PASSWORD = "propositions-e2e-1";
const AUTHOR = "propo.auteur";
const CLASSMATE = "propo.camarade";
const DELEGATE = "propo.delegue";

async function newAccount(request: APIRequestContext, username: string, role: "eleve" | "delegue") {
  const admin = await apiLogin(request, "claire.admin");
  const registered = await request.post("/api/users/register", {
    data: { username, password: PASSWORD, role, year: "BUT3", groupe: "A", specialite: "" },
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  // 409: a retry finds the account already made.
  if (registered.status() !== 409) expect(registered.ok(), await registered.text()).toBe(true);
  const user = await apiLogin(request, username, PASSWORD);
  const questions = await request.post("/api/users/secret-questions", {
    data: { secretQuestions: [{ question: "Ville de naissance ?", answer: "Lille" }] },
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(questions.ok()).toBe(true);
  return user;
}

async function pageAs(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "fr-FR", timezoneId: "Europe/Paris" });
  const page = await context.newPage();
  await loginAs(page, username, "/devoirs", PASSWORD);
  await openList(page);
  return page;
}

/** Screenshots at both sizes and themes, and no serious or critical axe violation in the dialogs. */
async function look(page: Page, name: string) {
  await atEveryThemeAndSize(page, async (width, theme) => {
    await page.screenshot({ path: `${SHOTS}/${name}-${width}-${theme}.png` });
    expect(await seriousViolations(page, ['[role="dialog"]'])).toEqual([]);
  });
}

async function openPanel(page: Page) {
  await page.getByTestId("proposals-button").click();
  const panel = page.getByRole("dialog", { name: "Propositions" });
  await expect(panel).toBeVisible();
  return panel;
}

test("a proposal with its PDF goes from a student to a classmate's list, then to the class once a delegate validates it; a refused one tells its author why", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now() % 100000;
  const title = `Exposé proposé ${stamp}`;
  const refusedTitle = `Fiche refusée ${stamp}`;
  const reason = "Déjà prévu au cours de jeudi.";
  const author = await newAccount(request, AUTHOR, "eleve");
  await newAccount(request, CLASSMATE, "eleve");
  await newAccount(request, DELEGATE, "delegue");

  // The author proposes through the task form, with a PDF.
  const alice = await pageAs(browser, AUTHOR);
  await alice.getByRole("button", { name: "Proposer une tâche" }).click();
  const form = alice.getByRole("dialog", { name: "Proposer une tâche" });
  await form.getByLabel("Titre").fill(title);
  await form.getByLabel("Matière").selectOption({ index: 1 });
  await form.getByLabel("Date").fill(parisDay(6));
  await form.getByLabel("Heure").fill("18:00");
  await form.getByRole("checkbox", { name: "Promo" }).check();
  await form.getByLabel("Description").fill("Dix minutes par binôme.");
  await form.locator('input[type="file"]').setInputFiles({ name: "sujet.pdf", mimeType: "application/pdf", buffer: pdf("sujet", 2000) });
  await expect(form.getByText("sujet.pdf")).toBeVisible();
  await look(alice, "form");
  await form.getByRole("button", { name: "Proposer" }).click();
  await expect(alice.getByTestId("toast").getByText("Proposition envoyée !")).toBeVisible();
  await expect(form).toHaveCount(0);

  // A second one, sent as the original client does, will be refused.
  const sent = await request.post("/api/events/proposals", {
    headers: { Authorization: `Bearer ${author.token}` },
    data: {
      titre: refusedTitle,
      type: "devoir",
      matiere: "Anglais",
      date: parisDay(8),
      heure: "10:00",
      groupes: ["Promo"],
      groupe: "Promo",
      year: "BUT3",
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  // The classmate finds it in the feed, with its author and file, and takes it into their list.
  const bob = await pageAs(browser, CLASSMATE);
  await expect(bob.getByTestId("proposals-button")).toContainText(/\d/);
  let panel = await openPanel(bob);
  const card = panel.getByRole("listitem", { name: title });
  await expect(card).toContainText(`Proposée par ${AUTHOR}`);
  await expect(card.getByRole("button", { name: "Télécharger sujet.pdf" })).toBeVisible();
  await look(bob, "feed");
  await card.getByRole("button", { name: "Ajouter à ma liste" }).click();
  await expect(card.getByRole("button", { name: "Retirer de ma liste" })).toBeVisible();
  await expect(card).toContainText("Dans ma liste");
  await panel.getByRole("tab", { name: "Ma liste" }).click();
  await expect(panel.getByRole("listitem", { name: title })).toContainText("Proposition");
  await panel.getByRole("button", { name: "Fermer" }).click();

  // The year's delegate reviews: validates the first, refuses the second with a reason.
  const dan = await pageAs(browser, DELEGATE);
  panel = await openPanel(dan);
  const pending = panel.getByRole("list", { name: "Propositions en attente" });
  await expect(pending.getByRole("listitem", { name: title })).toContainText(`Proposée par ${AUTHOR}`);
  await look(dan, "review");
  await pending.getByRole("listitem", { name: title }).getByRole("button", { name: "Valider" }).click();
  await expect(dan.getByTestId("toast").getByText("Proposition validée")).toBeVisible();
  await expect(pending.getByRole("listitem", { name: title })).toHaveCount(0);
  await pending.getByRole("listitem", { name: refusedTitle }).getByRole("button", { name: "Refuser" }).click();
  const refuse = dan.getByRole("dialog", { name: "Refuser la proposition" });
  await refuse.getByLabel(/Motif/).fill(reason);
  await look(dan, "refuse");
  await refuse.getByRole("button", { name: "Refuser la proposition" }).click();
  await expect(dan.getByTestId("toast").getByText("Proposition refusée.")).toBeVisible();
  await expect(pending.getByRole("listitem", { name: refusedTitle })).toHaveCount(0);
  await panel.getByRole("button", { name: "Fermer" }).click();
  // The class task is in the delegate's own list too.
  await expect(dan.getByRole("article", { name: title })).toBeVisible();
  await dan.context().close();

  // The classmate's homework list now holds the class task, its file downloadable.
  await bob.reload();
  await openList(bob);
  const task = bob.getByRole("article", { name: title });
  await expect(task).toBeVisible();
  await task.getByRole("button", { name: "Plus d'infos" }).click();
  const details = bob.getByRole("dialog", { name: title });
  const downloading = bob.waitForEvent("download");
  await details.getByRole("button", { name: "Télécharger sujet.pdf" }).click();
  const download = await downloading;
  expect(readFileSync(await download.path()).toString("latin1")).toContain("%PDF-1.4");
  await bob.context().close();

  // The author reads the outcome of both, and the reason of the refusal.
  await alice.reload();
  await openList(alice);
  panel = await openPanel(alice);
  await panel.getByRole("tab", { name: "Mes propositions" }).click();
  const reviewed = panel.getByRole("list", { name: "Mes propositions examinées" });
  await expect(reviewed.getByRole("listitem", { name: refusedTitle })).toContainText("Refusée");
  await expect(reviewed.getByRole("listitem", { name: refusedTitle })).toContainText(`Motif : ${reason}`);
  await expect(reviewed.getByRole("listitem", { name: title })).toContainText("Validée");
  await look(alice, "mine");
  await alice.context().close();
});
