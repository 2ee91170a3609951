import AxeBuilder from "@axe-core/playwright";
import { deWord } from "@planify/common/format/french";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, dismissAnnouncements, loginAs } from "./support";

// The profile popup with the angel's wings and « Développement web »: art never covers the
// name, words never break inside; and the avatar cropper reopens at the stored crop.
test.use({ trace: "off" });

const SHOTS = "/tmp/shots-i23-factions";
const PASSWORD = "profil-mise-en-page-1";
const RUN = Date.now().toString(36);
const ANGEL = 8;

const headersOf = (token: string) => ({ Authorization: `Bearer ${token}`, "X-Requested-With": "XMLHttpRequest" });

/** A BUT2 « Développement web » student in Fermier, wearing the angel (given, acknowledged, equipped). */
async function angelStudent(request: APIRequestContext, name: string) {
  const admin = headersOf((await apiLogin(request, "admin", ADMIN_PASSWORD)).token);
  const username = `${name}.${RUN}`;
  const created = await request.post("/api/users/register", {
    headers: admin,
    data: { username, password: PASSWORD, role: "eleve", year: "BUT2", groupe: "A", specialite: "devweb" },
  });
  expect(created.status(), await created.text()).toBe(201);
  await request.post("/api/users/secret-questions", {
    headers: admin,
    data: { username, secretQuestions: [{ question: "Ville de naissance ?", answer: "Lyon" }] },
  });
  const login = await apiLogin(request, username, PASSWORD);
  const own = headersOf(login.token);
  await dismissAnnouncements(request, login.token);
  expect((await request.post(`/api/users/${login.user.id}/give-item`, { headers: admin, data: { itemId: ANGEL } })).ok()).toBe(true);
  await request.post(`/api/users/ack-gift/${ANGEL}`, { headers: own });
  expect((await request.post("/api/coins/equip", { headers: own, data: { itemId: ANGEL } })).ok()).toBe(true);
  expect((await request.post("/api/factions/join", { headers: own, data: { faction: "Fermier" } })).ok()).toBe(true);
  return { id: login.user.id, username };
}

/**
 * Words of the visible text under `scope` that are split over two lines. A break the browser
 * made by French hyphenation (hyphens: auto, shown with a hyphen) is allowed; none other is.
 */
async function midWordBreaks(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement!;
      const style = getComputedStyle(el);
      if (el.closest("[aria-hidden='true'], .visually-hidden") || style.whiteSpace === "nowrap" || el.getClientRects().length === 0)
        continue;
      const text = node.textContent ?? "";
      for (const m of text.matchAll(/[^\s]{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, m.index!);
        range.setEnd(node, m.index! + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1 && style.hyphens !== "auto") found.push(`${m[0]} (${el.tagName.toLowerCase()}.${el.className})`);
        else if (tops.size > 1) found.push(`${m[0]} hyphenated? (${el.tagName.toLowerCase()}) — check the screenshot`);
      }
    }
    return found;
  });
}

async function popupViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`));
}

test.describe.configure({ mode: "serial" });

test("the profile popup: the angel's wings never cover the name, « Développement web » never breaks inside a word (390 and 1440, both themes)", async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const student = await angelStudent(request, "ange.developpement");
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, student.username, "/", PASSWORD);
  await page.getByRole("button", { name: `Compte ${deWord(student.username)}` }).click();
  await page.getByRole("menuitem", { name: "Profil" }).click();
  const popup = page.getByRole("dialog", { name: "Profil" });
  await expect(popup.getByTestId("profile-username")).toHaveText(student.username);
  await expect(popup).toContainText("Développement web");
  await expect(popup.locator(`[data-item-id="${ANGEL}"]`)).toBeVisible();

  const problems: string[] = [];
  await atEveryThemeAndSize(page, async (w, theme) => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/profile-popup-angel-${w}-${theme}.png` });
    const slot = (await popup.getByTestId("profile-avatar-slot").boundingBox())!;
    const wings = (await popup.locator(`[data-item-id="${ANGEL}"] svg`).first().locator("g").first().boundingBox())!;
    const name = (await popup.getByTestId("profile-username").boundingBox())!;
    const role = (await popup.getByText("Étudiant", { exact: true }).boundingBox())!;
    // The wings stay inside their slot (nothing clipped), and the slot overlaps no text.
    const inside =
      wings.x >= slot.x - 0.5 &&
      wings.y >= slot.y - 0.5 &&
      wings.x + wings.width <= slot.x + slot.width + 0.5 &&
      wings.y + wings.height <= slot.y + slot.height + 0.5;
    if (!inside) problems.push(`${w} ${theme}: wings ${JSON.stringify(wings)} outside slot ${JSON.stringify(slot)}`);
    for (const [label, box] of [
      ["name", name],
      ["role", role],
    ] as const) {
      const overlap =
        slot.x < box.x + box.width && box.x < slot.x + slot.width && slot.y < box.y + box.height && box.y < slot.y + slot.height;
      if (overlap) problems.push(`${w} ${theme}: art slot ${JSON.stringify(slot)} overlaps the ${label} ${JSON.stringify(box)}`);
    }
    problems.push(...(await midWordBreaks(popup)).map((b) => `${w} ${theme}: ${b}`));
    problems.push(...(await popupViolations(page)).map((v) => `${w} ${theme}: axe ${v}`));
  });
  expect(problems, problems.join("\n")).toEqual([]);
  await page.keyboard.press("Escape");

  // The faction lists: no word split over two lines either.
  await page.goto("/factions");
  await expect(page.getByTestId("faction-total-Fermier")).toBeVisible();
  await atEveryThemeAndSize(page, async (w, theme) => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/factions-${w}-${theme}.png`, fullPage: true });
    problems.push(...(await midWordBreaks(page.getByRole("main"))).map((b) => `/factions ${w} ${theme}: ${b}`));
    // The wings in the student's own row cover neither the rank nor the name.
    const row = page.getByTestId(`rank-row-${student.id}`).first();
    await row.scrollIntoViewIfNeeded();
    const wings = (await row.locator(`[data-item-id="${ANGEL}"] svg g`).first().boundingBox())!;
    for (const [label, target] of [
      ["rank", row.getByRole("button").locator("> span").first()],
      ["name", row.getByText(student.username, { exact: true })],
    ] as const) {
      const box = (await target.boundingBox())!;
      if (wings.x < box.x + box.width && box.x < wings.x + wings.width)
        problems.push(`/factions ${w} ${theme}: wings ${JSON.stringify(wings)} over the ${label} ${JSON.stringify(box)}`);
    }
  });
  expect(problems, problems.join("\n")).toEqual([]);
});

/** A 640×400 PNG with four coloured quarters, drawn by the browser. */
async function pngFixture(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 640;
    canvas.height = 400;
    const ctx = canvas.getContext("2d")!;
    ["#e11d48", "#2563eb", "#16a34a", "#f59e0b"].forEach((c, i) => {
      ctx.fillStyle = c;
      ctx.fillRect((i % 2) * 320, Math.floor(i / 2) * 200, 320, 200);
    });
    return canvas.toDataURL("image/png").split(",")[1]!;
  });
  return Buffer.from(base64, "base64");
}

async function openEdit(page: Page, username: string) {
  await page.getByRole("button", { name: `Compte ${deWord(username)}` }).click();
  await page.getByRole("menuitem", { name: "Changer l'avatar" }).click();
  const edit = page.getByRole("dialog", { name: "Modifier mon profil" });
  await expect(edit).toBeVisible();
  return edit;
}

test("the avatar cropper reopens at the stored crop after a reload", async ({ page, request }) => {
  test.setTimeout(360_000);
  const student = await angelStudent(request, "recadrage");
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, student.username, "/", PASSWORD);
  let edit = await openEdit(page, student.username);
  // No crop stored yet: nothing to reopen.
  await expect(edit.getByRole("button", { name: "Recadrer" })).toHaveCount(0);
  await edit.getByTestId("avatar-input").setInputFiles({ name: "moi.png", mimeType: "image/png", buffer: await pngFixture(page) });
  const cropper = page.getByRole("dialog", { name: "Recadrer l'avatar" });
  const zoom = cropper.getByRole("slider", { name: /Zoom/ });
  await zoom.fill("2.5");
  // Move the picture: the square goes toward the top left quarter.
  const box = (await cropper.getByTestId("container").boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 6 });
  await page.mouse.up();
  const first = page.waitForResponse((r) => r.url().endsWith("/api/users/upload-avatar"));
  await cropper.getByRole("button", { name: "Utiliser" }).click();
  const saved = (await (await first).json()).avatarCrop as { xPercent: number; yPercent: number; scale: number };
  expect(saved.scale).toBe(2.5);
  expect(saved.xPercent).toBeLessThan(50);
  expect(saved.yPercent).toBeLessThan(50);
  await expect(page.getByTestId("toast").filter({ hasText: "Avatar mis à jour avec succès !" })).toBeVisible();

  // A new visit: « Recadrer » opens the kept picture at the stored zoom and place.
  await page.reload();
  edit = await openEdit(page, student.username);
  await edit.getByRole("button", { name: "Recadrer" }).click();
  await expect(cropper).toBeVisible();
  await expect(zoom).toHaveValue("2.5");
  await expect(cropper.getByTestId("crop-zoom")).toHaveText("2.50×");
  await page.waitForTimeout(300);
  await atEveryThemeAndSize(page, async (w, theme) => {
    await page.screenshot({ path: `${SHOTS}/cropper-reopened-${w}-${theme}.png` });
  });
  // Using it as it opened stores the same crop again.
  const second = page.waitForResponse((r) => r.url().endsWith("/api/users/upload-avatar"));
  await cropper.getByRole("button", { name: "Utiliser" }).click();
  const again = (await (await second).json()).avatarCrop as typeof saved;
  expect(again.scale).toBe(2.5);
  expect(Math.abs(again.xPercent - saved.xPercent)).toBeLessThan(1);
  expect(Math.abs(again.yPercent - saved.yPercent)).toBeLessThan(1);
});
