import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { _electron as electron, type APIRequestContext, expect, type Page, request as requestFactory, test } from "@playwright/test";
import { SERVER_URL } from "../playwright.config";
import { electronBinary, SKIP_REASON } from "./electron-binary";

// fflate is a server dependency: resolve it from the server workspace.
const { unzipSync } = createRequire(new URL("../../server/package.json", import.meta.url))("fflate") as {
  unzipSync(data: Uint8Array): Record<string, Uint8Array>;
};
const MAIN = fileURLToPath(new URL("../out/main/index.cjs", import.meta.url));
const DEMO_PASSWORD = "planify-demo";
const binary = electronBinary();

test.skip(!binary, SKIP_REASON);

async function token(api: APIRequestContext, username: string): Promise<string> {
  const res = await api.post("/api/users/login", { data: { username, password: DEMO_PASSWORD, rememberMe: true } });
  return ((await res.json()) as { token: string }).token;
}

/** Acknowledges the demo school's greeting so that it does not cover the page. */
async function clearAnnouncements(api: APIRequestContext, username: string) {
  const headers = { Authorization: `Bearer ${await token(api, username)}` };
  for (let i = 0; i < 20; i++) {
    const res = await api.get("/api/popups/for-me", { headers });
    if (res.status() === 204) return;
    await api.post(`/api/popups/ack/${((await res.json()) as { id: string }).id}`, { headers });
  }
}

async function logIn(page: Page, username: string) {
  await page.getByRole("banner").getByRole("button", { name: "Se connecter" }).click();
  const dialog = page.getByRole("dialog", { name: "Connexion" });
  await dialog.getByLabel("Nom d'utilisateur").fill(username);
  await dialog.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  await expect(dialog).toBeHidden();
}

test("first run, server address, login, hand in through the system dialog, save the ZIP through the save dialog", async () => {
  const api = await requestFactory.newContext({ baseURL: SERVER_URL });
  for (const u of ["emma.petit", "m.durand"]) await clearAnnouncements(api, u);
  const title = `Projet desktop ${Date.now() % 100000}`;
  const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const created = await api.post("/api/events", {
    headers: { Authorization: `Bearer ${await token(api, "m.durand")}` },
    data: {
      titre: title,
      type: "devoir",
      matiere: "Intégration",
      date: day,
      heure: "12:00",
      description: "<p>Rendu</p>",
      year: "BUT1",
      groupes: ["Promo"],
      groupe: "Promo",
      submissionEnabled: true,
    },
  });
  expect(created.ok()).toBe(true);

  const work = mkdtempSync(join(tmpdir(), "planify-desktop-e2e-"));
  const handIn = join(work, "rapport.pdf");
  writeFileSync(handIn, "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  const zipPath = join(work, "depots-projet.zip");

  const app = await electron.launch({
    executablePath: binary!,
    args: [...(process.getuid?.() === 0 ? ["--no-sandbox"] : []), MAIN],
    env: { ...process.env, PLANIFY_DESKTOP_USER_DATA: join(work, "profil") } as Record<string, string>,
  });
  try {
    // The system dialogs cannot be clicked by a test: they answer with our files instead.
    await app.evaluate(
      ({ dialog }, paths) => {
        dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [paths.handIn] })) as typeof dialog.showOpenDialog;
        dialog.showSaveDialog = (async () => ({ canceled: false, filePath: paths.zipPath })) as typeof dialog.showSaveDialog;
      },
      { handIn, zipPath },
    );

    // First run: the address page, a wrong address explained in French, then the school's server.
    const page = await app.firstWindow();
    await expect(page.getByRole("heading", { name: "Bienvenue dans Planify" })).toBeVisible();
    const address = page.getByLabel("Adresse du serveur de votre établissement");
    await address.fill("http://127.0.0.1:9");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Le serveur ne répond pas à cette adresse. Vérifiez l'adresse et votre connexion, puis réessayez.",
    );
    await address.fill(SERVER_URL);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL(`${SERVER_URL}/**`);
    expect(await page.evaluate(() => typeof (window as { planifyDesktop?: unknown }).planifyDesktop)).toBe("object");
    expect(await page.evaluate(() => typeof (window as { require?: unknown }).require)).toBe("undefined");

    // A student hands in through the system file dialog.
    await logIn(page, "emma.petit");
    await page.goto(`${SERVER_URL}/devoirs`);
    await page.getByRole("article", { name: title }).getByRole("button", { name: "Plus d'infos" }).click();
    const details = page.getByRole("dialog", { name: title });
    await details.getByText("Choisir des fichiers").click();
    await expect(details.getByText("rapport.pdf")).toBeVisible();
    await details.getByRole("button", { name: "Déposer" }).click();
    await expect(details.getByText("Dépôt réussi.")).toBeVisible();

    // The prof saves every hand-in as a ZIP through the system save dialog.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${SERVER_URL}/`);
    await logIn(page, "m.durand");
    await page.goto(`${SERVER_URL}/devoirs`);
    await page.getByRole("article", { name: title }).getByRole("button", { name: "Plus d'infos" }).click();
    await page.getByRole("button", { name: "Tout télécharger (ZIP)" }).click();
    await expect(page.getByRole("status").filter({ hasText: "« depots-projet.zip » enregistré." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Afficher dans le dossier" })).toBeVisible();
    const zip = unzipSync(new Uint8Array(readFileSync(zipPath)));
    expect(Object.keys(zip).filter((n) => n.endsWith("rapport.pdf"))).toHaveLength(1);
  } finally {
    await app.close();
    await api.dispose();
  }
});
