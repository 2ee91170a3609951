import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./a11y-support";
import { atEveryThemeAndSize, loginAs } from "./support";

// Failures stay visible: a screen's code missing after an update offers a reload, a list that
// cannot load says so with « Réessayer », an unknown balance is « — », never 0. The top bar
// stays on screen through all of them.

const SHOTS = "/tmp/shots-i24-failures";
mkdirSync(SHOTS, { recursive: true });
const STUDENT = "lea.martin";
const EVENTS = /\/api\/events(\?|$)/;
const TASKS_CHUNK = /\/assets\/tasks-page-[^/]*\.js$/;
// Each test looks at its page in two themes and two sizes, with axe: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

/** Client-side navigation, as a click on a link of the top bar does. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

async function look(page: Page, name: string) {
  expect(await seriousViolations(page)).toEqual([]);
  await atEveryThemeAndSize(page, async (width, theme) => {
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${width}.png` });
  });
}

test("a screen whose code is gone after an update offers « Recharger », under the top bar, and the reload brings the page", async ({
  page,
}) => {
  await loginAs(page, STUDENT, "/");
  const gone = (route: { fulfill: (r: { status: number; body: string }) => Promise<void> }) =>
    route.fulfill({ status: 404, body: "Not found" });
  await page.route(TASKS_CHUNK, gone);
  await navigate(page, "/devoirs");

  const notice = page.getByTestId("new-version");
  await expect(notice.getByRole("heading", { name: "Une nouvelle version de Planify est disponible." })).toBeVisible();
  await expect(page.locator("header").first()).toBeVisible();
  await expect(page.getByTestId("coin-balance")).toBeVisible();
  await look(page, "new-version");

  await page.unroute(TASKS_CHUNK, gone);
  let loads = 0;
  page.on("load", () => loads++);
  await notice.getByRole("button", { name: "Recharger" }).click();
  await expect(page.getByRole("heading", { name: "Liste des devoirs" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ajouter une tâche perso" })).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(loads).toBe(1);
});

test("the homework list failing says so with « Réessayer » (not an empty list), and « Réessayer » brings the list", async ({ page }) => {
  const fail = (route: { fulfill: (r: { status: number; contentType: string; body: string }) => Promise<void> }) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ success: false, message: "Erreur interne du serveur", code: "INTERNAL" }),
    });
  await page.route(EVENTS, fail);
  await loginAs(page, STUDENT, "/devoirs");

  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("Impossible de charger les devoirs.");
  await expect(page.getByText("Aucune tâche")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Liste des devoirs" })).toBeVisible();
  await look(page, "list-error");

  await page.unroute(EVENTS, fail);
  await alert.getByRole("button", { name: "Réessayer" }).click();
  await expect(page.getByRole("button", { name: "Ajouter une tâche perso" })).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test("a balance the server cannot give shows « — » and « Solde indisponible », never 0", async ({ page }) => {
  await page.route("**/api/coins/user-coins", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ success: false, message: "Erreur interne du serveur", code: "INTERNAL" }),
    }),
  );
  await loginAs(page, STUDENT, "/devoirs");
  const pill = page.getByTestId("coin-balance");
  await expect(pill).toHaveAttribute("data-unavailable", "true");
  await expect(pill).toHaveText("—");
  await expect(pill).toHaveAttribute("title", "Solde indisponible");
  await expect(pill).toHaveAccessibleName("Solde indisponible, ouvrir la boutique");
  await expect(page.getByRole("heading", { name: "Liste des devoirs" })).toBeVisible();
  await look(page, "balance-unavailable");
});

test("the FAQ (native disclosure) and the Radix toast keep their look and their keyboard use", async ({ page }) => {
  await page.goto("/");
  const faq = page.locator("#faq summary", { hasText: "Planify est-il vraiment gratuit ?" });
  // The browser's own disclosure: Tab reaches each question, Enter and Space open and close it.
  await faq.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Oui, complètement.")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.locator("#faq summary").nth(1)).toBeFocused();
  await page.keyboard.press(" ");
  await expect(page.locator("#faq details").nth(1)).toHaveAttribute("open", "");
  await page.keyboard.press(" ");
  await expect(page.locator("#faq details").nth(1)).not.toHaveAttribute("open");
  await expect(page.getByText("Oui, complètement.")).toBeVisible();
  await page.locator("#faq").scrollIntoViewIfNeeded();
  expect(await seriousViolations(page, ["#faq"])).toEqual([]);
  await atEveryThemeAndSize(page, async (width, theme) => {
    await page.locator("#faq").screenshot({ path: `${SHOTS}/accordion-${theme}-${width}.png` });
  });

  await loginAs(page, STUDENT, "/devoirs");
  const toast = page.getByRole("region", { name: "Notifications" }).getByTestId("toast");
  const addPersonalTask = async () => {
    await page.getByRole("button", { name: "Ajouter une tâche perso" }).click();
    const dialog = page.getByRole("dialog", { name: "Ajouter une tâche perso" });
    await dialog.getByLabel("Titre").fill(`Toast ${Date.now() % 100000}`);
    await dialog.getByLabel("Date", { exact: true }).fill(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));
    await dialog.getByLabel("Heure").fill("14:30");
    await dialog.getByRole("button", { name: "Ajouter" }).click();
    await expect(toast).toHaveText("Tâche perso ajoutée.");
    // Shot once it has slid in (its entrance animation over).
    await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  };
  await addPersonalTask();
  await page.screenshot({ path: `${SHOTS}/toast-light-1440.png` });
  expect(await seriousViolations(page)).toEqual([]);
  // The phone: a fresh toast (the first one may have timed out during the axe run), inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await addPersonalTask();
  const box = await toast.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844).toBe(true);
  await page.screenshot({ path: `${SHOTS}/toast-light-390.png` });
  // Dark theme, both sizes: a fresh toast each time (white text on the darker gradient).
  await page.evaluate(() => {
    localStorage.setItem("planify.theme", "dark");
    window.dispatchEvent(new StorageEvent("storage", { key: "planify.theme" }));
  });
  await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await addPersonalTask();
    await page.screenshot({ path: `${SHOTS}/toast-dark-${width}.png` });
  }
  expect(await seriousViolations(page)).toEqual([]);
});
