import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./a11y-support";
import { ADMIN_PASSWORD, loginAs, networkSettled } from "./support";
import { createTaskAs, parisDay } from "./tasks-support";

// Every page, in both themes, on a phone and a desktop: axe (and the gradient contrast check
// of a11y-support.ts) must find no serious or critical violation. Screenshots of each state land in .screenshots/a11y for a look by eye.
const SHOTS = fileURLToPath(new URL("../../.screenshots/a11y", import.meta.url));
const SIZES = [
  { label: "390", viewport: { width: 390, height: 844 } },
  { label: "1440", viewport: { width: 1440, height: 900 } },
] as const;
const THEMES = ["light", "dark"] as const;
const VISITORS = [
  { who: "guest", pages: ["/", "/about", "/contact", "/factions", "/devoirs", "/emploi-du-temps", "/page-inconnue"] },
  { who: "emma.petit", pages: ["/", "/devoirs", "/emploi-du-temps", "/factions", "/about"] },
  { who: "admin", pages: ["/admin", "/devoirs"] },
  // A teacher's home opens on « À corriger ».
  { who: "m.durand", pages: ["/"] },
] as const;

async function settle(page: Page) {
  await networkSettled(page);
  await page.waitForTimeout(700); // slide-in prompt and dialog animations end
}

/** Switches the theme as another tab would (storage event): the page stays as it is, only its colours change. */
async function switchTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate((t) => {
    localStorage.setItem("planify.theme", t);
    window.dispatchEvent(new StorageEvent("storage", { key: "planify.theme" }));
  }, theme);
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
  await page.waitForTimeout(300); // colour transitions end
}

// The screenshots are for a look by eye: CI, where no one looks, skips them (a full-page
// screenshot of a long page costs a second on two cores).
const SHOOT = !process.env.CI;

mkdirSync(SHOTS, { recursive: true });
// The slowest file of the suite: its tests spread over both workers instead of queueing in one.
test.describe.configure({ mode: "parallel" });
for (const { who, pages } of VISITORS) {
  for (const { label, viewport } of SIZES) {
    // Each page is loaded once and checked in both themes.
    test(`axe: ${who}, ${label} px, light and dark themes`, async ({ page }) => {
      test.setTimeout(240_000); // up to seven pages, each with axe and the gradient check twice
      await page.setViewportSize(viewport);
      if (who === "admin") await loginAs(page, "admin", "/", ADMIN_PASSWORD);
      else if (who !== "guest") await loginAs(page, who, "/");
      const found: string[] = [];
      for (const path of pages) {
        await page.goto(path);
        await settle(page);
        for (const theme of THEMES) {
          await switchTheme(page, theme);
          const name = `${who}${path === "/" ? "-home" : path.replace(/\//g, "-")}-${theme}-${label}`;
          if (SHOOT) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
          for (const line of await seriousViolations(page)) found.push(`${path} (${theme}): ${line}`);
        }
      }
      expect(found, found.join("\n")).toEqual([]);
    });
  }
}

test("stacked dialogs: one close button, the one below inert, focus back on the opener; shop tabs and account menu by keyboard", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const title = `Exposé a11y ${Date.now() % 100000}`;
  await createTaskAs(request, "lea.martin", {
    titre: title,
    type: "devoir",
    matiere: "Anglais",
    date: parisDay(3),
    heure: "10:00",
    description: "",
    year: "BUT1",
    groupes: ["A"],
    groupe: "A",
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.addInitScript(() => localStorage.setItem("planify.theme", "dark"));
  await loginAs(page, "lea.martin", "/devoirs");
  await page.getByRole("button", { name: "Voir les tâches" }).click();
  const mine = page.getByRole("dialog", { name: "Mes tâches créées" });
  const edit = mine.getByRole("listitem").filter({ hasText: title }).getByRole("button", { name: "Modifier" });
  await edit.click();
  await expect(page.getByRole("dialog", { name: /Modifier/ })).toBeVisible();
  await settle(page);
  await expect(page.locator('button[aria-label="Fermer"]:visible')).toHaveCount(1);
  if (SHOOT) await page.screenshot({ path: `${SHOTS}/stacked-dialogs-dark-1440.png` });
  const found = (await seriousViolations(page)).map((l) => `modifier: ${l}`);
  await page.keyboard.press("Escape");
  await expect(edit).toBeFocused();
  await expect(page.locator('button[aria-label="Fermer"]:visible')).toHaveCount(1);
  found.push(...(await seriousViolations(page)).map((l) => `mes tâches: ${l}`));
  await page.keyboard.press("Escape");

  await page.getByTestId("coin-balance").click();
  const shop = page.getByRole("dialog", { name: /Boutique/ });
  await shop.getByRole("tab", { name: "Collection" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(shop.getByRole("tab", { name: /Boutique quotidienne/ })).toHaveAttribute("aria-selected", "true");
  await settle(page);
  if (SHOOT) await page.screenshot({ path: `${SHOTS}/shop-dark-1440.png` });
  found.push(...(await seriousViolations(page)).map((l) => `boutique: ${l}`));
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("coin-balance")).toBeFocused();

  const account = page.getByRole("button", { name: "Compte de lea.martin" });
  await account.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Profil" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Changer l'avatar" })).toBeFocused();
  found.push(...(await seriousViolations(page)).map((l) => `menu du compte: ${l}`));
  await page.keyboard.press("Escape");
  await expect(account).toBeFocused();
  await account.click();
  await page.getByRole("menuitem", { name: "Profil" }).click();
  await expect(page.getByRole("dialog", { name: "Profil" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(account).toBeFocused();
  expect(found, found.join("\n")).toEqual([]);
});
