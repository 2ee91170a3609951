// Live updates (GET /api/live): a student's open page shows what others do without a reload,
// and after the stream was cut it resumes from the last event it saw and shows what happened
// meanwhile.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, apiLogin, loginAs, settleQuests } from "./support";
import { createTaskAs, openList, parisDay } from "./tasks-support";

const PASSWORD = "mot-de-passe-e2e";

async function adminApi(request: APIRequestContext) {
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const headers = { Authorization: `Bearer ${admin.token}`, "X-Requested-With": "XMLHttpRequest" };
  return {
    async post(path: string, data: unknown) {
      const res = await request.post(`/api${path}`, { headers, data });
      expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
      return res.json();
    },
  };
}

/** A homework of Léa (delegate, BUT1 group A) for her group, through the API. */
const addTask = (request: APIRequestContext, titre: string) =>
  createTaskAs(request, "lea.martin", {
    titre,
    type: "devoir",
    matiere: "Anglais",
    date: parisDay(3),
    heure: "10:00",
    description: "",
    year: "BUT1",
    groupes: ["A"],
  });

const isLive = (url: string) => new URL(url).pathname === "/api/live";

test("a student's open page shows a new task, a coin change and a pop-up at once, and catches up after the stream was cut", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminApi(request);
  // A student of our own (BUT1 group A, like Léa): coins and pop-ups do not touch other specs.
  const username = `direct.${Date.now().toString(36)}`;
  const { user } = (await admin.post("/users/register", {
    username,
    password: PASSWORD,
    role: "eleve",
    year: "BUT1",
    groupe: "A",
    specialite: "devweb",
  })) as { user: { id: string } };
  // The pill is checked to the coin: no quest may pay meanwhile (signing in, the list).
  await settleQuests(request, (await apiLogin(request, username, PASSWORD)).token);
  await admin.post("/users-admin", { action: "update-coins", userId: user.id, coins: 100 });

  const opened = page.waitForResponse((r) => isLive(r.url()));
  const login = await loginAs(page, username, "/devoirs", PASSWORD);
  await openList(page);
  expect((await opened).status()).toBe(200);
  const pill = page.getByTestId("coin-balance");
  await expect(pill).toHaveText("100");
  // A mark that a reload would wipe.
  await page.evaluate(() => {
    (window as { samePage?: boolean }).samePage = true;
  });

  // A delegate adds a task: it is on the list within a second, without a reload.
  const first = `Oral live ${Date.now() % 100_000}`;
  await addTask(request, first);
  await expect(page.getByText(first)).toBeVisible({ timeout: 1_000 });

  // An admin changes the balance: the top bar shows it.
  await admin.post("/users-admin", { action: "update-coins", userId: user.id, coins: 250 });
  await expect(pill).toHaveText("250", { timeout: 1_000 });

  // A pop-up sent by an admin shows at once, not at the next 30 s poll.
  const stamp = `Conseil de classe ${Date.now()}`;
  await admin.post("/popups/send", { target: "user", userId: user.id, html: `<h2>${stamp}</h2><p>Salle B204.</p>` });
  const popup = page.getByRole("dialog", { name: "Annonce" });
  await expect(popup.getByRole("heading", { name: stamp })).toBeVisible({ timeout: 2_000 });
  await popup.getByRole("button", { name: "OK" }).click();
  await expect(popup).toBeHidden();

  // The stream is cut: the server closes the page's stream when three more of this user open
  // (LIVE_STREAMS_PER_USER), and the page's attempts to open it again fail for a while.
  // (Chromium's offline emulation leaves an open stream be, so it cannot cut one.)
  const resumedFrom: (string | null)[] = [];
  page.on("response", (r) => {
    if (isLive(r.url()) && r.status() === 200) resumedFrom.push(r.request().headers()["last-event-id"] ?? null);
  });
  await page.route("**/api/live*", (route) => route.abort());
  const attemptFailed = page.waitForEvent("requestfailed", (r) => isLive(r.url()));
  const others = new AbortController();
  const origin = new URL(page.url()).origin;
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${origin}/api/live`, { headers: { Authorization: `Bearer ${login.token}` }, signal: others.signal });
    expect(res.status).toBe(200);
  }
  await attemptFailed;

  // Meanwhile a task is added and the balance changes: the page cannot know yet.
  const second = `Partiel live ${Date.now() % 100_000}`;
  await addTask(request, second);
  await admin.post("/users-admin", { action: "update-coins", userId: user.id, coins: 375 });
  await page.waitForTimeout(1_500);
  await expect(page.getByText(second)).toHaveCount(0);
  await expect(pill).toHaveText("250");

  // The way is open again: the stream resumes from the last event it saw and the page catches up.
  others.abort();
  await page.unroute("**/api/live*");
  await expect(page.getByText(second)).toBeVisible({ timeout: 15_000 });
  await expect(pill).toHaveText("375", { timeout: 5_000 });
  expect(resumedFrom).toHaveLength(1);
  expect(resumedFrom[0]).toMatch(/^\d+$/);
  expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
});

test("a session closed from another device signs the page out at once, with a message", async ({ page, request }) => {
  const admin = await adminApi(request);
  const username = `revoque.${Date.now().toString(36)}`;
  await admin.post("/users/register", { username, password: PASSWORD, role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" });
  const opened = page.waitForResponse((r) => isLive(r.url()));
  await loginAs(page, username, "/devoirs", PASSWORD);
  await openList(page);
  await opened;

  // Another device of the same student signs every other one out.
  const other = await apiLogin(request, username, PASSWORD);
  const res = await request.delete("/api/privacy/me/sessions", { headers: { Authorization: `Bearer ${other.token}` } });
  expect(res.ok()).toBe(true);

  const notice = page.getByRole("dialog", { name: "Session fermée" });
  await expect(notice).toBeVisible({ timeout: 2_000 });
  await expect(notice).toContainText("Vous avez été déconnecté de cet appareil. Reconnectez-vous pour continuer.");
  expect(await page.evaluate(() => localStorage.getItem("planify.user"))).toBeNull();
  await notice.getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("dialog", { name: "Connectez-vous pour voir vos devoirs" })).toBeVisible();
});

test("a signed-out page opens no stream", async ({ page }: { page: Page }) => {
  const streams: string[] = [];
  page.on("request", (r) => {
    if (isLive(r.url())) streams.push(r.url());
  });
  await page.goto("/devoirs");
  await expect(page.getByRole("heading", { name: "Liste des devoirs", level: 1 })).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(streams).toEqual([]);
});
