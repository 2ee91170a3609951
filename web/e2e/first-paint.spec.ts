import { expect, test, type Page } from "@playwright/test";
import { loginAs } from "./support";

// What paints from the HTML alone, before the app's script runs: the build prerenders the guest
// home page and a signed-in browser's frame of "/" and "/devoirs" (scripts/lib/prerender.ts),
// and theme-init.js, inlined in every page and allowed by its hash, hides a page that is not
// this browser's. Scripts are held back here to look at that first paint.

const STUDENT = "emma.petit";

/** Holds every script file back (the inline theme-init.js still runs), until the returned function lets them go. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: (() => Promise<void>)[] = [];
  let holding = true;
  await page.route(/\/assets\/.*\.js$/, (route) => {
    if (!holding) return route.continue();
    held.push(() => route.continue());
  });
  return async () => {
    holding = false;
    for (const go of held.splice(0)) await go();
  };
}

/** CSP refusals the page reports (an inline script without its hash would be one). */
function cspErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy|Content-Security-Policy/i.test(msg.text())) errors.push(msg.text());
  });
  return errors;
}

test("a student's /devoirs paints its heading and a member's top bar from the HTML, then the list", async ({ page }) => {
  const errors = cspErrors(page);
  await loginAs(page, STUDENT, "/favicon.svg");
  const release = await holdScripts(page);
  await page.goto("/devoirs", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1, name: "Liste des devoirs" })).toBeVisible();
  await expect(page.getByTestId("member-widgets-loading")).toBeVisible();
  await expect(page.getByRole("button", { name: "Se connecter" })).toHaveCount(0);
  // The theme was applied by the inline script before anything else.
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
  await release();
  // The app replaces the frame with the real list and the real widgets.
  await expect(page.locator("#root")).not.toHaveAttribute("data-prerendered", /./);
  await expect(page.getByRole("button", { name: "Compte d'emma.petit" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Liste des devoirs" })).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("a student's / paints the home page with a member's top bar, never the guest's « Se connecter »", async ({ page }) => {
  const errors = cspErrors(page);
  await loginAs(page, STUDENT, "/favicon.svg");
  await page.evaluate(() => localStorage.setItem("planify.theme", "dark"));
  const release = await holdScripts(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1, name: "Simplifiez votre réussite" })).toBeVisible();
  await expect(page.getByTestId("member-widgets-loading")).toBeVisible();
  await expect(page.getByRole("button", { name: "Se connecter" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
  await release();
  await expect(page.locator("#root")).not.toHaveAttribute("data-prerendered", /./);
  await expect(page.getByRole("heading", { level: 1, name: "Simplifiez votre réussite" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a page made for someone else is never shown: the session ended, or another path", async ({ page }) => {
  const errors = cspErrors(page);
  // Signed in by the cookie only (storage cleared, e.g. after « Se déconnecter » in another
  // tab): the member's frame is hidden until the app draws the guest page.
  await loginAs(page, STUDENT, "/favicon.svg");
  await page.evaluate(() => localStorage.removeItem("planify.user"));
  let release = await holdScripts(page);
  await page.goto("/devoirs", { waitUntil: "domcontentloaded" });
  await expect(page.locator("html")).toHaveAttribute("data-skip-prerender", "");
  await expect(page.getByRole("heading", { level: 1, name: "Liste des devoirs" })).toBeHidden();
  await release();
  await expect(page.getByText("Connectez-vous pour voir vos devoirs")).toBeVisible();
  await page.unrouteAll();

  // A guest's browser holding a session in storage but no cookie gets the guest page for "/":
  // hidden, the app draws the member's page.
  await page.context().clearCookies();
  await loginAs(page, STUDENT, "/favicon.svg");
  await page.context().clearCookies();
  release = await holdScripts(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await expect(page.locator("html")).toHaveAttribute("data-skip-prerender", "");
  await expect(page.getByRole("button", { name: "Se connecter" })).toBeHidden();
  await release();
  await expect(page.getByRole("heading", { level: 1, name: "Simplifiez votre réussite" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("every page runs its inline theme script under the Content-Security-Policy", async ({ page }) => {
  const errors = cspErrors(page);
  await page.goto("/favicon.svg");
  await page.evaluate(() => localStorage.setItem("planify.theme", "dark"));
  for (const path of ["/", "/devoirs", "/emploi-du-temps", "/about"]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.dataset.theme), path).toBe("dark");
    expect(await page.evaluate(() => document.querySelectorAll('script[src="/theme-init.js"]').length), path).toBe(0);
  }
  expect(errors).toEqual([]);
});
