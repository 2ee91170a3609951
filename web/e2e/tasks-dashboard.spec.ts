import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { crc32, deflateSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, loginAs } from "./support";
import { clearAnnouncements, createTaskAs, openList, parisDay } from "./tasks-support";

// Teacher cards name the year; the delete confirmation offers the group choice (a Promo task
// offers each group of the promo); the dashboard's task form takes task images (800 KB, slider
// 80–900), a single group, and lists the subjects in a column at its left.
test.use({ trace: "off" });
const SHOTS = fileURLToPath(new URL("../../.screenshots/tasks-dashboard/", import.meta.url));
mkdirSync(SHOTS, { recursive: true });
const STAMP = Date.now().toString(36);

async function shoot(page: Page, name: string) {
  await atEveryThemeAndSize(page, (width, theme) =>
    page.screenshot({ path: `${SHOTS}${name}-${theme}-${width}.png` }).then(() => undefined),
  );
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`));
}

/** A real PNG of noise (it does not compress): about 480 KB, over the old 300 KB cap, under 800 KB. */
function noisePng(width = 400, height = 400): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let seed = 7;
  for (let i = 0; i < raw.length; i++) {
    if (i % (width * 3 + 1) === 0) continue;
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = seed >> 16;
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 0 })), chunk("IEND", Buffer.alloc(0))]);
}

test("a teacher's card names the year, and the delete confirmation removes a Promo task for one group only", async ({ page, request }) => {
  test.setTimeout(180_000);
  await clearAnnouncements(request, ["m.durand"]);
  const title = `Soutenance ${STAMP}`;
  const id = await createTaskAs(request, "m.durand", {
    titre: title,
    type: "devoir",
    matiere: "Anglais",
    date: parisDay(5),
    heure: "10:00",
    groupes: ["Promo"],
    groupe: "Promo",
    year: "BUT2",
  });
  await loginAs(page, "m.durand", "/devoirs");
  await openList(page);
  const card = page.locator(`[data-task-id="${id}"]`);
  await expect(card.getByTestId("task-year")).toHaveText("BUT2");
  await card.getByRole("button", { name: "Supprimer" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirmation de suppression" });
  const choice = dialog.getByRole("group", { name: "Supprimer pour les groupes" });
  await expect(choice.getByRole("checkbox")).toHaveCount(6);
  for (const g of ["A", "A'", 'A"', "B'", 'B"']) await choice.getByRole("checkbox", { name: g, exact: true }).uncheck();
  await expect(dialog).toContainText(`La tâche restera visible pour : A, A', A", B', B".`);
  await shoot(page, "delete-group-choice");
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Oui" }).click();
  await expect(dialog).toBeHidden();

  const { token } = await apiLogin(request, "m.durand");
  const res = await request.get(`/api/events/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  const { event } = (await res.json()) as { event: { groupes: string[] } };
  expect([...event.groupes].sort()).toEqual(["A", "A'", 'A"', "B'", 'B"'].sort());
  await shoot(page, "teacher-cards");
});

test("the dashboard's task form: subjects at its left, one group, task images up to 800 KB and 900 px", async ({ page }) => {
  test.setTimeout(180_000);
  await loginAs(page, "admin", "/admin?section=devoirs", ADMIN_PASSWORD);
  const panel = page.getByRole("region", { name: /Ajouter une tâche|Modifier la tâche/ });
  const subjects = panel.getByRole("navigation", { name: "Matières" });
  await subjects.getByRole("button", { name: "Anglais" }).click();
  const navBox = (await subjects.boundingBox())!;
  const formBox = (await panel.getByLabel("Titre").boundingBox())!;
  expect(navBox.x + navBox.width).toBeLessThanOrEqual(formBox.x);

  const title = `Oral ${STAMP}`;
  await panel.getByLabel("Titre").fill(title);
  await panel.getByLabel("Date").fill("2026-12-15");
  await panel.getByLabel("Heure").fill("10:00");
  await panel.getByLabel("Année").selectOption("BUT1");
  await panel.getByRole("combobox", { name: "Groupe", exact: true }).selectOption("B'");
  await panel.getByLabel("Importer une image").setInputFiles({ name: "affiche.png", mimeType: "image/png", buffer: noisePng() });
  await expect(page.getByText("Image trop lourde")).toHaveCount(0);
  const image = panel.locator(".ProseMirror img");
  await expect(image).toHaveCount(1);
  await image.click();
  await expect(panel.getByRole("slider", { name: "Largeur de l'image" })).toHaveAttribute("max", "900");
  await shoot(page, "admin-task-form");
  expect(await seriousViolations(page)).toEqual([]);
  await panel.getByRole("button", { name: "Ajouter", exact: true }).click();
  const list = panel.getByRole("list", { name: "Tâches de la matière" });
  await expect(list).toContainText(title);
  // No box ticked: the single group is the task's group.
  await expect(list.getByRole("listitem").filter({ hasText: title })).toContainText("B'");
});
