import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { _electron as electron, expect, request as requestFactory, test } from "@playwright/test";
import { deWord } from "../../common/src/format/french";
import { oidcProcess, type SsoSite, startSsoSite } from "../../web/e2e/sso-support";
import { apiLogin, dismissAnnouncements } from "../../web/e2e/support";
import { electronBinary, SKIP_REASON } from "./electron-binary";

// « Se connecter avec l'ENT » in Planify Desktop: the app on a compiled server of its own beside
// a real OpenID provider process (web/e2e/sso-support.ts); the ENT opens in the app's sign-in
// window (desktop/src/main/ent-sign-in.ts), which closes once the ENT hands back to the school
// server, and the main window shows /devoirs signed in.
const MAIN = fileURLToPath(new URL("../out/main/index.cjs", import.meta.url));
// Beside the desktop suite's own demo server (E2E_DESKTOP_PORT, 3300 by default).
const PORT = Number(process.env.E2E_DESKTOP_PORT ?? 3300) + 20;
const LABEL = "Connexion ENT Université de Test";
const binary = electronBinary();
let site: SsoSite;

test.skip(!binary, SKIP_REASON);

test.beforeAll(async () => {
  site = await startSsoSite(PORT, oidcProcess({ "tom-ent": { preferred_username: "tom.lefebvre" } }));
  // The demo school's greeting, acknowledged, does not cover the page.
  const api = await requestFactory.newContext({ baseURL: site.base });
  await dismissAnnouncements(api, (await apiLogin(api, "tom.lefebvre")).token);
  await api.dispose();
});
test.afterAll(() => site?.stop());

test("« Se connecter avec l'ENT » signs in in the app's ENT window, which closes on /devoirs signed in", async () => {
  const work = mkdtempSync(join(tmpdir(), "planify-desktop-ent-"));
  const app = await electron.launch({
    executablePath: binary!,
    args: [...(process.getuid?.() === 0 ? ["--no-sandbox"] : []), MAIN],
    env: { ...process.env, PLANIFY_DESKTOP_USER_DATA: join(work, "profil") } as Record<string, string>,
  });
  try {
    const page = await app.firstWindow();
    await page.getByLabel("Adresse du serveur de votre établissement").fill(site.base);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL(`${site.base}/**`);
    await page.goto(`${site.base}/devoirs`);

    await page.getByRole("banner").getByRole("button", { name: "Se connecter" }).click();
    const opened = app.waitForEvent("window");
    await page.getByRole("dialog", { name: "Connexion" }).getByRole("link", { name: LABEL }).click();
    const ent = await opened;

    // The sign-in window shows the provider's page, and its title names the provider's site.
    await ent.waitForURL(`${site.provider}/**`);
    const providerHost = new URL(site.provider).host;
    const titles = () => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((w) => w.getTitle()));
    await expect.poll(titles).toContain(`Connexion ENT — ${providerHost}`);
    // The main window stayed on the school server.
    expect(page.url().startsWith(site.base)).toBe(true);

    await ent.locator('input[name="login"]').fill("tom-ent");
    await ent.locator('input[name="password"]').fill("mot-de-passe-de-l-ent");
    await ent.getByRole("button", { name: "Sign-in" }).click();
    const consent = ent.getByRole("button", { name: "Continue" });
    // Consent, when the provider asks (the window closes as soon as it hands back to Planify).
    await consent.click({ timeout: 5_000 }).catch(() => undefined);

    // The window closed; the main window is on /devoirs, signed in.
    await expect.poll(async () => (await titles()).length).toBe(1);
    await expect(page.getByRole("button", { name: `Compte ${deWord("tom.lefebvre")}` })).toBeVisible();
    expect(page.url()).toBe(`${site.base}/devoirs`);
  } finally {
    await app.close();
  }
});
