import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { deWord } from "@planify/common/format/french";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, dismissAnnouncements, loginAs, networkSettled } from "./support";

// Other suites share the artifacts folder: keep this one free of traces.
test.use({ trace: "off" });

const SHOTS = fileURLToPath(new URL("../../.screenshots/admin/", import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const STAMP = Date.now().toString(36);

/** Saves the screen at desktop and phone sizes, light and dark. */
async function shoot(page: Page, name: string) {
  await atEveryThemeAndSize(page, (width, theme) =>
    page.screenshot({ path: `${SHOTS}${name}-${theme}-${width}.png`, fullPage: width === 1440 }).then(() => undefined),
  );
}

/** A fresh student created through the API (no other spec knows it). */
async function newStudent(request: APIRequestContext, token: string, username: string) {
  const res = await request.post("/api/users/register", {
    headers: { Authorization: `Bearer ${token}` },
    data: { username, password: "motdepasse-e2e", role: "eleve", year: "BUT1", groupe: "A" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const login = await apiLogin(request, username, "motdepasse-e2e");
  await dismissAnnouncements(request, login.token);
  return login;
}

const section = (page: Page, name: string) => page.getByRole("tab", { name, exact: true }).click();

test("an admin runs the school from the dashboard, and finds every action in the journal", async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const studentName = `e2e.eleve.${STAMP}`;
  const student = await newStudent(request, admin.token, studentName);
  const delegateName = `e2e.delegue.${STAMP}`;

  await loginAs(page, "admin", "/admin", ADMIN_PASSWORD);
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();

  // 1. Add a delegate: a professor role would clear the year; a delegate needs one.
  await section(page, "Ajouter un utilisateur");
  const add = page.getByRole("dialog", { name: "Ajouter un utilisateur" });
  await add.getByLabel("Nom d'utilisateur").fill(`  e2e.delegue.${STAMP} `);
  await add.getByLabel("Mot de passe").fill("motdepasse-delegue");
  await add.getByLabel("Rôle").selectOption("prof");
  await expect(add.getByLabel("Année")).toBeDisabled();
  await add.getByLabel("Rôle").selectOption("delegue");
  await add.getByRole("button", { name: "Ajouter" }).click();
  await expect(add.getByRole("alert")).toHaveText("Veuillez sélectionner une année.");
  await add.getByLabel("Année").selectOption("BUT2");
  await add.getByLabel("Groupe").selectOption("B");
  await add.getByRole("button", { name: "Ajouter" }).click();
  await expect(add.getByRole("status")).toHaveText(`Compte ${delegateName} créé.`);
  await shoot(page, "add-user");
  await add.getByRole("button", { name: "Fermer", exact: true }).first().click();

  // 2. Give the student an item with a message, from the users list.
  await section(page, "Gérer les utilisateurs");
  await page.getByLabel("Rechercher", { exact: true }).fill(studentName);
  await expect(page.getByRole("row")).toHaveCount(2);
  await shoot(page, "users");
  await page.getByRole("button", { name: `Voir les items ${deWord(studentName)}` }).click();
  const items = page.getByRole("dialog", { name: `Items ${deWord(studentName)}` });
  await items
    .getByRole("group", { name: /^Items/ })
    .getByLabel("Filtrer")
    .fill("coeur");
  await items.getByRole("checkbox", { name: /C(oe|œ)ur/ }).check();
  await items.getByLabel("Message de l'équipe (facultatif)").fill("Bravo pour ton exposé !");
  await items.getByRole("button", { name: "Donner", exact: true }).click();
  await expect(items.getByRole("status")).toContainText(`1 item(s) offert(s) à ${studentName}.`);
  await expect(items.getByRole("list", { name: "Items possédés" })).toContainText(/C(oe|œ)ur/);
  await shoot(page, "user-items");
  await page.keyboard.press("Escape");

  // 3. Generate a code for the student to redeem.
  await section(page, "Codes de récompense");
  const generator = page.getByRole("form", { name: "Générer un code" });
  await generator.getByLabel("Filtrer").fill("galaxie");
  await generator.getByRole("checkbox", { name: /Galaxie/ }).check();
  await generator.getByRole("button", { name: "Générer un code" }).click();
  const codeText = (await page.getByTestId("last-code").textContent())?.trim() ?? "";
  expect(codeText).toMatch(/^[A-Z2-9]{8}$/);
  await shoot(page, "codes");

  // 4. A pop-up to the student, picked from the list.
  await section(page, "Pop-up");
  await page.getByRole("textbox", { name: "Contenu du pop-up" }).fill("Passe au bureau des délégués demain.");
  await page.getByRole("radio", { name: "Un utilisateur" }).check();
  await page.getByLabel("Rechercher un utilisateur").fill(studentName);
  await page.getByRole("radio", { name: new RegExp(`${studentName.replace(/\./g, "\\.")} · Étudiant`) }).check();
  await page.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pop-up envoyé." })).toBeVisible();
  await shoot(page, "popup");

  // 5. A patch note, published and highlighted: the About link lights its dot.
  await page.evaluate(() => localStorage.setItem("planify:patch-notes-seen", String(Date.now())));
  await section(page, "Patch Notes");
  await page.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Titre et contenu requis");
  await page.getByLabel("Titre").fill(`Planify 2.0 ${STAMP}`);
  await page.getByLabel("Version").fill("2.0.0");
  await page.getByRole("textbox", { name: "Contenu de la note" }).fill("Le tableau de bord des administrateurs est complet.");
  await page.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Note publiée.");
  await expect(page.getByRole("list", { name: "Notes existantes" })).toContainText(`Planify 2.0 ${STAMP}`);
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
  await expect(page.getByRole("navigation", { name: "Navigation principale" }).getByTestId("about-dot")).toBeVisible();
  await shoot(page, "patch-notes");

  // 6. Faction totals, then the results to every member.
  await section(page, "Factions");
  const bagnat = page.getByRole("form", { name: "Total de Bagnat" });
  const before = await bagnat.getByLabel("Total de coins").inputValue();
  await bagnat.getByLabel("Total de coins").fill("1234");
  await bagnat.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Total de Bagnat enregistré.");
  await page.getByRole("button", { name: "Envoyer les résultats" }).click();
  await expect(page.getByRole("main").getByRole("status")).not.toContainText("Total de Bagnat enregistré.");
  await expect(page.getByRole("main").getByRole("status")).toBeVisible();
  await shoot(page, "factions");

  // 7. The task form: a subject button sets the subject; create, edit from the list, delete for everyone.
  await section(page, "Devoirs et examens");
  const tasks = page.getByRole("region", { name: /Ajouter une tâche|Modifier la tâche/ });
  await tasks.getByRole("navigation", { name: "Matières" }).getByRole("button", { name: "Anglais" }).click();
  const taskTitle = `Oral d'anglais ${STAMP}`;
  await tasks.getByLabel("Titre").fill(taskTitle);
  await tasks.getByLabel("Date").fill("2026-12-15");
  await tasks.getByLabel("Heure").fill("10:00");
  await tasks.getByLabel("Année").selectOption("BUT1");
  await tasks.getByRole("checkbox", { name: "Promo" }).check();
  await tasks.getByRole("button", { name: "Ajouter", exact: true }).click();
  const taskList = tasks.getByRole("list", { name: "Tâches de la matière" });
  await expect(taskList).toContainText(taskTitle);
  await tasks.getByRole("button", { name: `Modifier ${taskTitle}` }).click();
  await expect(page.getByRole("heading", { name: "Modifier la tâche" })).toBeVisible();
  await tasks.getByLabel("Titre").fill(`${taskTitle} (salle B12)`);
  await tasks.getByRole("button", { name: "Modifier", exact: true }).click();
  await expect(taskList).toContainText(`${taskTitle} (salle B12)`);
  await expect(page.getByRole("heading", { name: "Ajouter une tâche" })).toBeVisible();
  await shoot(page, "tasks");
  await tasks.getByRole("button", { name: `Supprimer ${taskTitle} (salle B12)` }).click();
  await page.getByRole("dialog", { name: "Confirmation de suppression" }).getByRole("button", { name: "Oui" }).click();
  await expect(taskList).not.toContainText(taskTitle);

  // 8. The journal holds all of it.
  await section(page, "Journal");
  const journal = page.getByRole("region", { name: "Journal" });
  for (const text of [
    `Compte ${delegateName} créé`,
    `offert à ${studentName}`,
    `Code ${codeText} créé`,
    `Pop-up envoyé à ${studentName}`,
    `Note « Planify 2.0 ${STAMP} » publiée`,
    `Tâche « ${taskTitle} (salle B12) » supprimée définitivement`,
    "Total de faction",
    "Résultats de faction",
  ]) {
    await expect(journal).toContainText(text);
  }
  await shoot(page, "journal");

  // The other sections, looked at too.
  for (const [tab, name] of [["Gérer les matières", "subjects"]] as const) {
    await section(page, tab);
    await networkSettled(page);
    await shoot(page, name);
  }

  // The student: the gift with its message, the pop-up, and the code that works once.
  const studentPage = await (await browser.newContext({ baseURL: page.url().replace(/\/admin.*$/, "") })).newPage();
  await loginAs(studentPage, studentName, "/", "motdepasse-e2e", { keepAnnouncements: true });
  const gift = studentPage.getByRole("dialog", { name: "Nouvel item reçu !" });
  await expect(gift).toContainText("Bravo pour ton exposé !");
  await gift.getByRole("button", { name: "Merci !" }).click();
  await expect(studentPage.getByText("Passe au bureau des délégués demain.")).toBeVisible();
  const redeem = await request.post("/api/redeem-codes/redeem", {
    headers: { Authorization: `Bearer ${student.token}` },
    data: { code: codeText.toLowerCase() },
  });
  expect(redeem.status()).toBe(200);

  // Put the demo school back as the other specs expect it: the total, and no pending result pop-ups.
  const reset = await request.post("/api/factions/total-coins", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { name: "Bagnat", totalCoins: Number(before) },
  });
  expect(reset.ok()).toBe(true);
  for (const name of [
    "lea.martin",
    "hugo.bernard",
    "emma.petit",
    "lucas.moreau",
    "chloe.roux",
    "nathan.fournier",
    "ines.girard",
    "tom.lefebvre",
  ]) {
    await dismissAnnouncements(request, (await apiLogin(request, name)).token);
  }
});
