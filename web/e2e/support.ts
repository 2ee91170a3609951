import type { APIRequestContext, Page, Request } from "@playwright/test";

/** The admin password the e2e server is started with (see playwright.config.ts). */
export const ADMIN_PASSWORD = "e2e-admin-password";
/** Password of every demo account. */
export const DEMO_PASSWORD = "planify-demo";

/** Logs in through the API and returns the login answer (token, user...). */
export async function apiLogin(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const res = await request.post("/api/users/login", { data: { username, password, rememberMe: true } });
  if (!res.ok()) throw new Error(`login ${username} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { token: string; user: { id: string; username: string }; expiresAt: string; hasSecretQuestions: boolean };
}

/**
 * Acknowledges every pending announcement of a user (the demo school greets everyone with
 * one), so that tests about something else are not covered by its modal.
 */
export async function dismissAnnouncements(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 20; i++) {
    const res = await request.get("/api/popups/for-me", { headers });
    if (res.status() === 204) return;
    const popup = (await res.json()) as { id: string };
    await request.post(`/api/popups/ack/${popup.id}`, { headers });
  }
}

/**
 * Puts a session in the page's local storage (as "stay signed in" does), then opens `path`.
 * Pending announcements are acknowledged first unless `keepAnnouncements` is set.
 */
export async function loginAs(
  page: Page,
  username: string,
  path = "/",
  password = DEMO_PASSWORD,
  opts: { keepAnnouncements?: boolean } = {},
) {
  const login = await apiLogin(page.request, username, password);
  if (!opts.keepAnnouncements) await dismissAnnouncements(page.request, login.token);
  trackRequests(page);
  await page.goto("/favicon.svg");
  await page.evaluate(
    (session) => {
      localStorage.setItem("planify.user", JSON.stringify(session));
    },
    { user: login.user, token: login.token, expiresAt: login.expiresAt, hasSecretQuestions: login.hasSecretQuestions, rememberMe: true },
  );
  await page.goto(path);
  // "/" and "/devoirs" paint from the HTML and start the app after that paint: wait until it
  // has mounted (it drops the prerendered mark), so its listeners are there.
  await page.waitForFunction(() => !document.getElementById("root")?.hasAttribute("data-prerendered"));
  return login;
}

const inFlight = new WeakMap<Page, Set<Request>>();

/**
 * Starts counting the page's requests in flight, the live stream (GET /api/live) aside; loginAs
 * calls it before the first page, so networkSettled sees every request of the signed-in pages.
 */
export function trackRequests(page: Page): Set<Request> {
  const known = inFlight.get(page);
  if (known) return known;
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on("request", (r) => {
    if (new URL(r.url()).pathname !== "/api/live") pending.add(r);
  });
  const done = (r: Request) => void pending.delete(r);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return pending;
}

/**
 * What waitForLoadState("networkidle") meant before the live stream: no request in flight for
 * 500 ms, the stream aside. A signed-in page never reaches "networkidle": its stream stays open.
 * A page that never went through loginAs (a guest's: no stream) waits for "networkidle" itself.
 */
export async function networkSettled(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const pending = inFlight.get(page);
  if (!pending) return page.waitForLoadState("networkidle");
  await page.waitForLoadState("load");
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (pending.size > 0) quietSince = Date.now();
    if (Date.now() > deadline) throw new Error(`requests still in flight: ${[...pending].map((r) => r.url()).join(", ")}`);
    await page.waitForTimeout(50);
  }
}

/** The two screen sizes every screen is looked at: desktop and phone. */
export const SCREEN_SIZES = [
  [1440, 900],
  [390, 844],
] as const;

/**
 * Calls `look` at each screen size in the light then the dark theme. The theme is switched
 * through storage, as another tab would, so an open popup (which covers the toggle) stays open.
 * The theme and size the page had are put back afterwards.
 */
export async function atEveryThemeAndSize(
  page: Page,
  look: (width: number, theme: "light" | "dark", height: number) => Promise<void>,
): Promise<void> {
  const setTheme = async (t: string | null) => {
    await page.evaluate((value) => {
      if (value === null) localStorage.removeItem("planify.theme");
      else localStorage.setItem("planify.theme", value);
      window.dispatchEvent(new StorageEvent("storage", { key: "planify.theme" }));
    }, t);
  };
  const before = await page.evaluate(() => localStorage.getItem("planify.theme"));
  for (const theme of ["light", "dark"] as const) {
    await setTheme(theme);
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
    for (const [width, height] of SCREEN_SIZES) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(250);
      await look(width, theme, height);
    }
  }
  await setTheme(before);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * Does a user's quests of the day through the API (and claims the day's bonus), so that no quest
 * pays later that day: for the specs that check a balance to the coin while the app reports
 * quests on its own (signing in, opening the list or the shop). A wheel quest is re-rolled
 * (spinning would use the day's spin); should a second one come, it pays only on a spin.
 */
export async function settleQuests(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}`, "X-Requested-With": "XMLHttpRequest" };
  type Day = { dailyQuests: { id: string; done: boolean }[]; meta: { rerollUsed: boolean; targetLeaderboardName: string } };
  const read = async () => (await (await request.get("/api/quests/daily", { headers })).json()) as Day;
  let day = await read();
  const wheel = day.dailyQuests.findIndex((q) => q.id.startsWith("wheel-") && !q.done);
  if (wheel >= 0 && !day.meta.rerollUsed) {
    await request.post("/api/quests/reroll", { headers, data: { index: wheel } });
    day = await read();
  }
  for (const q of day.dailyQuests.filter((q) => !q.done && !q.id.startsWith("wheel-"))) {
    const proof = q.id === "leaderboard-profile" ? { username: day.meta.targetLeaderboardName } : {};
    const res = await request.post("/api/quests/complete", { headers, data: { questId: q.id, ...proof } });
    if (!res.ok()) throw new Error(`quest ${q.id}: ${res.status()} ${await res.text()}`);
  }
  // Refused (400) while a wheel quest is left: nothing to claim then.
  await request.post("/api/quests/bonus", { headers });
}
