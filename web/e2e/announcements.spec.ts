import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { SETUP_SECRET_QUESTIONS } from "@planify/common/constants/secret-questions";
import { ADMIN_PASSWORD, apiLogin, loginAs } from "./support";

const SHOTS = fileURLToPath(new URL("../../.screenshots/auth/", import.meta.url));
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const pending = (page: Page) => page.evaluate(() => localStorage.getItem("planify.pendingPopup"));

test("an announcement sent by the admin reaches a logged-in student within 30 s, survives a reload and goes after OK", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  // A student of our own: an announcement must not pop up in the middle of other specs' pages.
  const username = `annonce.${Date.now().toString(36)}`;
  const created = await request.post("/api/users/register", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { username, password: "mot-de-passe-e2e", role: "eleve", year: "BUT2", groupe: "A", specialite: "creation" },
  });
  expect(created.status()).toBe(201);
  const student = ((await created.json()) as { user: { id: string } }).user;

  await loginAs(page, username, "/", "mot-de-passe-e2e", { keepAnnouncements: true });
  await expect(page.getByRole("banner")).toBeVisible();
  // Let the first poll (at start) pass with nothing to show.
  await page.waitForTimeout(1_000);
  await expect(page.getByRole("dialog", { name: "Annonce" })).toHaveCount(0);

  const stamp = `Réunion des délégués ${Date.now()}`;
  const sent = await request.post("/api/popups/send", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: {
      target: "user",
      userId: student.id,
      html: `<h2>${stamp}</h2><p>Rendez-vous <strong>jeudi à 12 h 30</strong> en salle B204.</p><script>window.__pwned = true</script><p><a href="https://example.org">Ordre du jour</a></p>`,
    },
  });
  expect(sent.status()).toBe(201);
  const popupId = ((await sent.json()) as { popup: { id: string } }).popup.id;

  const popup = page.getByRole("dialog", { name: "Annonce" });
  await expect(popup.getByRole("heading", { name: stamp })).toBeVisible({ timeout: 32_000 });
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  expect(JSON.parse((await pending(page))!)).toMatchObject({ id: popupId });
  await shoot(page, "announcement");

  // After a reload it is back at once, from local storage, even before the server answers.
  await page.route("**/api/popups/for-me", (route) => route.abort());
  await page.reload();
  await expect(popup.getByRole("heading", { name: stamp })).toBeVisible({ timeout: 3_000 });
  await page.unroute("**/api/popups/for-me");

  const ack = page.waitForResponse((r) => r.url().endsWith(`/api/popups/ack/${popupId}`));
  await popup.getByRole("button", { name: "OK" }).click();
  await expect(popup).toBeHidden();
  expect((await ack).ok()).toBe(true);
  expect(await pending(page)).toBeNull();

  const firstPoll = page.waitForResponse((r) => r.url().endsWith("/api/popups/for-me"));
  await page.reload();
  expect((await firstPoll).status()).toBe(204);
  await page.waitForTimeout(500);
  await expect(page.getByRole("dialog", { name: "Annonce" })).toHaveCount(0);
});

test("an announcement is also dismissed by a click on the backdrop", async ({ page, request }) => {
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const username = `fond.${Date.now().toString(36)}`;
  const created = await request.post("/api/users/register", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { username, password: "mot-de-passe-e2e", role: "eleve", year: "BUT1", groupe: "B", specialite: "devweb" },
  });
  const student = ((await created.json()) as { user: { id: string } }).user;
  await request.post("/api/popups/send", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { target: "user", userId: student.id, html: "<p>Bonne rentrée à toutes et à tous !</p>" },
  });
  await loginAs(page, username, "/", "mot-de-passe-e2e", { keepAnnouncements: true });
  const popup = page.getByRole("dialog", { name: "Annonce" });
  await expect(popup.getByText("Bonne rentrée à toutes et à tous !")).toBeVisible();
  await page.mouse.click(10, 10);
  await expect(popup).toBeHidden();
  expect(await pending(page)).toBeNull();
  await page.reload();
  await page.waitForTimeout(1_000);
  await expect(popup).toHaveCount(0);
});

test("at a first login, « Questions secrètes enregistrées » comes first and the waiting announcement after it closes", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const username = `premiere.${Date.now().toString(36)}`;
  const created = await request.post("/api/users/register", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { username, password: "mot-de-passe-e2e", role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" },
  });
  expect(created.status()).toBe(201);
  const student = ((await created.json()) as { user: { id: string } }).user;
  const sent = await request.post("/api/popups/send", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { target: "user", userId: student.id, html: "<p>Bienvenue sur Planify !</p>" },
  });
  expect(sent.status()).toBe(201);

  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Se connecter" }).click();
  const login = page.getByRole("dialog", { name: "Connexion" });
  await login.getByLabel("Nom d'utilisateur").fill(username);
  await login.getByLabel("Mot de passe", { exact: true }).fill("mot-de-passe-e2e");
  await login.getByRole("button", { name: "Se connecter" }).click();
  const setup = page.getByRole("dialog", { name: "Sécurisez votre compte" });
  const [q1] = SETUP_SECRET_QUESTIONS;
  await setup.getByLabel("Question secrète 1").selectOption(q1!);
  await setup.getByLabel("Réponse 1").fill("Caramel");
  // The session starts with the save: the first poll then finds the announcement.
  const poll = page.waitForResponse((r) => r.url().endsWith("/api/popups/for-me") && r.status() === 200);
  await setup.getByRole("button", { name: "Enregistrer et continuer" }).click();
  const success = page.getByRole("dialog", { name: "Questions secrètes enregistrées" });
  await expect(success).toBeVisible();
  await poll;
  // Time for the announcement's lazily loaded dialog to arrive (it would, on top, before the fix).
  await page.waitForTimeout(2_000);
  const announcement = page.getByRole("dialog", { name: "Annonce" });
  // One dialog at a time: the announcement waits, the message stays on top and usable.
  await expect(announcement).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await shoot(page, "first-login-success-before-announcement");
  await success.getByRole("button", { name: "OK" }).click();
  await expect(success).toBeHidden();
  await expect(announcement.getByText("Bienvenue sur Planify !")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await shoot(page, "first-login-announcement-after");
  await announcement.getByRole("button", { name: "OK" }).click();
  await expect(announcement).toBeHidden();
});
