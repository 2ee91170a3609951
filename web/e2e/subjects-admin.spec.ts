import { expect, test } from "@playwright/test";
import { ADMIN_PASSWORD, loginAs } from "./support";
import { SHOTS } from "./tasks-support";

// The admin's subject screen (out of tasks.spec.ts, which had grown past 400 lines).
test("the admin manages subjects and the rules of built-in subjects", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "fr-FR", timezoneId: "Europe/Paris" });
  const page = await context.newPage();
  await loginAs(page, "admin", "/admin?section=matieres", ADMIN_PASSWORD);
  const manager = page.getByRole("region", { name: "Gestion des Matières" });
  await expect(manager).toBeVisible();
  await manager.getByRole("button", { name: "Ajouter une matière" }).click();
  const modal = page.getByRole("dialog", { name: "Ajouter une matière" });
  await modal.getByRole("button", { name: "Ajouter" }).click();
  await expect(modal.getByText("Le nom de la matière est requis.")).toBeVisible();
  const name = `Photographie ${Date.now() % 10000}`;
  await modal.getByLabel("Nom").fill(name);
  await modal.getByLabel("Utiliser un dégradé").check();
  await modal.getByRole("button", { name: "Ajouter" }).click();
  const card = manager.getByTestId("subject-card").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByText(/Dégradé/)).toBeVisible();
  await card.getByRole("button", { name: "Modifier" }).click();
  const edit = page.getByRole("dialog", { name: "Modifier la matière" });
  await edit.getByRole("checkbox", { name: "BUT2" }).check();
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(card.getByText("BUT2")).toBeVisible();
  // A rule on a built-in subject, saved then removed.
  const rules = manager.getByRole("region", { name: "Règles des matières intégrées" });
  await rules.getByRole("combobox", { name: "Matière" }).selectOption("Culture artistique");
  await rules.getByRole("checkbox", { name: "BUT3" }).check();
  await rules.getByRole("button", { name: "Enregistrer la règle" }).click();
  await expect(rules.getByText("Règle enregistrée.")).toBeVisible();
  await expect(rules.getByRole("button", { name: "Culture artistique" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/subjects-1440.png`, fullPage: true });
  await rules.getByRole("button", { name: "Supprimer la règle" }).click();
  await expect(rules.getByText("Règle supprimée.")).toBeVisible();
  await expect(rules.getByRole("button", { name: "Culture artistique" })).toHaveCount(0);
  await card.getByRole("button", { name: "Supprimer" }).click();
  await page.getByRole("dialog", { name: "Supprimer la matière" }).getByRole("button", { name: "Oui" }).click();
  await expect(card).toHaveCount(0);
  await context.close();
});
