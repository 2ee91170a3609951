import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { loginAs } from "./support";
import { clearAnnouncements, createTaskAs, parisDay } from "./tasks-support";

const SHOTS = fileURLToPath(new URL("../../.screenshots/tasks", import.meta.url));

test.beforeAll(async ({ request }) => clearAnnouncements(request, ["emma.petit"]));

test("guests get the login popup by itself on the timetable, then the page and the prompt", async ({ page }) => {
  await page.goto("/emploi-du-temps");
  const login = page.getByRole("dialog", { name: "Connexion" });
  await expect(login).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(login).toBeHidden();
  await expect(page.getByRole("heading", { name: "Emploi du temps", level: 1 })).toBeVisible();
  await expect(page.getByText(/placés dans la semaine/)).toBeVisible();
  await expect(page.locator("main")).toHaveCount(1);
  const prompt = page.getByRole("dialog", { name: "Connectez-vous pour voir votre emploi du temps" });
  await expect(prompt.getByRole("button", { name: "Se connecter" })).toBeVisible();
});

test("the timetable shows a task in its slot, and moves week by week", async ({ page, request }) => {
  const title = `Oral anglais ${Date.now() % 100000}`;
  const today = parisDay(0);
  await createTaskAs(request, "m.durand", {
    titre: title, type: "exam", matiere: "Anglais", date: today, heure: "10:00", description: "",
    year: "BUT1", groupes: ["A"], groupe: "A",
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, "emma.petit", "/emploi-du-temps");
  await expect(page.getByRole("heading", { name: "Emploi du temps" })).toBeVisible();
  const column = page.locator(`[data-day="${today}"]`);
  await expect(column).toBeVisible();
  const slot = column.getByTestId("timetable-slot").filter({ hasText: title });
  await expect(slot).toBeVisible();
  await expect(slot).toContainText("10:00 – 11:00");
  // 10h is three hours below the 7h top line: 3 × 56 px.
  const colBox = (await column.boundingBox())!;
  const slotBox = (await slot.boundingBox())!;
  expect(Math.round(slotBox.y - colBox.y)).toBe(168);
  expect(Math.round(slotBox.height)).toBeGreaterThanOrEqual(50);
  // Today's column header is marked as the current date.
  await expect(page.locator('[aria-label="Semaine"] [aria-current="date"]')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/timetable-1440.png` });

  await page.getByRole("button", { name: "Semaine suivante" }).click();
  await expect(page.locator(`[data-day="${today}"]`)).toHaveCount(0);
  await page.getByRole("button", { name: "Aujourd'hui" }).click();
  await expect(page.locator(`[data-day="${today}"]`).getByTestId("timetable-slot").filter({ hasText: title })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("listitem").filter({ hasText: title }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/timetable-390.png`, fullPage: true });
});
