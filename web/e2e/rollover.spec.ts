import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./a11y-support";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, dismissAnnouncements, loginAs } from "./support";

// « Nouvelle année scolaire »: the admin walks the wizard (year → repeating students → options →
// real preview → typed confirmation → result), and a deactivated graduate's one screen.
// The e2e server is shared by every spec: the final POST /api/admin/rollover is answered here
// (running it would promote the demo school under the other specs); the run itself is covered
// by server/src/features/rollover/*.test.ts on a real database and backup.
const SHOTS = fileURLToPath(new URL("../../.screenshots/rollover", import.meta.url));
mkdirSync(SHOTS, { recursive: true });

async function lookEverywhere(page: Page, name: string, include: string[]) {
  const found: string[] = [];
  await atEveryThemeAndSize(page, async (width, theme) => {
    await page.screenshot({ path: `${SHOTS}/${name}-${width}-${theme}.png`, fullPage: true });
    found.push(...(await seriousViolations(page, include)).map((v) => `${name} ${width} ${theme}: ${v}`));
  });
  return found;
}

test("the admin walks the « Nouvelle année scolaire » wizard", async ({ page }) => {
  test.setTimeout(240_000);
  await loginAs(page, "admin", "/admin?section=nouvelle-annee", ADMIN_PASSWORD);
  const panel = page.getByRole("region", { name: "Nouvelle année scolaire" });
  await expect(panel.getByRole("heading", { name: "Nouvelle année scolaire" })).toBeVisible();
  await panel.getByLabel("Année scolaire à clôturer").fill("2025-2026");
  await panel.getByRole("button", { name: "Continuer" }).click();
  await panel.getByLabel("Rechercher un étudiant").fill("emma");
  await panel.getByRole("checkbox", { name: /emma\.petit/ }).check();
  await expect(panel.getByText(/1 redoublant choisi : emma\.petit/)).toBeVisible();
  await panel.getByRole("button", { name: "Continuer" }).click();
  await expect(panel.getByLabel("Délai avant suppression des diplômés (mois)")).toHaveValue("6");
  await panel.getByRole("button", { name: "Voir l'aperçu" }).click();
  await expect(panel.getByRole("heading", { name: "Ce qui va changer pour 2025-2026" })).toBeVisible();
  await expect(panel.getByText("Redoublent (restent dans leur année)")).toBeVisible();
  const confirm = panel.getByRole("button", { name: "Clôturer l'année" });
  await expect(confirm).toBeDisabled();
  await panel.getByLabel("Pour confirmer, tape « 2025-2026 »").fill("2025-2026");
  await expect(confirm).toBeEnabled();
  const found = await lookEverywhere(page, "preview", ['[aria-labelledby="rollover-title"]']);

  let sent: unknown = null;
  await page.route("**/api/admin/rollover", async (route) => {
    sent = route.request().postDataJSON();
    const counts = { promotedBut1: 41, promotedBut2: 38, repeating: 1, graduatesDeactivated: 35, tasksArchived: 212, groupsReset: 0 };
    await route.fulfill({
      json: {
        success: true,
        message: "Année 2025-2026 clôturée.",
        schoolYear: "2025-2026",
        counts,
        eraseAfter: "2027-05-27T20:00:00.000Z",
        backupName: "planify-avant-nouvelle-annee-2025-2026-20261127T200000Z.tar",
      },
    });
  });
  await confirm.click();
  await expect(panel.getByRole("status")).toHaveText("Année 2025-2026 clôturée.");
  await expect(panel.getByText("planify-avant-nouvelle-annee-2025-2026-20261127T200000Z.tar")).toBeVisible();
  expect(sent).toMatchObject({ schoolYear: "2025-2026", repeating: ["emma.petit"], resetGroups: false, graduateErasureMonths: 6 });
  found.push(...(await lookEverywhere(page, "result", ['[aria-labelledby="rollover-title"]'])));
  expect(found, found.join("\n")).toEqual([]);
});

test("a deactivated graduate sees « Ton compte est désactivé » and nothing else", async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await apiLogin(page.request, "admin", ADMIN_PASSWORD);
  const username = `diplome${Date.now() % 100000}`;
  const created = await page.request.post("/api/users/register", {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { username, password: "mot-de-passe-e2e", role: "eleve", year: "BUT3", groupe: "A", specialite: "devweb" },
  });
  expect(created.status()).toBe(201);
  const login = await apiLogin(page.request, username, "mot-de-passe-e2e");
  await dismissAnnouncements(page.request, login.token);
  // The account as the rollover leaves it (see the note at the top of this file).
  const deactivated = { deactivatedAt: "2026-07-15T08:00:00.000Z", eraseAfter: "2027-01-15T08:00:00.000Z" };
  await page.route(`**/api/users/${login.user.id}`, async (route) => {
    const real = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...real, ...deactivated, user: { ...(real.user as object), ...deactivated } } });
  });
  await page.goto("/favicon.svg");
  await page.evaluate((session) => localStorage.setItem("planify.user", JSON.stringify(session)), {
    user: { ...login.user, ...deactivated },
    token: login.token,
    expiresAt: login.expiresAt,
    hasSecretQuestions: true,
    rememberMe: true,
  });
  await page.goto("/devoirs");
  await expect(page.getByRole("heading", { name: "Ton compte est désactivé" })).toBeVisible();
  await expect(page.getByText("Il sera supprimé définitivement le 15 janvier 2027")).toBeVisible();
  await expect(page.getByRole("link", { name: "Télécharger mes données" })).toHaveAttribute("href", "/api/privacy/me/export");
  const found = await lookEverywhere(page, "deactivated", ['[aria-labelledby="compte-desactive-titre"]']);
  expect(found, found.join("\n")).toEqual([]);
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page.getByRole("heading", { name: "Ton compte est désactivé" })).toHaveCount(0);
});
