import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { deWord } from "@planify/common/format/french";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, dismissAnnouncements, loginAs } from "./support";

// Reminders: the Notifications section of the profile popup (wrong inputs, saving, this
// device) and the push service worker showing a notification for a pushed message.
const SHOTS = fileURLToPath(new URL("../../.screenshots/reminders", import.meta.url));
const PASSWORD = "rappels-e2e-mdp-1";
const RUN = Date.now().toString(36);
// The app's service worker carries the push listeners: allowed here (other specs block workers).
test.use({ serviceWorkers: "allow" });

async function makeStudent(request: APIRequestContext, name: string): Promise<string> {
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const headers = { Authorization: `Bearer ${admin.token}` };
  const username = `${name}.${RUN}`;
  const created = await request.post("/api/users/register", {
    headers,
    data: { username, password: PASSWORD, role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const saved = await request.post("/api/users/secret-questions", {
    headers,
    data: { username, secretQuestions: [{ question: "Ville de naissance ?", answer: "Lyon" }] },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await dismissAnnouncements(request, (await apiLogin(request, username, PASSWORD)).token);
  return username;
}

async function openNotifications(page: Page, username: string) {
  await page.getByRole("button", { name: `Compte ${deWord(username)}` }).click();
  await page.getByRole("menuitem", { name: "Changer l'avatar" }).click();
  const edit = page.getByRole("dialog", { name: "Modifier mon profil" });
  const section = edit.getByRole("region", { name: "Notifications" });
  await expect(section.getByLabel("Recevoir des rappels")).toBeChecked();
  return section;
}

/**
 * Chromium here cannot reach Google's push service, so PushManager.subscribe would fail:
 * the page gets a subscription shaped as Chrome's (an FCM address and real P-256 keys made
 * in the page). Everything else (permission, service worker, the server's checks) is real.
 */
async function stubPushService(page: Page) {
  await page.addInitScript(() => {
    const b64 = (buf: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buf)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    let current: PushSubscription | null = null;
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
      const p256dh = b64(await crypto.subtle.exportKey("raw", pair.publicKey));
      const auth = b64(crypto.getRandomValues(new Uint8Array(16)).buffer);
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Math.random().toString(36).slice(2)}`;
      current = {
        endpoint,
        expirationTime: null,
        options: { applicationServerKey: options?.applicationServerKey ?? null, userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
        getKey: () => null,
      } as unknown as PushSubscription;
      return current;
    };
  });
}

test.describe.configure({ mode: "serial" });

test("a student sets reminders, is told what is wrong, and enables this browser", async ({ page, context }) => {
  test.setTimeout(120_000); // a whole settings walk plus axe on the dialog
  const username = await makeStudent(page.request, "rappels.lea");
  await context.grantPermissions(["notifications"]);
  await stubPushService(page);
  await loginAs(page, username, "/", PASSWORD);
  const section = await openNotifications(page, username);
  const status = section.locator("#edit-notifications-status");

  await section.getByLabel("Devoirs : heure du rappel de la veille").fill("23:00");
  await section.getByRole("button", { name: "Enregistrer" }).click();
  await expect(status).toHaveText(
    "L'heure de la veille (devoirs) (23:00) tombe pendant les heures de silence : choisissez une autre heure.",
  );
  await section.getByLabel("Devoirs : heure du rappel de la veille").fill("19:00");
  await section.getByLabel("Examens : heures avant l'échéance (0 : non)").fill("deux");
  await section.getByRole("button", { name: "Enregistrer" }).click();
  await expect(status).toHaveText("Indiquez un nombre entier d'heures entre 0 (désactivé) et 72.");
  await section.getByLabel("Examens : heures avant l'échéance (0 : non)").fill("2");
  await section.getByRole("button", { name: "Enregistrer" }).click();
  await expect(status).toHaveText("Préférences de rappel enregistrées.");

  await expect(section.getByText("Pas encore activé sur cet appareil")).toBeVisible();
  await section.getByRole("button", { name: "Activer sur cet appareil" }).click();
  // Activation waits for the service worker, which first precaches the whole app.
  await expect(section.getByText("Activé sur cet appareil", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(section.getByRole("button", { name: "Désactiver sur cet appareil" })).toBeVisible();

  // Saved on the account: a fresh read shows the choices and the device.
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem("planify.user") ?? "{}") as { token: string }).token);
  const saved = await page.request.get("/api/reminders/settings", { headers: { Authorization: `Bearer ${token}` } });
  expect(await saved.json()).toMatchObject({
    settings: { devoir: { eveningTime: "19:00" }, exam: { hoursBefore: 2 } },
    devices: [{ kind: "push" }],
  });
  // The subscription lives on the app's service worker, which shows the pushed reminders.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/);

  const found: string[] = [];
  await atEveryThemeAndSize(page, async (w, theme) => {
    await section.evaluate((el) => el.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: `${SHOTS}/notifications-${w}-${theme}.png` });
    if (w < 500) {
      // On a phone the device block is below the fold: its own picture.
      await section.getByText("Activé sur cet appareil", { exact: true }).evaluate((el) => el.scrollIntoView({ block: "center" }));
      await page.screenshot({ path: `${SHOTS}/notifications-device-${w}-${theme}.png` });
    }
    const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    found.push(
      ...violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .flatMap((v) => v.nodes.map((n) => `${w} ${theme}: ${v.id} ${n.target.join(" ")}`)),
    );
  });
  expect(found).toEqual([]);
});

test("the service worker shows a pushed reminder as a notification", async ({ page, context }) => {
  const username = await makeStudent(page.request, "rappels.sw");
  await context.grantPermissions(["notifications"]);
  await loginAs(page, username, "/", PASSWORD);
  // Register the app's push worker as the Notifications section does, then have Chromium
  // deliver a push message to it through the DevTools protocol (no push service needed).
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => registrations.push(...e.registrations));
  await cdp.send("ServiceWorker.enable");
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => registrations.find((r) => r.scopeURL.endsWith("/"))?.registrationId).toBeTruthy();
  const origin = new URL(page.url()).origin;
  const registrationId = registrations.find((r) => r.scopeURL.endsWith("/"))!.registrationId;
  const message = {
    title: "Rappel : Fiche de lecture",
    body: "Devoir de Développement web à rendre demain à 08:30.",
    tag: "rappel-e2e",
    url: "/",
  };
  await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: JSON.stringify(message) });
  await expect
    .poll(async () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })),
      ),
    )
    .toEqual([{ title: message.title, body: message.body, tag: message.tag }]);
  // The same reminder pushed again (a resend after a crash) replaces it: still one.
  await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: JSON.stringify(message) });
  await page.waitForTimeout(500);
  expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length)).toBe(1);
});
