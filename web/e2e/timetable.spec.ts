import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { apiLogin, atEveryThemeAndSize, loginAs } from "./support";
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
    titre: title,
    type: "exam",
    matiere: "Anglais",
    date: today,
    heure: "10:00",
    description: "",
    year: "BUT1",
    groupes: ["A"],
    groupe: "A",
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

test("a class timetable given by the admin shows the school's lessons beside the tasks; a student's private address is refused", async ({
  page,
  request,
  browser,
}) => {
  // Eight axe passes and two logins: well over the default minute on a loaded 2-core CI machine.
  test.setTimeout(180_000);
  // The school's calendar server (as ADE would answer), on this machine: admins may use the school's own network.
  const ics = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//ADE//FR",
    "BEGIN:VEVENT",
    "UID:cours-ux@ade",
    "DTSTAMP:20260101T000000Z",
    "DTSTART;TZID=Europe/Paris:20260105T080000",
    "DTEND;TZID=Europe/Paris:20260105T100000",
    "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    "SUMMARY:Cours UX design",
    "LOCATION:Salle B12",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
  const school = createServer((req, res) =>
    req.url === "/ade.ics"
      ? res.writeHead(200, { "content-type": "text/calendar" }).end(ics)
      : res.writeHead(200, { "content-type": "text/html" }).end("<p>Connexion ADE</p>"),
  );
  await new Promise<void>((resolve) => school.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(school.address() as AddressInfo).port}/ade.ics`;
  const admin = await apiLogin(request, "claire.admin");
  const headers = { Authorization: `Bearer ${admin.token}` };
  // A retry starts from the same state as a first try: no class calendar left by the last one.
  await request.delete("/api/school-timetable/classes?year=BUT3&groupe=A", { headers });
  try {
    // The admin links BUT3 group A to the school's calendar from the dashboard.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await adminPage.setViewportSize({ width: 1440, height: 900 });
    await loginAs(adminPage, "claire.admin", "/admin?section=emplois-du-temps");
    const panel = adminPage.getByRole("region", { name: "Emplois du temps" });
    await panel.getByLabel("Année", { exact: true }).selectOption("BUT3");
    await panel.getByLabel("Groupe", { exact: true }).selectOption("A");
    await panel.getByRole("button", { name: "Enregistrer" }).click();
    await expect(panel.getByRole("alert")).toHaveText("Collez d'abord l'adresse du calendrier (.ics).");
    await panel.getByLabel("Adresse du calendrier (.ics)").fill(`${url.replace("/ade.ics", "/")}page-introuvable`);
    await panel.getByRole("button", { name: "Enregistrer" }).click();
    await expect(panel.getByRole("alert")).toContainText("Ce lien ne donne pas un calendrier iCalendar (.ics).");
    await panel.getByLabel("Adresse du calendrier (.ics)").fill(url);
    await panel.getByRole("button", { name: "Enregistrer" }).click();
    await expect(panel.getByRole("status")).toContainText("Emploi du temps enregistré. (BUT3, Groupe A)");
    await expect(panel.getByRole("listitem").filter({ hasText: "BUT3 · Groupe A" })).toContainText(url);
    await atEveryThemeAndSize(adminPage, async (w, theme) => {
      await adminPage.screenshot({ path: `${SHOTS}/admin-timetables-${w}-${theme}.png`, fullPage: true });
      const { violations } = await new AxeBuilder({ page: adminPage })
        .include('section[aria-labelledby="admin-timetables-title"]')
        .analyze();
      expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${w} ${theme} ${v.id}`)).toEqual([]);
    });
    await adminContext.close();

    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, "ines.girard", "/emploi-du-temps");
    const monday = page.locator("[data-day]").first();
    const lesson = monday.getByTestId("timetable-lesson");
    await expect(lesson).toContainText("Cours UX design");
    await expect(lesson).toContainText("08:00 – 10:00 · Cours");
    await expect(lesson).toContainText("Salle B12");
    // 8h is one hour below the 7h top line.
    expect(Math.round((await lesson.boundingBox())!.y - (await monday.boundingBox())!.y)).toBe(56);

    const form = page.getByRole("region", { name: "Mes cours dans Planify" });
    await expect(form).toContainText("L'emploi du temps de votre classe est déjà affiché.");
    await form.getByLabel("Adresse du calendrier (.ics)").fill(url);
    await form.getByRole("button", { name: "Enregistrer" }).click();
    await expect(form.getByRole("alert")).toHaveText(
      "Adresse refusée : elle mène à un réseau privé. Demandez à l'administration de l'ajouter pour votre classe.",
    );

    await atEveryThemeAndSize(page, async (w, theme) => {
      await page.screenshot({ path: `${SHOTS}/timetable-lessons-${w}-${theme}.png`, fullPage: true });
      // Scoped to what this test adds (lessons and the address form).
      const { violations } = await new AxeBuilder({ page })
        .include('[data-testid="timetable-lesson"]')
        .include('section[aria-labelledby="own-timetable-title"]')
        .analyze();
      expect(
        violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${w} ${theme} ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      ).toEqual([]);
    });
    await page.evaluate(() => localStorage.setItem("planify.theme", "light"));
  } finally {
    // The request fixture is gone once the test has timed out; the next try cleans up first.
    await request.delete("/api/school-timetable/classes?year=BUT3&groupe=A", { headers }).catch(() => undefined);
    school.close();
  }
});
