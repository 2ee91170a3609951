import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { TASK_MILESTONES } from "@planify/common/constants/economy";
import { apiLogin, atEveryThemeAndSize, loginAs, settleQuests } from "./support";
import { createTaskAs, openList, parisDay, pdf } from "./tasks-support";

// The installed app without signal: the service worker keeps the shell and the student's
// last lists, a check made offline waits in the queue and reaches the server once.
// The other specs block service workers (playwright.config.ts); this one needs it.
test.use({ serviceWorkers: "allow" });

const SHOTS = fileURLToPath(new URL("../../.screenshots/offline", import.meta.url));
// A student of its own, in a group no demo account belongs to: the counters this spec checks
// move for nothing else, and no other spec sees its tasks (as xss.spec.ts does).
const STUDENT = "hors.ligne";
const PASSWORD = "hors-ligne-mdp-1";
const AUDIENCE = { year: "BUT2", groupes: ['A"'], groupe: 'A"' };

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, "claire.admin");
  const registered = await request.post("/api/users/register", {
    data: { username: STUDENT, password: PASSWORD, role: "eleve", year: "BUT2", groupe: 'A"', specialite: "devweb" },
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  // 409: a retry finds the account already made.
  if (registered.status() !== 409) expect(registered.ok()).toBe(true);
  const student = await apiLogin(request, STUDENT, PASSWORD);
  const questions = await request.post("/api/users/secret-questions", {
    data: { secretQuestions: [{ question: "Ville de naissance ?", answer: "Lyon" }] },
    headers: { Authorization: `Bearer ${student.token}` },
  });
  expect(questions.ok()).toBe(true);
});

/** The student's counters as the server has them. */
async function counters(request: APIRequestContext, token: string, userId: string) {
  const res = await request.get(`/api/users/${userId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const json = (await res.json()) as { completedTasks?: number; coins?: number; user?: { completedTasks: number; coins: number } };
  return { completedTasks: json.completedTasks ?? json.user!.completedTasks, coins: json.coins ?? json.user!.coins };
}

async function taskState(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/events/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { event: { checked: boolean } }).event;
}

/** Waits until the service worker controls the page (the shell is then precached: slow on a busy machine). */
async function waitForWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 90_000 });
}

test("offline: the last list, a task and one's hand-in stay readable; a check waits and reaches the server once", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Lecture hors ligne ${Date.now() % 100000}`;
  const id = await createTaskAs(request, "m.durand", {
    titre: title,
    type: "devoir",
    matiere: "Culture numérique",
    date: parisDay(5),
    heure: "18:00",
    description: "<p>Lire le chapitre 3 avant le TD.</p>",
    ...AUDIENCE,
    submissionEnabled: true,
  });
  const student = await apiLogin(request, STUDENT, PASSWORD);
  const auth = { Authorization: `Bearer ${student.token}` };
  const handIn = await request.post(`/api/events/${id}/submissions`, {
    headers: auth,
    multipart: { files: { name: "resume-chapitre.pdf", mimeType: "application/pdf", buffer: pdf("resume") } },
  });
  expect(handIn.ok()).toBe(true);
  // The counters are compared to the coin: no quest may pay meanwhile (signing in, the list).
  await settleQuests(request, student.token);
  const before = await counters(request, student.token, student.user.id);

  // Online: the first visit installs the worker; the next load goes through it and keeps copies.
  await loginAs(page, STUDENT, "/devoirs", PASSWORD);
  await waitForWorker(page);
  await page.reload();
  await openList(page);
  const card = page.getByRole("article", { name: title });
  await card.getByRole("button", { name: "Plus d'infos" }).click();
  const details = page.getByRole("dialog", { name: title });
  await expect(details.getByRole("list", { name: "Fichiers déposés" }).getByText("resume-chapitre.pdf")).toBeVisible();
  await details.getByRole("button", { name: "Fermer" }).click();
  await expect(page.getByTestId("offline-banner")).toHaveCount(0);

  // Offline, reloaded: the same list and details, with the banner.
  await context.setOffline(true);
  await page.reload();
  await openList(page);
  const banner = page.getByRole("status").filter({ has: page.getByTestId("offline-banner") });
  await expect(banner).toBeVisible();
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Plus d'infos" }).click();
  await expect(details.getByText("Lire le chapitre 3 avant le TD.")).toBeVisible();
  await expect(details.getByRole("list", { name: "Fichiers déposés" }).getByText("resume-chapitre.pdf")).toBeVisible();

  // An action that needs the server says so in French (a hand-in upload).
  await details
    .locator('input[type="file"]')
    .setInputFiles({ name: "brouillon.pdf", mimeType: "application/pdf", buffer: pdf("brouillon") });
  await details.getByRole("button", { name: "Déposer" }).click();
  await expect(details.getByRole("alert")).toHaveText("Hors ligne : cette action nécessite une connexion Internet.");
  await details.getByRole("button", { name: "Fermer" }).click();

  // Check offline: shown checked and pending, nothing reached the server.
  await card.getByRole("checkbox", { name: "Marquer comme fait" }).click();
  const done = page.getByTestId("column-done").getByRole("article", { name: title });
  await expect(done.getByTestId("check-pending")).toHaveText("En attente de connexion");
  await expect(page.getByTestId("toast").getByText("Hors ligne : la tâche sera cochée dès le retour de la connexion.")).toBeVisible();

  // Reloaded while still offline: the check is still there, still pending.
  await page.reload();
  await openList(page);
  await expect(done.getByRole("checkbox", { name: "Marquer comme non fait" })).toBeVisible();
  await expect(done.getByTestId("check-pending")).toBeVisible();
  expect((await taskState(request, student.token, id)).checked).toBe(false);
  expect(await counters(request, student.token, student.user.id)).toEqual(before);

  await page.setViewportSize({ width: 1440, height: 900 });
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await atEveryThemeAndSize(page, async (width, theme) => {
    await expect(banner).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/banner-${theme}-${width}.png` });
  });

  // Back online: the queue sends the check once; the pending mark goes.
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(done.getByTestId("check-pending")).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(async () => (await taskState(request, student.token, id)).checked).toBe(true);
  const after = await counters(request, student.token, student.user.id);
  expect(after.completedTasks).toBe(before.completedTasks + 1);
  const milestone = TASK_MILESTONES.find((m) => m.threshold === after.completedTasks)?.coins ?? 0;
  expect(after.coins).toBe(before.coins + milestone);

  // Another reload and another 'online': nothing is sent again.
  await page.reload();
  await openList(page);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await page.waitForTimeout(1000);
  expect(await counters(request, student.token, student.user.id)).toEqual(after);
  expect(await page.evaluate(() => localStorage.getItem("planify.pendingChecks"))).toBeNull();

  // The copies belong to this session: the end of the session (here from another tab) drops them.
  const apiCaches = () => page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith("planify-api-")).length);
  expect(await apiCaches()).toBe(1);
  await page.evaluate(() => {
    localStorage.removeItem("planify.user");
    window.dispatchEvent(new StorageEvent("storage", { key: "planify.user" }));
  });
  await expect.poll(apiCaches).toBe(0);
});

test("a check made offline on a task deleted meanwhile is dropped with a French message", async ({ page, context, request }) => {
  const title = `Supprimée hors ligne ${Date.now() % 100000}`;
  const id = await createTaskAs(request, "m.durand", {
    titre: title,
    type: "devoir",
    matiere: "Culture numérique",
    date: parisDay(6),
    heure: "10:00",
    description: "",
    ...AUDIENCE,
    submissionEnabled: false,
  });
  await loginAs(page, STUDENT, "/devoirs", PASSWORD);
  await openList(page);
  await context.setOffline(true);
  await page.getByRole("article", { name: title }).getByRole("checkbox", { name: "Marquer comme fait" }).click();
  await expect(page.getByTestId("column-done").getByRole("article", { name: title }).getByTestId("check-pending")).toBeVisible();
  const prof = await apiLogin(request, "m.durand");
  const gone = await request.post(`/api/events/${id}/hard-delete`, { headers: { Authorization: `Bearer ${prof.token}` } });
  expect(gone.ok()).toBe(true);
  await context.setOffline(false);
  const alert = page.getByRole("dialog", { name: "Erreur" });
  await expect(alert).toContainText(`« ${title} » n'a pas pu être cochée (action faite hors ligne) :`);
  expect(await page.evaluate(() => localStorage.getItem("planify.pendingChecks"))).toBeNull();
});

test("the web manifest is served and valid: French names, our icons, theme colours", async ({ page, request }) => {
  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/manifest+json");
  expect(res.headers()["cache-control"]).toBe("no-cache");
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    lang: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: "Planify",
    short_name: "Planify",
    lang: "fr",
    start_url: "/devoirs",
    display: "standalone",
    theme_color: "#4f46e5",
  });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    "192x192 any",
    "192x192 maskable",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.headers()["content-type"]).toBe("image/png");
    const body = await png.body();
    // Width and height of the PNG's IHDR chunk match the declared size.
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
  }
  const sw = await request.get("/sw.js");
  expect(sw.headers()["content-type"]).toContain("javascript");
  expect(sw.headers()["cache-control"]).toBe("no-cache");

  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute("content", "yes");
  // The served page names both themes' colours (before any script runs)…
  const html = await (await request.get("/")).text();
  expect(html).toContain('<meta name="theme-color" content="#0f1220" media="(prefers-color-scheme: dark)" />');
  expect(html).toContain('<meta name="theme-color" content="#4f46e5" media="(prefers-color-scheme: light)" />');
  // …and the app's theme (light unless chosen) then colours the browser bar, whatever the system's.
  const bars = page.locator('meta[name="theme-color"]');
  await expect(bars.nth(1)).toHaveAttribute("content", "#4f46e5");
  await page.evaluate(() => localStorage.setItem("planify.theme", "dark"));
  await page.reload();
  await expect(bars.nth(0)).toHaveAttribute("content", "#0f1220");
  await expect(bars.nth(1)).toHaveAttribute("content", "#0f1220");
  await page.evaluate(() => localStorage.removeItem("planify.theme"));
  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  const touchPng = await (await request.get(touch!)).body();
  expect(`${touchPng.readUInt32BE(16)}x${touchPng.readUInt32BE(20)}`).toBe("180x180");
});
