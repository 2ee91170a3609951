import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, loginAs } from "./support";
import { openList } from "./tasks-support";

// ENT accounts without an ENT provider: the e2e server runs without PLANIFY_SSO_CONFIG, so an
// identity tie and a pending profile are written straight into the server's database (a second
// connection, to its SQLite file or to its PostgreSQL database, as the reset-password command
// does; the next sign-in, a write, makes the server read the account again). The password switch's effect on the popup is shown with the
// public answer of /api/auth/providers rewritten (the switch itself needs an enabled ENT).
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DB = `${ROOT}.cache/e2e-data-${process.env.E2E_PORT ?? 3100}/planify.db`;
const LOCAL_BUN = `${ROOT}.cache/bun/node_modules/.bin/bun`;
const SHOTS = fileURLToPath(new URL("../../.screenshots/sso-accounts", import.meta.url));
mkdirSync(SHOTS, { recursive: true });

const DATABASE_URL = process.env.PLANIFY_E2E_DATABASE_URL;

/** Runs SQL statements (with ?1, ?2… parameters) on the server's database through Bun (bun:sqlite, or Bun.SQL on PostgreSQL). */
function sql(statements: [string, ...(string | number)[]][]) {
  const script = DATABASE_URL
    ? `import { SQL } from "bun";
const db = new SQL(process.argv[1]);
for (const [q, ...p] of JSON.parse(process.argv[2])) await db.unsafe(q.replace(/\\?(\\d+)/g, "$$$1"), p);
await db.close();`
    : `import { Database } from "bun:sqlite";
const db = new Database(process.argv[1]); db.exec("PRAGMA busy_timeout = 5000");
for (const [q, ...p] of JSON.parse(process.argv[2])) db.query(q).run(...p);`;
  execFileSync(existsSync(LOCAL_BUN) ? LOCAL_BUN : "bun", ["-e", script, DATABASE_URL ?? DB, JSON.stringify(statements)]);
}

/** A fresh student (the admin's add-user route), tied to the ENT identity `subject` at provider "ent". */
async function entStudent(request: APIRequestContext, username: string, opts: { pending: boolean }) {
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const res = await request.post("/api/users/register", {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { username, password: "motdepasse-ent-123", role: "eleve", year: "BUT1", groupe: "A" },
  });
  expect(res.status()).toBe(201);
  const { user } = (await res.json()) as { user: { id: string } };
  sql([
    ["INSERT INTO sso_identities (provider_id, subject, user_id, created_at) VALUES ('ent', ?1, ?2, 0)", `${username}-sub`, user.id],
    ...(opts.pending ? [["UPDATE users SET profile_pending = true, year = '' WHERE id = ?1", user.id] as [string, string]] : []),
    // The secret questions dialog never shows for an ENT account: none are set.
  ]);
  return user.id;
}

async function seriousViolations(page: Page, include: string, label: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("a student created at the ENT picks year, group and track in « Bienvenue sur Planify », then sees the list", async ({ page }) => {
  test.setTimeout(180_000);
  const username = `ent.eleve${Date.now() % 100000}`;
  await entStudent(page.request, username, { pending: true });
  await loginAs(page, username, "/devoirs", "motdepasse-ent-123");
  const dialog = page.getByRole("dialog", { name: "Bienvenue sur Planify" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Fermer" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  const found: string[] = [];
  await atEveryThemeAndSize(page, async (width, theme) => {
    await page.screenshot({ path: `${SHOTS}/first-sign-in-${width}-${theme}.png` });
    found.push(...(await seriousViolations(page, '[role="dialog"]', `${width} ${theme}`)));
  });
  expect(found, found.join("\n")).toEqual([]);
  // Until it is saved, it comes back on reload.
  await page.reload();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Enregistrer et voir mes devoirs" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Choisis ton année.");
  await dialog.getByLabel("Année").selectOption("BUT1");
  await dialog.getByLabel("Groupe").selectOption("A");
  await dialog.getByLabel("Parcours").selectOption({ label: "Développement web" });
  await dialog.getByRole("button", { name: "Enregistrer et voir mes devoirs" }).click();
  await expect(dialog).toBeHidden();
  await openList(page);
  await page.reload();
  await openList(page);
  await expect(page.getByRole("dialog", { name: "Bienvenue sur Planify" })).toHaveCount(0);
});

test("the admin list shows the ENT badge and unties the identity after a confirmation", async ({ page }) => {
  test.setTimeout(120_000);
  const username = `ent.lie${Date.now() % 100000}`;
  await entStudent(page.request, username, { pending: false });
  await loginAs(page, "admin", "/admin?section=utilisateurs", ADMIN_PASSWORD);
  await page.getByLabel("Rechercher").fill(username);
  const row = page.getByRole("row").filter({ hasText: username });
  await expect(row.getByText("ENT · ent")).toBeVisible();
  await expect(row.getByRole("button", { name: /^Questions secrètes/ })).toHaveCount(0);
  await row.getByRole("button", { name: `Modifier ${username}` }).click();
  const edit = page.getByRole("dialog", { name: `Modifier ${username}` });
  await edit.getByRole("button", { name: "Délier l'identité ENT" }).click();
  const confirm = page.getByRole("alertdialog").or(page.getByRole("dialog", { name: "Délier l'identité ENT" }));
  await expect(confirm).toContainText(`Délier le compte ${username} de son identité « ent » ?`);
  await page.screenshot({ path: `${SHOTS}/untie-confirm-1440-light.png` });
  await confirm.getByRole("button", { name: "Délier", exact: true }).click();
  await expect(edit.getByRole("status")).toHaveText("Identité ENT déliée.");
  await edit.getByRole("button", { name: "Annuler" }).click();
  await expect(row.getByText("ENT · ent")).toHaveCount(0);
  await expect(row.getByRole("button", { name: /^Questions secrètes/ })).toBeVisible();
  // The switch stays off-limits: the e2e server has no ENT provider.
  const toggle = page.getByRole("switch", { name: "Réserver la connexion par mot de passe aux administrateurs" });
  await expect(toggle).toBeDisabled();
  await expect(page.getByText("Disponible une fois une connexion ENT activée")).toBeVisible();
  const found: string[] = [];
  await atEveryThemeAndSize(page, async (width, theme) => {
    await page.getByRole("region", { name: "Connexion par mot de passe" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/admin-users-${width}-${theme}.png` });
    found.push(...(await seriousViolations(page, '[aria-labelledby="password-sign-in-title"]', `${width} ${theme}`)));
  });
  expect(found, found.join("\n")).toEqual([]);
});

test("password sign-in kept for admins: the popup opens on the ENT button, the form waits behind « Connexion administrateur »", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const ent = { id: "ent", kind: "cas", label: "Connexion ENT Université de Test" };
  await page.route("**/api/auth/providers", async (route) => {
    await route.fulfill({ json: { success: true, providers: [ent], passwordSignIn: "admins" } });
  });
  await page.goto("/");
  await page.waitForFunction(() => !document.getElementById("root")?.hasAttribute("data-prerendered"));
  await page.getByRole("banner").getByRole("button", { name: "Se connecter" }).click();
  const dialog = page.getByRole("dialog", { name: "Connexion" });
  const gate = dialog.getByText("Ton établissement se connecte avec l'ENT (bouton ci-dessus).", { exact: false });
  await expect(gate).toBeVisible();
  await expect(dialog.getByLabel("Mot de passe", { exact: true })).toHaveCount(0);
  // The ENT button comes first, without « ou »: it is the way in.
  const button = dialog.getByRole("link", { name: ent.label });
  expect((await button.boundingBox())!.y).toBeLessThan((await gate.boundingBox())!.y);
  await expect(dialog.getByText("ou", { exact: true })).toHaveCount(0);
  const found: string[] = [];
  await atEveryThemeAndSize(page, async (width, theme) => {
    await page.screenshot({ path: `${SHOTS}/login-gate-${width}-${theme}.png` });
    found.push(...(await seriousViolations(page, '[role="dialog"]', `${width} ${theme}`)));
  });
  expect(found, found.join("\n")).toEqual([]);
  await dialog.getByRole("button", { name: "Connexion administrateur" }).click();
  await dialog.getByLabel("Nom d'utilisateur").fill("admin");
  await dialog.getByLabel("Mot de passe", { exact: true }).fill(ADMIN_PASSWORD);
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  await expect(dialog).toBeHidden();
});
