import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { gradientContrast, seriousViolations } from "./a11y-support";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, loginAs } from "./support";
import { clearAnnouncements, createTaskAs, openList, parisDay } from "./tasks-support";

// Issue 23, the tasks and timetable views: late deadlines drawn at their time, short blocks
// keeping their title, readable text on subject gradients, cut titles with their full name,
// the guest pages quiet and uncovered, French elision. Screenshots for a look by eye.
const SHOTS = "/tmp/shots-i23-tasksview";
mkdirSync(SHOTS, { recursive: true });
const RUN = Date.now() % 100000;
const HOUR_PX = 56;

test.beforeAll(async ({ request }) => clearAnnouncements(request, ["emma.petit"]));

const common = { matiere: "Anglais", description: "", year: "BUT1", groupes: ["A"], groupe: "A" };

test("timetable: a 23:59 deadline sits in the 23h row, a 45-minute block keeps « 10:00 · Titre », text on subject colours is readable", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const today = parisDay(0);
  const late = `Rendu minuit ${RUN}`;
  const short = `Quiz court ${RUN}`;
  const done = `Fiche lue ${RUN}`;
  await createTaskAs(request, "m.durand", { ...common, titre: late, type: "devoir", date: today, heure: "23:59" });
  await createTaskAs(request, "m.durand", { ...common, titre: short, type: "exam", date: today, heure: "10:00", durationMinutes: 45 });
  const doneId = await createTaskAs(request, "m.durand", { ...common, titre: done, type: "devoir", date: today, heure: "14:00" });
  const emma = await apiLogin(request, "emma.petit");
  expect((await request.post(`/api/events/${doneId}/check`, { headers: { Authorization: `Bearer ${emma.token}` } })).ok()).toBe(true);

  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, "emma.petit", "/emploi-du-temps");
  const column = page.locator(`[data-day="${today}"]`);
  const lateSlot = column.getByTestId("timetable-slot").filter({ hasText: late });
  await expect(lateSlot).toBeVisible();
  const first = Number(await column.getAttribute("data-first-hour"));
  const colBox = (await column.boundingBox())!;
  const lateBox = (await lateSlot.boundingBox())!;
  // Inside the 23h row (the grid now runs to midnight), not on the 7h one at the top.
  expect(lateBox.y - colBox.y).toBeGreaterThanOrEqual((23 - first) * HOUR_PX - 1);
  expect(lateBox.y + lateBox.height).toBeLessThanOrEqual(colBox.y + colBox.height + 1);
  await expect(page.locator('[aria-label="Semaine"]')).toContainText("23h");

  const shortSlot = column.getByTestId("timetable-slot").filter({ hasText: short });
  await expect(shortSlot).toHaveText(`10:00 · ${short}`);
  const titleBox = (await shortSlot.locator("strong").boundingBox())!;
  expect(titleBox.width).toBeGreaterThan(40);
  await expect(column.getByTestId("timetable-slot").filter({ hasText: done })).toHaveCSS("text-decoration-line", "line-through");

  await atEveryThemeAndSize(page, async (w, theme) => {
    await page.screenshot({ path: `${SHOTS}/timetable-${w}-${theme}.png`, fullPage: true });
    expect(await seriousViolations(page, ["main"]), `${w} ${theme}`).toEqual([]);
  });
  // The week's blocks on their gradients: the check axe cannot make.
  expect(await gradientContrast(page, ['[aria-label="Semaine"]'])).toEqual([]);
});

test("task cards: a cut title keeps its full name as tooltip and accessible name; subject labels readable; no lock on « Ajouter une tâche perso »", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const full = `Compte rendu de TP : formulaires accessibles ${RUN}`;
  await createTaskAs(request, "m.durand", { ...common, titre: full, type: "devoir", date: parisDay(2), heure: "09:00" });
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, "emma.petit", "/devoirs");
  await openList(page);
  const card = page
    .getByTestId("task-card")
    .filter({ hasText: "Compte rendu de TP : fo…" })
    .filter({ has: page.getByRole("heading", { name: full }) });
  await expect(card).toHaveCount(1);
  const heading = card.getByRole("heading", { name: full, exact: true });
  await expect(heading).toHaveAttribute("title", full);
  await expect(heading).toBeVisible();

  const personal = page.getByRole("button", { name: "Ajouter une tâche perso" });
  await expect(personal.locator("svg rect")).toHaveCount(0);
  await expect(personal.locator('svg path[d="M12 5v14M5 12h14"]')).toHaveCount(1);

  expect(await gradientContrast(page, ['[data-testid="task-card"]'])).toEqual([]);
  await atEveryThemeAndSize(page, async (w, theme) => {
    await page.screenshot({ path: `${SHOTS}/devoirs-${w}-${theme}.png`, fullPage: false });
    expect(await seriousViolations(page, ["main"]), `${w} ${theme}`).toEqual([]);
  });
});

/** Records the API calls a page makes and the console errors it logs. */
function watch(page: Page) {
  const calls: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/")) calls.push(new URL(r.url()).pathname);
  });
  page.on("response", (r) => {
    if (r.status() === 401) errors.push(`401 ${new URL(r.url()).pathname}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return { calls, errors };
}

test("guests: the timetable asks nothing it would be refused, and on a phone the prompt never covers the page's own « Se connecter »", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const seen = watch(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/emploi-du-temps");
  await page.getByRole("dialog", { name: "Connexion" }).waitFor();
  await page.keyboard.press("Escape");
  await page.waitForLoadState("networkidle");
  await page.reload();
  await page.getByRole("dialog", { name: "Connexion" }).waitFor();
  await page.keyboard.press("Escape");
  await page.waitForLoadState("networkidle");
  expect(seen.calls.filter((p) => p.startsWith("/api/subjects"))).toEqual([]);
  expect(seen.errors).toEqual([]);

  for (const path of ["/emploi-du-temps", "/devoirs"]) {
    await page.goto(path);
    if (path === "/emploi-du-temps") {
      await page.getByRole("dialog", { name: "Connexion" }).waitFor();
      await page.keyboard.press("Escape");
    }
    const prompt = page.getByRole("dialog", { name: /Connectez-vous pour voir/ });
    await expect(prompt).toBeVisible();
    await page.waitForTimeout(600); // the slide-in ends
    await atEveryThemeAndSize(page, async (w, theme) => {
      const own = page.locator("main section").getByRole("button", { name: "Se connecter" });
      await own.scrollIntoViewIfNeeded();
      const a = (await own.boundingBox())!;
      const b = (await prompt.boundingBox())!;
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap, `${path} ${w} ${theme}`).toBe(false);
      await page.screenshot({ path: `${SHOTS}/guest${path.replace("/", "-")}-${w}-${theme}.png`, fullPage: true });
      expect(await seriousViolations(page), `${path} ${w} ${theme}`).toEqual([]);
    });
  }
  expect(seen.errors).toEqual([]);
});

test("admin dashboard: « Tâches d'Intégration », with the elision", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, "admin", "/admin?section=devoirs", ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Intégration", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: /^Tâches d'Intégration \(\d+\)$/ })).toBeVisible();
});

test("shop: the « Possédé » badge reads at 4.5:1 in both themes", async ({ page }) => {
  test.setTimeout(240_000);
  // Every account owns the classic border: its card says « Possédé ».
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, "emma.petit", "/");
  await page.getByTestId("coin-balance").click();
  const shop = page.getByRole("dialog", { name: /Boutique/ });
  await shop.getByRole("tab", { name: "Collection" }).click();
  const badge = shop.locator('span[data-state="owned"]').first();
  await expect(badge).toHaveText("Possédé");
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      localStorage.setItem("planify.theme", t);
      window.dispatchEvent(new StorageEvent("storage", { key: "planify.theme" }));
    }, theme);
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
    await page.screenshot({ path: `${SHOTS}/shop-owned-1440-${theme}.png` });
    const { violations } = await new AxeBuilder({ page }).include('span[data-state="owned"]').withRules(["color-contrast"]).analyze();
    expect(violations.flatMap((v) => v.nodes.map((n) => `${theme}: ${n.failureSummary}`))).toEqual([]);
  }
});
