import { fileURLToPath } from "node:url";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { seriousViolations } from "./a11y-support";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, loginAs } from "./support";

// Other suites share the artifacts folder: keep this one free of traces.
test.use({ trace: "off" });

const SHOTS = fileURLToPath(new URL("../../.screenshots/quests", import.meta.url));
const PASSWORD = "quetes-e2e-1";

interface Day {
  dailyQuests: { id: string; title: string; reward: number; done: boolean }[];
  meta: { rerollUsed: boolean; rerollIndex: number };
}

/** What the student does in the app to complete each quest the client reports (the others: a spin, a sign-in, a named profile). */
const TRIGGERS: Record<string, (page: Page) => Promise<void>> = {
  devoirs: async (page) => {
    await page.goto("/devoirs");
  },
  "tasks-archives": (page) => openTab(page, "Archives"),
  "tab-exams-open": (page) => openTab(page, "Examens"),
  "tab-retards-open": (page) => openTab(page, "Retard"),
  "task-info-1": async (page) => {
    await page.goto("/devoirs");
    await page.getByRole("button", { name: "Plus d'infos" }).first().click();
    await closeDialog(page);
  },
  "visit-shop": async (page) => {
    await page.getByTestId("coin-balance").click();
    await closeDialog(page);
  },
};

/** Closes the dialog a trigger opened (task details, the shop), so that the next click reaches the page. */
async function closeDialog(page: Page) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

/** Opens a tab of the homework list after the list itself (which reports « devoirs » first). */
async function openTab(page: Page, name: string) {
  await page.goto("/devoirs");
  await page.getByRole("tab", { name: new RegExp(`^${name}`) }).click();
}

/** A student of our own (BUT1, so the demo's homework is theirs): the demo students' wallets belong to other specs. */
async function newStudent(request: APIRequestContext) {
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const username = `quetes.${Date.now().toString(36)}`;
  const created = await request.post("/api/users/register", {
    headers: { Authorization: `Bearer ${admin.token}`, "X-Requested-With": "XMLHttpRequest" },
    data: { username, password: PASSWORD, role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" },
  });
  expect(created.status(), await created.text()).toBe(201);
  return username;
}

async function readDay(request: APIRequestContext, token: string): Promise<Day> {
  const res = await request.get("/api/quests/daily", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

async function serverCoins(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get("/api/coins/user-coins", { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { coins: number }).coins;
}

const balanceOf = async (page: Page) => Number((await page.getByTestId("coin-balance").getAttribute("aria-label"))!.replace(/\D/g, ""));
const popupOf = (page: Page) => page.getByRole("dialog", { name: "Quêtes" });

async function openPopup(page: Page) {
  await page.getByTestId("quests-button").click();
  await expect(popupOf(page).getByText("Progression journalière :")).toBeVisible();
}

/** Re-rolls, through the popup, the first quest not done and not the one kept; returns its slot. */
async function rerollOne(page: Page, day: Day, keep?: string): Promise<number> {
  const index = day.dailyQuests.findIndex((q) => !q.done && q.id !== keep);
  expect(index, "a quest left to re-roll").toBeGreaterThanOrEqual(0);
  await openPopup(page);
  const popup = popupOf(page);
  await popup
    .getByRole("button", { name: /^Re-roll : / })
    .nth(index)
    .click();
  const confirm = page.getByRole("dialog", { name: "Confirmer le re-roll" });
  await expect(confirm).toContainText("Êtes-vous sûr de re-roll cette quête ? Cela réduira le bonus de quêtes journalières.");
  await confirm.getByRole("button", { name: "Confirmer" }).click();
  await expect(popup.getByRole("button", { name: /^Re-roll utilisé/ })).toBeVisible();
  await expect(popup.getByText("Bonus réduit")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(popup).toBeHidden();
  return index;
}

test("a student completes a quest once (toast, balance moved by its reward), re-rolls another, and the popup is looked at", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const username = await newStudent(page.request);
  // Signing in completes « Se connecter à Planify » (when drawn) before anything below is measured.
  const login = await loginAs(page, username, "/", PASSWORD);
  let day = await readDay(page.request, login.token);
  let rerolled = false;
  if (!day.dailyQuests.some((q) => !q.done && q.id in TRIGGERS)) {
    // None of today's three is one the app reports (a spin, a profile…): the re-roll brings one.
    await rerollOne(page, day);
    rerolled = true;
    day = await readDay(page.request, login.token);
  }
  // « devoirs » first: the other triggers open the homework list on their way, which reports it too.
  const open = day.dailyQuests.filter((q) => !q.done && q.id in TRIGGERS);
  const quest = open.find((q) => q.id === "devoirs") ?? open[0]!;
  expect(quest, `today's quests: ${day.dailyQuests.map((q) => q.id).join(", ")}`).toBeDefined();

  await expect(page.getByTestId("quests-left")).toHaveText(String(day.dailyQuests.filter((q) => !q.done).length));
  const before = await serverCoins(page.request, login.token);
  await expect.poll(() => balanceOf(page)).toBe(before);
  await TRIGGERS[quest.id]!(page);
  const toast = page.getByRole("region", { name: "Notifications" }).getByTestId("toast");
  await expect(toast).toContainText("Quête terminée");
  await expect(toast).toContainText(`(+${quest.reward} Planify Coins)`);
  await expect.poll(() => balanceOf(page)).toBe(before + quest.reward);

  // Once a day: doing it again (another page load) pays nothing more, nor does the server on a second report.
  await TRIGGERS[quest.id]!(page);
  await page.waitForTimeout(800);
  expect(await balanceOf(page)).toBe(before + quest.reward);
  const again = await page.request.post("/api/quests/complete", {
    headers: { Authorization: `Bearer ${login.token}` },
    data: { questId: quest.id },
  });
  expect(await again.json()).toMatchObject({ alreadyDone: true, coins: before + quest.reward });
  day = await readDay(page.request, login.token);
  expect(day.dailyQuests.find((q) => q.id === quest.id)?.done).toBe(true);

  if (!rerolled) await rerollOne(page, day, quest.id);
  expect((await readDay(page.request, login.token)).meta.rerollUsed).toBe(true);

  // The popup: the quest done is checked, every re-roll is spent; looked at in both themes and sizes, axe clean.
  await openPopup(page);
  const popup = popupOf(page);
  await expect(popup.getByTestId(`daily-quest-${quest.id}`).getByRole("img", { name: "Quête complétée" })).toBeVisible();
  for (const button of await popup.getByRole("button", { name: /^Re-roll/ }).all()) await expect(button).toBeDisabled();
  await expect(popup.getByRole("progressbar", { name: "Progression : Valider 10 tâches" })).toHaveAttribute("aria-valuenow", /\d+/);
  await atEveryThemeAndSize(page, async (width, theme) => {
    await popup.evaluate((el) => el.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/popup-${theme}-${width}.png` });
    await popup.getByRole("heading", { name: "Succès" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/popup-achievements-${theme}-${width}.png` });
    expect(await seriousViolations(page)).toEqual([]);
  });
  await page.keyboard.press("Escape");
  await expect(popup).toBeHidden();
  await expect(page.getByTestId("quests-button")).toBeFocused();
  // The top bar on a phone, with the button and its badge.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/top-bar-390.png`, clip: { x: 0, y: 0, width: 390, height: 120 } });
  const menu = await page.getByRole("button", { name: /^Ouvrir le menu/ }).boundingBox();
  expect(menu!.x + menu!.width).toBeLessThanOrEqual(390);
});
