import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, apiLogin, loginAs } from "./support";

const SHOTS = fileURLToPath(new URL("../../.screenshots/patch-notes/", import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const SEEN_KEY = "planify:patch-notes-seen";

/** Saves the screen at desktop and phone sizes, in the light and the dark theme, scrolled to `focus`. */
async function shoot(page: Page, name: string, focus?: Locator) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute("data-theme", t), theme);
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await focus?.evaluate((el) => el.scrollIntoView({ block: "start" }));
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}${name}-${theme}-${width}.png` });
    }
  }
  await page.evaluate(() => document.documentElement.removeAttribute("data-theme"));
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The About link of the desktop bar, named with its dot when it carries one. */
const aboutLink = (page: Page) => page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: /^À propos/ });
const dot = (page: Page) => aboutLink(page).getByTestId("about-dot");

test("a newly published note lights the About dot; opening it on /about puts the dot out in every tab", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, "lea.martin", "/");
  // The demo school's notes count as already read by this browser.
  await page.evaluate((key) => localStorage.setItem(key, String(Date.now())), SEEN_KEY);
  await page.reload();
  await expect(aboutLink(page)).toHaveAccessibleName("À propos");
  await expect(dot(page)).toHaveCount(0);

  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const title = `Planify 1.7 : le mode révision ${Date.now().toString(36)}`;
  const published = await request.post("/api/patch-notes", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: {
      title,
      version: "1.7.0",
      notify: true,
      published: true,
      html:
        "<p>Le <strong>mode révision</strong> regroupe tous vos examens de la semaine.</p>" +
        "<ul><li>Un compte à rebours avant chaque examen.</li><li>Les devoirs liés affichés à côté.</li></ul>" +
        '<p style="color:#2563eb">Bonnes révisions !</p><script>window.__pwned = true</script>',
    },
  });
  expect(published.status()).toBe(201);

  // Coming back to the tab re-reads latest-meta: the dot lights without a reload.
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
  await expect(dot(page)).toBeVisible();
  await expect(aboutLink(page)).toHaveAccessibleName("À propos (nouvelle mise à jour)");

  // The phone menu carries it too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Ouvrir le menu (nouvelle mise à jour)" }).click();
  const mobileAbout = page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: /^À propos/ });
  await expect(mobileAbout.getByTestId("about-dot")).toBeVisible();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}menu-dot-390.png` });
  await page.getByRole("button", { name: "Fermer le menu" }).click();
  await page.setViewportSize({ width: 1440, height: 900 });

  // A second tab of the same browser shows it as well.
  const other = await context.newPage();
  await other.goto("/devoirs");
  await expect(dot(other)).toBeVisible();

  // Visiting /about alone does not mark the notes seen: opening one does.
  await aboutLink(page).click();
  await expect(page).toHaveURL(/\/about$/);
  const cards = page.getByTestId("patch-notes").getByRole("button");
  await expect(cards.first()).toContainText(title);
  await expect(cards.first()).toContainText("v1.7.0");
  await expect(cards).toHaveCount(3);
  await expect(dot(page)).toBeVisible();
  await shoot(page, "about", page.getByRole("heading", { name: "Mises à jour" }));

  await cards.first().click();
  const modal = page.getByRole("dialog", { name: title });
  await expect(modal.getByTestId("patch-note-body")).toContainText("Bonnes révisions !");
  await expect(modal).toContainText("Version 1.7.0");
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  await shoot(page, "note");
  await modal.getByRole("button", { name: "OK" }).click();
  await expect(modal).toBeHidden();

  await expect(dot(page)).toHaveCount(0);
  await expect(dot(other)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("patch-notes")).toBeVisible();
  await expect(dot(page)).toHaveCount(0);
});

test("a guest reads the published notes on /about, never a draft", async ({ page, request }) => {
  await page.goto("/about");
  const list = page.getByTestId("patch-notes");
  await expect(list.getByRole("button").filter({ hasText: "Factions, classements et profils" })).toBeVisible();
  await expect(list).not.toContainText("brouillon");
  const draft = (await (await request.get("/api/patch-notes")).json()) as { notes: { published: boolean }[] };
  expect(draft.notes.every((n) => n.published)).toBe(true);
});

test("an item tried on in the collection shows on the top-bar avatar until the try is stopped", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, "lea.martin", "/");
  await page.getByTestId("coin-balance").click();
  const shop = page.getByRole("dialog", { name: "Boutique" });
  await shop.getByRole("tab", { name: "Collection" }).click();
  const locked = shop.locator('[data-testid^="collection-item-"][data-state="locked"]').first();
  const itemId = (await locked.getAttribute("data-testid"))!.replace("collection-item-", "");
  const onAvatar = page.locator(`header [data-item-id="${itemId}"]`);
  await expect(onAvatar).toHaveCount(0);
  await locked.getByRole("button", { name: "Essayer" }).click();
  await expect(onAvatar).toHaveCount(1);
  await expect(locked.getByRole("button", { name: "Arrêter l'essai" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}try-on-1440.png` });
  await locked.getByRole("button", { name: "Arrêter l'essai" }).click();
  await expect(onAvatar).toHaveCount(0);
});
