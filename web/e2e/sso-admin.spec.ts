import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { expect, test } from "@playwright/test";
import { seriousViolations } from "./a11y-support";
import { ADMIN_PASSWORD, atEveryThemeAndSize, loginAs } from "./support";

// The admin's « Connexion ENT » screen on the compiled binary: a wrong issuer named beside its
// field, an OpenID provider added and listed with the address to register, « Tester la
// connexion » against an issuer that is not running (a French failure), switched off (gone
// from the login popup's list), deleted. Phone and desktop, both themes, axe.
const SHOTS = "/tmp/shots-i25-admin";
mkdirSync(SHOTS, { recursive: true });

/** A loopback port nothing listens on: a stopped issuer. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

test("an admin adds an OpenID provider, tests it against a stopped issuer, disables and deletes it", async ({ page }) => {
  test.setTimeout(240_000);
  const issuer = `http://127.0.0.1:${await closedPort()}`;
  const found: string[] = [];
  const look = async (name: string) =>
    atEveryThemeAndSize(page, async (width, theme) => {
      await page.screenshot({ path: `${SHOTS}/sso-admin-${name}-${width}-${theme}.png`, fullPage: true });
      found.push(...(await seriousViolations(page, ['[aria-labelledby="admin-sso-title"]'])).map((v) => `${name} ${width} ${theme}: ${v}`));
    });

  await loginAs(page, "admin", "/admin?section=connexion-ent", ADMIN_PASSWORD);
  const panel = page.getByRole("region", { name: "Connexion ENT" });
  await expect(panel.getByText("Aucun fournisseur ENT : la connexion se fait par mot de passe.")).toBeVisible();

  await panel.getByRole("button", { name: "Ajouter un fournisseur" }).click();
  await panel.getByLabel("Identifiant", { exact: true }).fill("ent-e2e");
  await panel.getByLabel("Libellé").fill("Connexion ENT Université de Test");
  await panel.getByLabel("Émetteur (issuer)").fill("http://sso.univ-exemple.fr");
  await panel.getByLabel("Identifiant client (client_id)").fill("planify");
  await panel.getByLabel("Secret client").fill("secret-e2e");
  await panel.getByLabel("Attribut du statut").fill("eduPersonAffiliation");
  await panel.getByRole("button", { name: "Ajouter une valeur" }).click();
  await panel.getByLabel("Valeur 1").fill("student");
  await panel.getByRole("button", { name: "Enregistrer" }).click();
  // The server's refusal, beside the issuer field; nothing typed is lost.
  await expect(panel.getByLabel("Émetteur (issuer)")).toHaveAccessibleDescription(
    "Émetteur (issuer) : une adresse https:// est attendue (http:// seulement sur cette machine).",
  );
  await expect(panel.getByLabel("Libellé")).toHaveValue("Connexion ENT Université de Test");
  await look("form-error");

  await panel.getByLabel("Émetteur (issuer)").fill(issuer);
  await panel.getByRole("button", { name: "Enregistrer" }).click();
  await expect(panel.getByRole("status")).toContainText("Fournisseur ENT ajouté.");
  const item = panel.locator('li[data-provider="ent-e2e"]');
  await expect(item.getByRole("heading", { name: "Connexion ENT Université de Test" })).toBeVisible();
  await expect(item.getByText("OpenID Connect")).toBeVisible();
  await expect(item.locator("code")).toHaveText(/\/api\/auth\/sso\/ent-e2e\/callback$/);
  const providers = async () => ((await (await page.request.get("/api/auth/providers")).json()) as { providers: { id: string }[] }).providers;
  expect((await providers()).map((p) => p.id)).toContain("ent-e2e");

  await item.getByRole("button", { name: "Tester la connexion" }).click();
  await expect(item.getByRole("alert")).toHaveText(
    "L'émetteur ne répond pas (connexion impossible) : vérifie son adresse et que le serveur Planify peut le joindre.",
  );
  await look("list");

  await item.getByRole("switch", { name: "Activer Connexion ENT Université de Test" }).click();
  await expect(item.getByRole("switch")).toHaveAttribute("aria-checked", "false");
  expect((await providers()).map((p) => p.id)).not.toContain("ent-e2e");

  await item.getByRole("button", { name: "Supprimer" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
  await expect(panel.getByText("Aucun fournisseur ENT : la connexion se fait par mot de passe.")).toBeVisible();
  expect(found, found.join("\n")).toEqual([]);
});
