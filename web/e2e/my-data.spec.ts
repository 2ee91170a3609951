import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { deWord } from "@planify/common/format/french";
import { seriousViolations } from "./a11y-support";
import { atEveryThemeAndSize, loginAs } from "./support";

// « Mes données »: the ZIP downloads in Chromium and opens; revoking another browser's
// session signs that browser out; the section looked at in both sizes and themes.
const SHOTS = fileURLToPath(new URL("../../.screenshots/my-data", import.meta.url));
const STUDENT = "emma.petit";

async function openMyData(page: Page) {
  await page.getByRole("button", { name: `Compte ${deWord(STUDENT)}` }).click();
  await page.getByRole("menuitem", { name: "Changer l'avatar" }).click();
  const section = page.getByRole("dialog", { name: "Modifier mon profil" }).getByRole("region", { name: "Mes données" });
  await section.scrollIntoViewIfNeeded();
  return section;
}

test("« Télécharger mes données » saves a ZIP that opens, with the notice and the account", async ({ page }) => {
  await loginAs(page, STUDENT);
  const section = await openMyData(page);
  const download = page.waitForEvent("download");
  await section.getByRole("button", { name: "Télécharger mes données" }).click();
  const file = await (await download).path();
  // A ZIP (local header "PK\x03\x04") whose central directory names the notice and the account file.
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("PK\x03\x04");
  for (const name of ["LISEZMOI.txt", "donnees/compte.json"]) expect(bytes.includes(Buffer.from(name))).toBe(true);
  // A second one within the minute: the server's French refusal, shown as is.
  await section.getByRole("button", { name: "Télécharger mes données" }).click();
  await expect(section.getByRole("alert")).toHaveText("Tu viens déjà de télécharger tes données. Réessaie dans une minute.");
});

test("« Déconnecter » another browser: it lands signed out; screens at 390/1440, light and dark", async ({ page, browser }) => {
  // Two browsers, four screenshots and four axe passes: more than the default minute on a busy machine.
  test.setTimeout(240_000);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await loginAs(otherPage, STUDENT);
  await loginAs(page, STUDENT);
  const section = await openMyData(page);
  const rows = section.getByRole("list", { name: "Appareils connectés" }).getByRole("listitem");
  await expect(rows.filter({ hasText: "Cet appareil" })).toHaveCount(1);
  const problems: string[] = [];
  await atEveryThemeAndSize(page, async (w, theme) => {
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/my-data-${w}-${theme}.png` });
    problems.push(...(await seriousViolations(page, ["[role=dialog]"])).map((v) => `${w} ${theme}: ${v}`));
  });
  expect(problems).toEqual([]);
  await section.getByRole("button", { name: "Déconnecter tous les autres appareils" }).click();
  await section.getByRole("button", { name: "Confirmer" }).click();
  await expect(section.getByRole("status")).toContainText("déconnecté");
  await expect(rows).toHaveCount(1);
  // The other browser's next call is refused: it is signed out with the usual message.
  await otherPage.reload();
  await expect(otherPage.getByRole("button", { name: `Compte ${deWord(STUDENT)}` })).toHaveCount(0);
  await other.close();
});
