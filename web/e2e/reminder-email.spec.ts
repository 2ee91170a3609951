import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { deWord } from "@planify/common/format/french";
import { confirmationLink, startSmtpCatcher, type SmtpCatcher } from "../../server/test/smtp-catcher";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, loginAs } from "./support";

// The reminder address confirmed by a link, on a compiled server of its own that mails
// through a real SMTP server (the shared e2e server sends no mail): pending, the link's
// page and its « Confirmer » button, then confirmed.
const SHOTS = fileURLToPath(new URL("../../.screenshots/reminders", import.meta.url));
const BINARY = process.env.PLANIFY_DIST_DIR
  ? join(process.env.PLANIFY_DIST_DIR, "planify-server")
  : fileURLToPath(new URL("../../dist/planify-server", import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 3100) + 50;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = "adresse-e2e-mdp-1";
const ADDRESS = "lea.rappels@exemple.fr";
let smtp: SmtpCatcher;
let server: ChildProcess;
let dir: string;

test.use({ baseURL: BASE });
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  smtp = await startSmtpCatcher();
  dir = mkdtempSync(join(tmpdir(), "planify-e2e-mail-"));
  server = spawn(BINARY, ["--data-dir", dir, "--port", String(PORT), "--host", "127.0.0.1"], {
    env: {
      ...process.env,
      PLANIFY_ADMIN_PASSWORD: ADMIN_PASSWORD,
      PLANIFY_SMTP_URL: smtp.url,
      PLANIFY_PUBLIC_URL: BASE,
      PLANIFY_DISK_MIN_FREE_MB: "0",
    },
    stdio: "ignore",
  });
  await expect
    .poll(
      () =>
        fetch(`${BASE}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(200);
});
test.afterAll(async () => {
  server?.kill("SIGTERM");
  await smtp?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function openNotifications(page: Page, username: string) {
  await page.getByRole("button", { name: `Compte ${deWord(username)}` }).click();
  await page.getByRole("menuitem", { name: "Changer l'avatar" }).click();
  const section = page.getByRole("dialog", { name: "Modifier mon profil" }).getByRole("region", { name: "Notifications" });
  await expect(section.getByLabel("Recevoir des rappels")).toBeChecked();
  return section;
}
const serious = (violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[], where: string) =>
  violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} ${n.target.join(" ")}`));

test("a reminder address waits for its link, is confirmed by the link's page, then says so", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const admin = await apiLogin(page.request, "admin", ADMIN_PASSWORD);
  const headers = { Authorization: `Bearer ${admin.token}` };
  const username = "lea.adresse";
  expect(
    (
      await page.request.post("/api/users/register", {
        headers,
        data: { username, password: PASSWORD, role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await page.request.post("/api/users/secret-questions", {
        headers,
        data: { username, secretQuestions: [{ question: "Ville de naissance ?", answer: "Lyon" }] },
      })
    ).ok(),
  ).toBe(true);

  await loginAs(page, username, "/", PASSWORD);
  let section = await openNotifications(page, username);
  await section.getByLabel("Adresse e-mail pour les rappels (facultatif)").fill(ADDRESS);
  await section.getByRole("button", { name: "Enregistrer" }).click();
  await expect(section.locator("#edit-notifications-status")).toHaveText(
    `Préférences enregistrées. Un lien de confirmation a été envoyé à ${ADDRESS} : ouvrez-le pour recevoir les rappels par e-mail.`,
  );
  const pending = section.getByText("En attente de confirmation : vérifiez votre boîte mail");
  await expect(pending).toBeVisible();
  // A second link at once: the server's French refusal is shown.
  await section.getByRole("button", { name: "Renvoyer le lien" }).click();
  await expect(section.getByRole("alert")).toHaveText(
    /^Un lien de confirmation vient d'être envoyé : vérifiez votre boîte mail \(et les indésirables\)\. Réessayez dans 1 minute\.$/,
  );

  const found: string[] = [];
  await atEveryThemeAndSize(page, async (w, theme) => {
    await pending.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: `${SHOTS}/email-pending-${w}-${theme}.png` });
    found.push(...serious((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations, `${w} ${theme}`));
  });
  expect(found).toEqual([]);

  // The mail arrived through SMTP with a link to this server's page.
  const mail = await smtp.waitFor((m) => m.rcpt.includes(ADDRESS));
  const { link } = confirmationLink(mail);
  expect(link.startsWith(`${BASE}/confirmer-email#`)).toBe(true);

  // Opened elsewhere, signed out (a phone's mail app): opening the page confirms nothing yet.
  const other = await browser.newContext({ baseURL: BASE, locale: "fr-FR" });
  const phone = await other.newPage();
  await phone.goto(link);
  await expect(phone.getByRole("heading", { name: "Confirmer votre adresse e-mail" })).toBeVisible();
  const token = (await page.evaluate(() => JSON.parse(localStorage.getItem("planify.user") ?? "{}").token)) as string;
  const before = await page.request.get("/api/reminders/settings", { headers: { Authorization: `Bearer ${token}` } });
  expect(await before.json()).toMatchObject({ emailConfirmed: false });
  await phone.screenshot({ path: `${SHOTS}/email-confirm-page-1440-light.png` });
  expect(serious((await new AxeBuilder({ page: phone }).analyze()).violations, "confirm page")).toEqual([]);
  await phone.getByRole("button", { name: "Confirmer" }).click();
  await expect(phone.getByRole("status").filter({ hasText: "Adresse confirmée" })).toHaveText(
    "Adresse confirmée : vos rappels y seront aussi envoyés.",
  );
  await expect(phone.getByRole("button", { name: "Confirmer" })).toHaveCount(0);
  // The same link a second time is refused in French.
  await phone.reload();
  await phone.getByRole("button", { name: "Confirmer" }).click();
  await expect(phone.getByRole("alert").filter({ hasText: "Ce lien" })).toContainText("Ce lien de confirmation n'est plus valable");
  await other.close();

  await page.reload();
  section = await openNotifications(page, username);
  await expect(section.getByText("Adresse confirmée", { exact: true })).toBeVisible();
  await expect(section.getByRole("button", { name: "Renvoyer le lien" })).toHaveCount(0);
  await section.getByText("Adresse confirmée", { exact: true }).evaluate((el) => el.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${SHOTS}/email-confirmed-1440-light.png` });
});
