import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { deWord } from "@planify/common/format/french";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, loginAs } from "./support";

// The admin's users screens as a school admin meets them: French labels (never « strategie » or
// « delegue »), forms whose fields line up, the edit that says it saved and closes, outcomes
// shown where the eye is, the journal in words, code expiry on the chosen day, the pop-up editor.
test.use({ trace: "off" });

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-i23-adminusers/";
mkdirSync(SHOTS, { recursive: true });
const STAMP = Date.now().toString(36);
const NAME = `marie-charlotte.delacroix.${STAMP}`;

/** Axe's serious and critical findings inside `scope`, one line each. */
async function axe(page: Page, scope: string, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Screenshots at 390 and 1440, light and dark, and axe on `scope` each time. */
async function look(page: Page, name: string, scope: string, found: string[], check?: (width: number) => Promise<void>, show?: Locator) {
  await atEveryThemeAndSize(page, async (width, theme) => {
    await show?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}${name}-${theme}-${width}.png` });
    found.push(...(await axe(page, scope, `${name} ${theme} ${width}`)));
    await check?.(width);
  });
}

/** Whether an element's text sits on one line (a username broken mid-word takes two). */
const oneLine = (el: Locator) =>
  el.evaluate((node) => {
    const lh = Number.parseFloat(getComputedStyle(node).lineHeight) || Number.parseFloat(getComputedStyle(node).fontSize) * 1.5;
    return node.getBoundingClientRect().height < lh * 1.5;
  });

/** Whether a select shows its chosen option whole (text width plus the arrow's room fits). */
const selectShowsAll = (select: Locator) =>
  select.evaluate((node) => {
    const el = node as HTMLSelectElement;
    const style = getComputedStyle(el);
    const ctx = document.createElement("canvas").getContext("2d")!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = el.options[el.selectedIndex]?.text ?? "";
    return ctx.measureText(text).width + Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight) <= el.clientWidth + 1;
  });

test("the users screens speak French, line up, and show each outcome where the eye is", async ({ page, request }) => {
  test.setTimeout(600_000);
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const created = await request.post("/api/users/register", {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: {
      username: NAME,
      password: "motdepasse-e2e",
      role: "delegue",
      year: "BUT2",
      groupe: "B",
      specialite: "strategie",
      firstName: "Marie",
      lastName: "Delacroix",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const found: string[] = [];

  await loginAs(page, "admin", "/admin?section=utilisateurs", ADMIN_PASSWORD);
  const panel = page.getByRole("region", { name: "Gérer les utilisateurs" });
  await panel.getByLabel("Rechercher", { exact: true }).fill(NAME);
  const row = panel.getByRole("row").filter({ hasText: NAME });
  await expect(row).toContainText("Stratégie de communication");
  await expect(row).toContainText("Délégué");
  await expect(row).not.toContainText("strategie");
  await look(
    page,
    "users",
    "main",
    found,
    async (width) => {
      const name = row.locator("strong").first();
      if (width === 1440) expect(await oneLine(name), "the username wraps in the table").toBe(true);
      else expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth), "the username overflows its card").toBe(true);
    },
    row,
  );

  // The add form: password marked required, the fields of a row start at the same height.
  await page.goto("/admin?section=ajouter");
  const add = page.getByRole("dialog", { name: "Ajouter un utilisateur" });
  await expect(add.getByLabel("Mot de passe")).toHaveAttribute("required", "");
  await expect(add.locator("label", { hasText: /^Mot de passe/ }).locator("[aria-hidden]")).toHaveText("*");
  await add.getByLabel("Parcours").selectOption("strategie");
  await look(page, "add-user", '[role="dialog"]', found, async (width) => {
    expect(await selectShowsAll(add.getByLabel("Parcours")), `« Stratégie de communication » cut at ${width}`).toBe(true);
    if (width === 1440) {
      const [u, p] = [await add.getByLabel("Nom d'utilisateur").boundingBox(), await add.getByLabel("Mot de passe").boundingBox()];
      expect(Math.abs(u!.y - p!.y), "username and password inputs misaligned").toBeLessThan(2);
    }
  });
  await page.keyboard.press("Escape");

  // The edit: « Enregistrer » says it saved, then the window closes by itself.
  await page.goto("/admin?section=utilisateurs");
  await panel.getByLabel("Rechercher", { exact: true }).fill(NAME);
  await panel.getByRole("button", { name: `Modifier ${NAME}` }).click();
  const edit = page.getByRole("dialog", { name: `Modifier ${NAME}` });
  await look(page, "edit-user", '[role="dialog"]', found, async (width) => {
    expect(await selectShowsAll(edit.getByLabel("Parcours")), `« Stratégie de communication » cut at ${width}`).toBe(true);
    if (width === 1440) {
      const [u, p] = [
        await edit.getByLabel("Nom d'utilisateur").boundingBox(),
        await edit.getByLabel("Nouveau mot de passe").boundingBox(),
      ];
      expect(Math.abs(u!.y - p!.y), "username and password inputs misaligned").toBeLessThan(2);
    }
  });
  await edit.getByLabel("Coins", { exact: true }).fill("321");
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(edit.getByRole("status")).toHaveText("Utilisateur mis à jour.");
  await expect(edit).toBeHidden({ timeout: 3_000 });
  await expect(row).toContainText("321");

  // The items window at 390 px: no sideways scroll; « Donner » answers right under the button.
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.getByRole("button", { name: `Voir les items ${deWord(NAME)}` }).click();
  const items = page.getByRole("dialog", { name: `Items ${deWord(NAME)}` });
  await expect(items).toBeVisible();
  const overflow = await items.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    right: el.getBoundingClientRect().right,
    vw: window.innerWidth,
  }));
  expect(overflow.scroll, "the items window scrolls sideways at 390 px").toBeLessThanOrEqual(overflow.client);
  expect(overflow.right).toBeLessThanOrEqual(overflow.vw);
  await items
    .getByRole("group", { name: /^Items/ })
    .getByLabel("Filtrer")
    .fill("coeur");
  await items.getByRole("checkbox", { name: /C(oe|œ)ur/ }).check();
  await items.getByRole("button", { name: "Donner", exact: true }).scrollIntoViewIfNeeded();
  await items.getByRole("button", { name: "Donner", exact: true }).click();
  const given = items.getByRole("status").filter({ hasText: `1 item(s) offert(s) à ${NAME}.` });
  await expect(given).toBeInViewport();
  await look(page, "user-items", '[role="dialog"]', found, undefined, items.getByRole("button", { name: "Donner", exact: true }));
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1440, height: 900 });

  // The journal names the role and speciality in French.
  await page.goto("/admin?section=journal");
  await page.getByRole("searchbox", { name: "Utilisateur" }).fill(NAME);
  await page.getByRole("button", { name: "Filtrer" }).click();
  const entries = page.getByRole("list", { name: "Entrées du journal" });
  await expect(entries).toContainText(`Compte ${NAME} créé (Délégué)`);
  const creation = entries.getByRole("listitem").filter({ hasText: "Compte créé" });
  await creation.getByText("Détails").click();
  await expect(creation).toContainText("Stratégie de communication");
  await expect(creation).toContainText("Parcours");
  await expect(creation).not.toContainText(/\bdelegue\b|\bstrategie\b|\bspecialite\b/);
  await look(page, "journal", "main", found, undefined, creation);

  // A code set to expire on 31/12 is listed on that day; Prestige may be offered, Planify not.
  await page.goto("/admin?section=codes");
  const generator = page.getByRole("form", { name: "Générer un code" });
  await generator.getByLabel("Filtrer").fill("prestige");
  await generator.getByRole("checkbox", { name: /Prestige/ }).check();
  await generator.getByLabel("Filtrer").fill("planify");
  await expect(generator.getByRole("checkbox", { name: /Planify/ })).toHaveCount(0);
  const year = new Date().getFullYear() + 1;
  await generator.getByLabel("Expiration").fill(`${year}-12-31`);
  await generator.getByRole("button", { name: "Générer un code" }).click();
  const code = (await page.getByTestId("last-code").textContent())?.trim() ?? "";
  const listed = page.getByRole("list", { name: "Codes existants" }).getByRole("listitem").filter({ hasText: code });
  await expect(listed).toContainText(`Valable jusqu'au 31/12/${year} inclus`);
  await expect(listed).toContainText("Prestige");
  await look(page, "codes", "main", found, undefined, listed);

  // The pop-up editor: « Contenu vide » goes as soon as something is typed.
  await page.goto("/admin?section=popup");
  await page.getByRole("button", { name: "Envoyer", exact: true }).click();
  const empty = page.getByRole("main").getByRole("alert").filter({ hasText: "Contenu vide" });
  await expect(empty).toBeVisible();
  await page.getByRole("textbox", { name: "Contenu du pop-up" }).fill("Réunion des délégués demain.");
  await expect(empty).toHaveCount(0);

  expect(found, found.join("\n")).toEqual([]);
});
