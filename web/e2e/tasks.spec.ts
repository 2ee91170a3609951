import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { expect, test, type Browser } from "@playwright/test";
import { loginAs } from "./support";
import { clearAnnouncements, createTaskAs, DEMO_USERS, openList, parisDay, pdf, SHOTS } from "./tasks-support";

// fflate is a server dependency: resolve it from the server workspace.
const { unzipSync } = createRequire(new URL("../../server/package.json", import.meta.url))("fflate") as {
  unzipSync(data: Uint8Array): Record<string, Uint8Array>;
};

test.beforeAll(async ({ request }) => clearAnnouncements(request, DEMO_USERS));

const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

test("guests see what /devoirs holds and the login prompt, not an empty list", async ({ page }) => {
  await page.goto("/devoirs");
  await expect(page.getByRole("heading", { name: "Liste des devoirs", level: 1 })).toBeVisible();
  await expect(page.getByText(/Vos devoirs et examens triés par date/)).toBeVisible();
  await expect(page.getByText("Aucun devoir trouvé")).toHaveCount(0);
  await expect(page.locator("main")).toHaveCount(1);
  const prompt = page.getByRole("dialog", { name: "Connectez-vous pour voir vos devoirs" });
  await expect(prompt.getByRole("button", { name: "Se connecter" })).toBeVisible();
});

async function pageAs(browser: Browser, username: string, path = "/devoirs", viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({ viewport, locale: "fr-FR", timezoneId: "Europe/Paris" });
  const page = await context.newPage();
  await loginAs(page, username, path);
  return page;
}

test("a delegate publishes a homework for group A; group A sees it, group B does not; tick, archive, unarchive (off her list)", async ({
  browser,
}) => {
  test.setTimeout(120_000); // three accounts in turn, each with its own browser context
  const title = `DM maquette ${Date.now() % 100000}`;
  const lea = await pageAs(browser, "lea.martin");
  await openList(lea);
  await lea.getByRole("button", { name: "Ajouter une tâche", exact: true }).click();
  const add = lea.getByRole("dialog", { name: "Ajouter une tâche" });
  // Required rules first: no subject gives the spec's message.
  await add.getByLabel("Titre").fill(title);
  await add.getByRole("button", { name: "Ajouter" }).click();
  await expect(add.getByText("Veuillez sélectionner une matière.")).toBeVisible();
  await add.getByLabel("Matière").selectOption("Développement web");
  await add.getByLabel("Date").fill(parisDay(2));
  await add.getByLabel("Heure").fill("18:30");
  await expect(add.getByRole("checkbox", { name: "A", exact: true })).toBeChecked();
  // A BUT1 delegate gets the plain editor; bare URLs become links.
  await add.getByLabel("Description").fill("Maquette à rendre, voir https://example.org/brief");
  await add
    .locator('input[type="file"]')
    .setInputFiles({ name: "consignes.pdf", mimeType: "application/pdf", buffer: pdf("consignes", 3000) });
  await expect(add.getByText("consignes.pdf")).toBeVisible();
  await lea.screenshot({ path: `${SHOTS}/add-1440.png` });
  await add.getByRole("button", { name: "Ajouter" }).click();
  await expect(lea.getByTestId("toast").getByText("Tâche ajoutée avec succès !")).toBeVisible();
  await lea.context().close();

  const emma = await pageAs(browser, "emma.petit");
  await openList(emma);
  const card = emma.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText("Nouveau")).toBeVisible();
  await expect(card.getByText("Devoir")).toBeVisible();
  await card.getByRole("button", { name: "Plus d'infos" }).click();
  const details = emma.getByRole("dialog", { name: title });
  await expect(details.getByText("consignes.pdf")).toBeVisible();
  await expect(details.getByText(/Ko$/)).toBeVisible();
  await expect(details.getByRole("link", { name: "https://example.org/brief" })).toBeVisible();
  await emma.screenshot({ path: `${SHOTS}/details-1440.png` });
  await details.getByRole("button", { name: "Fermer" }).click();
  await expect(card.getByText("Nouveau")).toHaveCount(0);
  await emma.screenshot({ path: `${SHOTS}/list-1440.png`, fullPage: true });

  const lucas = await pageAs(browser, "lucas.moreau");
  await openList(lucas);
  await expect(lucas.getByRole("article", { name: title })).toHaveCount(0);
  await lucas.context().close();

  // Tick: the card moves to 'Tâches complétées'.
  await card.getByRole("checkbox", { name: "Marquer comme fait" }).click();
  await expect(emma.getByTestId("column-done").getByRole("article", { name: title })).toBeVisible();
  // Archive it, find it under Archives, then unarchive (with confirmation).
  await emma.getByTestId("column-done").getByRole("article", { name: title }).getByRole("button", { name: "Archiver" }).click();
  await expect(emma.getByRole("article", { name: title })).toHaveCount(0);
  await emma.getByRole("tab", { name: "Archives" }).click();
  const archived = emma.getByTestId("column-archives").getByRole("article", { name: title });
  await expect(archived).toBeVisible();
  await archived.getByRole("button", { name: "Désarchiver" }).click();
  await emma.getByRole("dialog", { name: "Désarchiver" }).getByRole("button", { name: "Oui" }).click();
  await expect(archived).toHaveCount(0);
  // Unarchive also unchecks and takes the task off her list (spec 3 §4), as « Vider » does.
  await emma.getByRole("tab", { name: "Date" }).click();
  await expect(emma.getByRole("article", { name: title })).toHaveCount(0);
  // The state survives a reload (it lives on the server).
  await emma.reload();
  await openList(emma);
  await expect(emma.getByRole("article", { name: title })).toHaveCount(0);
  await emma.context().close();
});

test("a late task that needs a deposit blocks 'Vider les retards' and is listed under 'Attention'", async ({ browser, request }) => {
  const stamp = Date.now() % 100000;
  const blockedTitle = `Rendu ${stamp}`;
  const freeTitle = `Lecture ${stamp}`;
  const base = {
    type: "devoir",
    matiere: "Anglais",
    date: parisDay(-2),
    heure: "10:00",
    description: "",
    year: "BUT1",
    groupes: ["A"],
    groupe: "A",
  };
  await createTaskAs(request, "m.durand", { ...base, titre: blockedTitle, submissionEnabled: true });
  await createTaskAs(request, "m.durand", { ...base, titre: freeTitle, submissionEnabled: false });

  const emma = await pageAs(browser, "emma.petit");
  await openList(emma);
  await expect(emma.getByTestId("late-counter")).toBeVisible();
  await emma.getByRole("tab", { name: /Retard/ }).click();
  const late = emma.getByTestId("column-late");
  await expect(late.getByRole("article", { name: blockedTitle })).toBeVisible();
  await expect(late.getByRole("article", { name: freeTitle }).getByText("En retard")).toBeVisible();
  await emma.getByRole("button", { name: "Vider les retards" }).click();
  await emma.getByRole("dialog", { name: "Vider les retards" }).getByRole("button", { name: "Oui" }).click();
  const attention = emma.getByRole("dialog", { name: "Attention" });
  await expect(attention).toBeVisible();
  await expect(attention.getByText(blockedTitle)).toBeVisible();
  await expect(attention.getByText(freeTitle)).toHaveCount(0);
  await attention.getByRole("button", { name: "OK" }).click();
  await expect(late.getByRole("article", { name: freeTitle })).toHaveCount(0);
  await expect(late.getByRole("article", { name: blockedTitle })).toBeVisible();
  await emma.context().close();
});

test("a prof opens hand-ins, a student deposits two files with progress, the prof downloads the ZIP", async ({ browser, request }) => {
  // Two browsers, 4 MB of uploads and a ZIP: close to a minute on a loaded 2-core machine.
  test.setTimeout(120_000);
  const title = `Projet web ${Date.now() % 100000}`;
  await createTaskAs(request, "m.durand", {
    titre: title,
    type: "devoir",
    matiere: "Intégration",
    date: parisDay(5),
    heure: "12:00",
    description: "<p><strong>Rendu</strong> du projet</p>",
    year: "BUT1",
    groupes: ["Promo"],
    groupe: "Promo",
    submissionEnabled: false,
  });

  const prof = await pageAs(browser, "m.durand");
  await openList(prof);
  await prof.getByRole("article", { name: title }).getByRole("button", { name: "Plus d'infos" }).click();
  const profDetails = prof.getByRole("dialog", { name: title });
  await profDetails.getByRole("checkbox", { name: "Dépôt activé" }).check();
  await expect(profDetails.getByText("Aucun dépôt pour le moment.")).toBeVisible();
  await profDetails.getByRole("button", { name: "Fermer" }).click();

  const emma = await pageAs(browser, "emma.petit");
  await openList(emma);
  await emma.getByRole("article", { name: title }).getByRole("button", { name: "Plus d'infos" }).click();
  const details = emma.getByRole("dialog", { name: title });
  await expect(details.getByRole("button", { name: "Déposer" })).toBeDisabled();
  const files = [
    { name: "rapport.pdf", mimeType: "application/pdf", buffer: pdf("rapport", 3_000_000) },
    { name: "annexe.pdf", mimeType: "application/pdf", buffer: pdf("annexe", 1_000_000) },
  ];
  await details.locator('input[type="file"]').setInputFiles(files);
  await details.getByRole("button", { name: "Déposer" }).click();
  await expect(details.getByRole("progressbar", { name: "Envoi du dépôt" })).toBeVisible();
  await expect(details.getByText("Dépôt réussi.")).toBeVisible();
  const deposited = details.getByRole("list", { name: "Fichiers déposés" });
  await expect(deposited.getByText("rapport.pdf")).toBeVisible();
  await expect(deposited.getByText("annexe.pdf")).toBeVisible();
  await emma.context().close();

  await prof.reload();
  await openList(prof);
  await prof.getByRole("article", { name: title }).getByRole("button", { name: "Plus d'infos" }).click();
  const list = prof.getByRole("dialog", { name: title }).getByRole("list", { name: "Liste des dépôts" });
  await expect(list.getByText("emma.petit")).toBeVisible();
  await expect(list.getByText("rapport.pdf")).toBeVisible();
  const downloadPromise = prof.waitForEvent("download");
  // Over loopback the ZIP arrives in about 0.1 s, too soon to see its bar: its answer is held
  // back for a second, as on a school's Wi-Fi, so the bar is there to be seen.
  await prof.route("**/submissions/zip", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await prof.getByRole("button", { name: "Tout télécharger (ZIP)" }).click();
  await expect(prof.getByRole("progressbar", { name: "Téléchargement du ZIP" })).toBeVisible();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^[A-Za-z0-9._-]+\.zip$/);
  const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const names = Object.keys(zip)
    .filter((n) => !n.endsWith("/"))
    .sort();
  expect(names).toHaveLength(2);
  expect(names.every((n) => n.split("/").length === 2)).toBe(true);
  expect(names.map((n) => n.split("/")[1]).sort()).toEqual(["annexe.pdf", "rapport.pdf"]);
  const rapport = names.find((n) => n.endsWith("rapport.pdf"))!;
  expect(Buffer.from(zip[rapport]!).equals(files[0]!.buffer)).toBe(true);
  await prof.context().close();
});

test("screenshots of the list, details and add popups on a phone", async ({ browser }) => {
  const phone = { width: 390, height: 844 };
  const lea = await pageAs(browser, "lea.martin", "/devoirs", phone);
  await openList(lea);
  await lea.screenshot({ path: `${SHOTS}/list-390.png`, fullPage: true });
  await lea.getByRole("button", { name: "Ajouter une tâche", exact: true }).click();
  await expect(lea.getByRole("dialog", { name: "Ajouter une tâche" })).toBeVisible();
  await lea.waitForTimeout(300); // let the opening animation end
  await lea.screenshot({ path: `${SHOTS}/add-390.png` });
  await lea.getByRole("dialog", { name: "Ajouter une tâche" }).getByRole("button", { name: "Fermer" }).click();
  const first = lea.getByRole("article").first();
  if (await first.count()) {
    await first.getByRole("button", { name: "Plus d'infos" }).click();
    await expect(lea.getByRole("dialog")).toBeVisible();
    await lea.waitForTimeout(300);
    await lea.screenshot({ path: `${SHOTS}/details-390.png` });
  }
  await lea.context().close();
  const prof = await pageAs(browser, "m.durand", "/devoirs", { width: 1440, height: 900 });
  await openList(prof);
  await prof.getByRole("button", { name: "Ajouter une tâche", exact: true }).click();
  await expect(prof.getByRole("toolbar", { name: "Mise en forme" })).toBeVisible();
  await prof.screenshot({ path: `${SHOTS}/add-prof-1440.png` });
  await prof.context().close();
});

test("a prof writes a rich description: bold text, emoji, image limits; the details show it formatted", async ({ browser }) => {
  const title = `Exposé ${Date.now() % 100000}`;
  const prof = await pageAs(browser, "m.durand");
  await openList(prof);
  await prof.getByRole("button", { name: "Ajouter une tâche", exact: true }).click();
  const add = prof.getByRole("dialog", { name: "Ajouter une tâche" });
  await add.getByLabel("Titre").fill(title);
  await add.getByLabel("Matière").selectOption("Anglais");
  await add.getByLabel("Date").fill(parisDay(3));
  await add.getByLabel("Heure").fill("09:00");
  await add.getByRole("checkbox", { name: "Promo" }).check();
  await expect(add.getByRole("checkbox", { name: "B", exact: true })).toBeDisabled();
  await add.getByRole("button", { name: "Ajouter" }).click();
  await expect(add.getByText("Veuillez sélectionner une année.")).toBeVisible();
  await add.getByLabel("Année").selectOption("BUT1");
  const editor = add.getByRole("textbox", { name: "Description" });
  await editor.click();
  await add.getByRole("button", { name: "Gras" }).click();
  await prof.keyboard.type("Important");
  await add.getByRole("button", { name: "Gras" }).click();
  await prof.keyboard.type(" : lire https://example.org/texte ");
  await add.getByRole("button", { name: "Emoji" }).click();
  await add.getByRole("option", { name: "📚" }).click();
  await add.getByLabel("Taille du texte").selectOption("24");
  await expect(add.getByLabel("Taille du texte").locator("option")).toHaveCount(21);
  // An image over 800 KB is refused with the spec's message.
  await add
    .locator('input[type="file"][accept^="image"]')
    .setInputFiles({ name: "grande.png", mimeType: "image/png", buffer: Buffer.alloc(900 * 1024, 1) });
  await expect(add.getByText("Image trop lourde (max 800ko)")).toBeVisible();
  // A small PNG goes in as a data URL; selecting it shows the width controls: a slider from
  // 80 to 592 by 10, and a number field from 50 that reaches 900.
  await add
    .locator('input[type="file"][accept^="image"]')
    .setInputFiles({ name: "point.png", mimeType: "image/png", buffer: Buffer.from(PNG_1PX, "base64") });
  await editor.locator("img").click();
  const width = add.getByRole("spinbutton", { name: "Largeur en pixels" });
  const slider = add.getByRole("slider", { name: "Largeur de l'image" });
  await expect(slider).toHaveAttribute("min", "80");
  await expect(slider).toHaveAttribute("max", "592");
  await expect(slider).toHaveAttribute("step", "10");
  await expect(width).toHaveAttribute("min", "50");
  await expect(width).toHaveAttribute("max", "900");
  await width.fill("750");
  await expect(editor.locator("img")).toHaveAttribute("style", /width: 750px/);
  await width.fill("300");
  await expect(editor.locator("img")).toHaveAttribute("style", /width: 300px/);
  await add.getByRole("button", { name: "Ajouter" }).click();
  await expect(prof.getByTestId("toast").getByText("Tâche ajoutée avec succès !")).toBeVisible();
  await prof.keyboard.press("Escape");
  await prof.getByRole("article", { name: title }).getByRole("button", { name: "Plus d'infos" }).click();
  const description = prof.getByRole("dialog", { name: title }).getByTestId("task-description");
  await expect(description.locator("strong")).toHaveText("Important");
  await expect(description.getByRole("link", { name: "https://example.org/texte" })).toBeVisible();
  await expect(description).toContainText("📚");
  await expect(description.locator("img")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await prof.context().close();
});

test("dark theme screenshots of the list and the details", async ({ browser }) => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const page = await pageAs(browser, "emma.petit", "/devoirs", viewport);
    await page.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
    await openList(page);
    await page.screenshot({ path: `${SHOTS}/list-dark-${viewport.width}.png` });
    await page.getByTestId("column-todo").getByRole("article").first().getByRole("button", { name: "Plus d'infos" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/details-dark-${viewport.width}.png` });
    await page.context().close();
  }
});

test("'Mes tâches créées': a delegate changes the groups of a task, then deletes it for everyone", async ({ browser, request }) => {
  const title = `Sondage ${Date.now() % 100000}`;
  await createTaskAs(request, "lea.martin", {
    titre: title,
    type: "devoir",
    matiere: "Anglais",
    date: parisDay(4),
    heure: "08:00",
    description: "",
    groupes: ["A", "B"],
    groupe: "A",
  });
  const lea = await pageAs(browser, "lea.martin");
  await openList(lea);
  await lea.getByRole("button", { name: "Voir les tâches" }).click();
  const mine = lea.getByRole("dialog", { name: "Mes tâches créées" });
  const card = mine.getByTestId("my-task").filter({ hasText: title });
  await expect(card).toBeVisible();
  await card.getByRole("checkbox", { name: "B", exact: true }).uncheck();
  await card.getByRole("checkbox", { name: "A", exact: true }).uncheck();
  await card.getByRole("button", { name: "Appliquer" }).click();
  await expect(lea.getByRole("dialog", { name: "Erreur" }).getByText("Veuillez sélectionner au moins un groupe.")).toBeVisible();
  await lea.getByRole("dialog", { name: "Erreur" }).getByRole("button", { name: "OK" }).click();
  await card.getByRole("checkbox", { name: "A", exact: true }).check();
  await card.getByRole("button", { name: "Appliquer" }).click();
  await expect(card.getByRole("button", { name: "Appliquer" })).toBeDisabled();

  const lucas = await pageAs(browser, "lucas.moreau");
  await openList(lucas);
  await expect(lucas.getByRole("article", { name: title })).toHaveCount(0);
  await lucas.context().close();

  // 'Modifier' goes through update-self for a delegate.
  await card.getByRole("button", { name: "Modifier" }).click();
  const edit = lea.getByRole("dialog", { name: "Modifier la tâche" });
  await edit.getByLabel("Titre").fill(`${title} v2`);
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(edit).toHaveCount(0);
  await expect(mine.getByTestId("my-task").filter({ hasText: `${title} v2` })).toBeVisible();

  await card.getByRole("button", { name: "Supprimer" }).click();
  const confirm = lea.getByRole("dialog", { name: "Confirmation de suppression" });
  await expect(confirm.getByText("Êtes-vous sûr de vouloir supprimer cette tâche ?")).toBeVisible();
  await confirm.getByRole("button", { name: "Oui" }).click();
  await expect(card).toHaveCount(0);
  await lea.keyboard.press("Escape");
  await expect(lea.getByRole("article", { name: title })).toHaveCount(0);
  await lea.context().close();
});
