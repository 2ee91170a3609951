import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import { deWord } from "@planify/common/format/french";
import { OPEN_PROFILE_EVENT } from "../src/lib/app-events";
import { ADMIN_PASSWORD, apiLogin, atEveryThemeAndSize, dismissAnnouncements, loginAs } from "./support";

// Profiles: avatar cropper and upload, profile music with a clip played by another student,
// and the theme kept on the account. Its students are made here, so no other spec sees them.
test.use({ trace: "off" });

const SHOTS = fileURLToPath(new URL("../../.screenshots/profile", import.meta.url));
/** A 6.5-second tone (sox + lame, 20 KB): the sliders end at 6 s whatever the decoder's padding. */
const MP3 = readFileSync(fileURLToPath(new URL("./fixtures/tone-6s.mp3", import.meta.url)));
const PASSWORD = "profil-e2e-mdp-1";
const RUN = Date.now().toString(36);

interface Student {
  id: string;
  username: string;
}

/** An admin makes a BUT2 student with secret questions set, so the first login asks nothing. */
async function makeStudent(request: APIRequestContext, name: string): Promise<Student> {
  const admin = await apiLogin(request, "admin", ADMIN_PASSWORD);
  const headers = { Authorization: `Bearer ${admin.token}` };
  const username = `${name}.${RUN}`;
  const created = await request.post("/api/users/register", {
    headers,
    data: { username, password: PASSWORD, role: "eleve", year: "BUT2", groupe: "A", specialite: "creation" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const saved = await request.post("/api/users/secret-questions", {
    headers,
    data: { username, secretQuestions: [{ question: "Ville de naissance ?", answer: "Lyon" }] },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const login = await apiLogin(request, username, PASSWORD);
  await dismissAnnouncements(request, login.token);
  return { id: login.user.id, username };
}

/** A 640×400 PNG with four coloured quarters, drawn by the browser (so the crop is visible). */
async function pngFixture(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 640;
    canvas.height = 400;
    const ctx = canvas.getContext("2d")!;
    const colours = ["#e11d48", "#2563eb", "#16a34a", "#f59e0b"];
    colours.forEach((c, i) => {
      ctx.fillStyle = c;
      ctx.fillRect((i % 2) * 320, Math.floor(i / 2) * 200, 320, 200);
    });
    ctx.fillStyle = "#ffffff";
    ctx.font = "bold 96px sans-serif";
    ctx.fillText("E2E", 230, 235);
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

async function setTheme(page: Page, theme: "light" | "dark") {
  const toggle = page.getByRole("banner").locator("[data-theme-choice]");
  for (let i = 0; i < 3 && (await toggle.getAttribute("data-theme-choice")) !== theme; i++) await toggle.click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
}

/** Axe's serious and critical findings inside the open popups. */
async function popupViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`));
}

/** Screenshots of the open popup at 1440 and 390 px in both themes, each checked by axe. */
async function shootBoth(page: Page, name: string) {
  const found: string[] = [];
  await atEveryThemeAndSize(page, async (w, theme) => {
    await page.screenshot({ path: `${SHOTS}/${name}-${w}-${theme}.png` });
    found.push(...(await popupViolations(page)).map((l) => `${name} ${w} ${theme}: ${l}`));
  });
  expect(found, found.join("\n")).toEqual([]);
}

/** The avatar picture of user `id` at `version` inside `scope` (top bar, popup, board). */
function avatarImg(scope: Locator, id: string, version: number) {
  return scope.locator(`img[src="/api/users/avatar/${id}?v=${version}"]`);
}

async function loaded(img: Locator) {
  await expect.poll(() => img.first().evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

test.describe.configure({ mode: "serial" });

let ana: Student;
let ben: Student;

test.beforeAll(async ({ request }) => {
  ana = await makeStudent(request, "profil.ana");
  ben = await makeStudent(request, "profil.ben");
});

test("a student crops and uploads an avatar and sees it in the top bar, the leaderboard and the profile popup", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, ana.username, "/", PASSWORD);
  const edit = await openEdit(page, ana.username);

  // Checked in the browser first: a text file is not an image.
  await edit.getByTestId("avatar-input").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("bonjour") });
  await expect(page.getByTestId("toast").filter({ hasText: "Veuillez sélectionner une image" })).toBeVisible();

  await edit.getByTestId("avatar-input").setInputFiles({ name: "moi.png", mimeType: "image/png", buffer: await pngFixture(page) });
  const cropper = page.getByRole("dialog", { name: "Recadrer l'avatar" });
  await expect(cropper).toBeVisible();
  const zoom = cropper.getByRole("slider", { name: /Zoom/ });
  await expect(zoom).toHaveValue("1");
  await expect(zoom).toHaveAttribute("step", "0.01");
  await expect(zoom).toHaveAttribute("max", "4");

  // Wheel zoom, then drag, then the slider.
  const stage = cropper.getByTestId("container");
  const box = (await stage.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => Number(await zoom.inputValue())).toBeGreaterThan(1);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20, { steps: 5 });
  await page.mouse.up();
  await zoom.fill("1.5");
  await expect(cropper).toContainText("1.50×");
  await page.screenshot({ path: `${SHOTS}/cropper-1440-light.png` });

  const uploaded = page.waitForResponse((r) => r.url().endsWith("/api/users/upload-avatar") && r.request().method() === "POST");
  await cropper.getByRole("button", { name: "Utiliser" }).click();
  const answer = await (await uploaded).json();
  expect(answer.avatarVersion).toBeGreaterThan(0);
  await expect(page.getByTestId("toast").filter({ hasText: "Avatar mis à jour avec succès !" })).toBeVisible();
  await expect(cropper).toBeHidden();

  // The top bar shows the new picture at once (behind the popup, so out of the accessibility tree).
  await loaded(avatarImg(page.locator("header"), ana.id, answer.avatarVersion));

  // The profile popup too.
  await edit.getByRole("button", { name: "Fermer", exact: true }).first().click();
  await expect(edit).toBeHidden();
  await page.getByRole("button", { name: `Compte ${deWord(ana.username)}` }).click();
  await page.getByRole("menuitem", { name: "Profil" }).click();
  const popup = page.getByRole("dialog", { name: "Profil" });
  await expect(popup.getByTestId("profile-username")).toHaveText(ana.username);
  await expect(popup).toContainText("Étudiant");
  await expect(popup).toContainText("2ème année");
  await expect(popup).toContainText("Création numérique");
  await expect(popup).toContainText("Aucune note");
  await loaded(avatarImg(popup, ana.id, answer.avatarVersion));
  await page.keyboard.press("Escape");

  // The leaderboard rows carry the new version, and the shop's Leaderboard tab draws it.
  const token = (await apiLogin(page.request, ana.username, PASSWORD)).token;
  const board = await (await page.request.get("/api/users/leaderboard", { headers: { Authorization: `Bearer ${token}` } })).json();
  const row = [...board.users, board.me].find((u: { id?: string } | null) => u?.id === ana.id);
  expect(row?.avatarVersion).toBe(answer.avatarVersion);
  await page.getByTestId("coin-balance").click();
  const shop = page.getByRole("dialog", { name: "Boutique" });
  await shop.getByRole("tab", { name: /Leaderboard/ }).click();
  await loaded(avatarImg(shop, ana.id, answer.avatarVersion));
});

test("a student uploads and trims an MP3, another student plays it from the profile", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const login = await loginAs(page, ana.username, "/", PASSWORD);
  const edit = await openEdit(page, ana.username);

  // Not an MP3: refused before sending.
  await edit.getByTestId("music-input").setInputFiles({ name: "son.wav", mimeType: "audio/wav", buffer: Buffer.from("RIFF") });
  await expect(edit.getByRole("alert")).toHaveText("Veuillez sélectionner un fichier MP3.");

  await edit.getByTestId("music-input").setInputFiles({ name: "tone-6s.mp3", mimeType: "audio/mpeg", buffer: MP3 });
  const title = edit.getByLabel("Titre");
  await expect(title).toHaveValue("tone-6s");
  await title.fill("Générique e2e");
  const trim = edit.getByLabel(/Ne garder qu'un extrait/);
  await expect(trim).toBeEnabled();
  await trim.check();
  const start = edit.getByRole("slider", { name: /^Début/ });
  const end = edit.getByRole("slider", { name: /^Fin/ });
  await expect(end).toHaveAttribute("max", "6");
  await expect(end).toHaveValue("6");
  // The start must come before the end.
  await start.fill("5");
  await end.fill("5");
  await expect(edit.getByRole("alert")).toContainText("doit précéder sa fin");
  await expect(edit.getByRole("button", { name: "Envoyer la musique" })).toBeDisabled();
  await start.fill("1");
  await end.fill("4");
  await expect(edit).toContainText("Extrait : 0:03 sur 0:06");
  await edit.getByRole("button", { name: "Écouter l'extrait" }).click();
  await expect(edit.getByRole("button", { name: "Arrêter l'écoute" })).toBeVisible();
  await edit.getByRole("button", { name: "Arrêter l'écoute" }).click();
  await page.screenshot({ path: `${SHOTS}/music-clip-1440-light.png` });

  await edit.getByRole("button", { name: "Envoyer la musique" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Musique de profil mise à jour !" })).toBeVisible();
  await expect(edit).toContainText("Générique e2e");
  const stored = await (await page.request.get(`/api/users/${ana.id}`, { headers: { Authorization: `Bearer ${login.token}` } })).json();
  expect(stored).toMatchObject({ musicTitle: "Générique e2e", musicStartSeconds: 1, musicDurationSeconds: 3 });

  // Ben, in another browser, opens Ana's profile (as a leaderboard row click does) and plays it.
  const other = await browser.newContext({ locale: "fr-FR", timezoneId: "Europe/Paris" });
  const benPage = await other.newPage();
  await benPage.setViewportSize({ width: 1440, height: 900 });
  await loginAs(benPage, ben.username, "/", PASSWORD);
  await benPage.evaluate(([name, userId]) => window.dispatchEvent(new CustomEvent(name, { cancelable: true, detail: { userId } })), [
    OPEN_PROFILE_EVENT,
    ana.id,
  ] as const);
  const popup = benPage.getByRole("dialog", { name: "Profil" });
  await expect(popup.getByTestId("profile-username")).toHaveText(ana.username);
  await expect(popup).toContainText("Générique e2e");
  const volume = popup.getByRole("slider", { name: "Volume" });
  await expect(volume).toHaveValue("60");
  await volume.fill("30");
  expect(await benPage.evaluate(() => localStorage.getItem("planify.musicVolume"))).toBe("30");

  await popup.getByRole("button", { name: "Lire la musique" }).click();
  const audio = popup.locator("audio");
  // The clip starts at 1 s and plays (the server answers Range requests, so it can seek).
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 }).toBeGreaterThan(1.3);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.volume)).toBeCloseTo(0.3);
  await benPage.screenshot({ path: `${SHOTS}/profile-music-playing-1440-light.png` });
  // ...and stops by itself at 4 s, back at its start.
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused), { timeout: 6_000 }).toBe(true);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeCloseTo(1, 0);
  await expect(popup.getByRole("button", { name: "Lire la musique" })).toBeVisible();
  await shootBoth(benPage, "profile-music");

  // Closing the popup stops the music.
  await popup.getByRole("button", { name: "Lire la musique" }).click();
  await benPage.keyboard.press("Escape");
  await expect(popup).toBeHidden();
  await expect(benPage.locator("audio")).toHaveCount(0);

  // Ana's edit popup, for the record.
  await shootBoth(page, "profile-edit");
  await other.close();
});

test("the public note shows on the profile of the other student within 5 s", async ({ page, browser }) => {
  await loginAs(page, ben.username, "/", PASSWORD);
  await page.evaluate(([name, userId]) => window.dispatchEvent(new CustomEvent(name, { cancelable: true, detail: { userId } })), [
    OPEN_PROFILE_EVENT,
    ana.id,
  ] as const);
  const popup = page.getByRole("dialog", { name: "Profil" });
  await expect(popup.getByTestId("profile-note")).toHaveText("Aucune note");

  const other = await browser.newContext({ locale: "fr-FR", timezoneId: "Europe/Paris" });
  const anaPage = await other.newPage();
  await loginAs(anaPage, ana.username, "/", PASSWORD);
  const edit = await openEdit(anaPage, ana.username);
  const note = edit.getByPlaceholder("Écris une note (max 60 caractères)");
  await note.fill("En révision pour les partiels");
  await expect(edit).toContainText("29/60");
  await edit.getByRole("region", { name: "Note publique" }).getByRole("button", { name: "Enregistrer" }).click();
  await expect(edit.getByRole("status").filter({ hasText: "Note enregistrée." })).toBeVisible();
  await other.close();

  await expect(popup.getByTestId("profile-note")).toHaveText("En révision pour les partiels", { timeout: 8_000 });
});

async function loginThroughDialog(page: Page, username: string) {
  await page.getByRole("banner").getByRole("button", { name: "Se connecter" }).click();
  const dialog = page.getByRole("dialog", { name: "Connexion" });
  await dialog.getByLabel("Nom d'utilisateur").fill(username);
  await dialog.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Se connecter" }).click();
  await expect(dialog).toBeHidden();
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext({ locale: "fr-FR", timezoneId: "Europe/Paris", colorScheme: "light" });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  return { context, page };
}

test("a theme chosen in one browser shows after login in another", async ({ browser }) => {
  const first = await freshPage(browser);
  await loginAs(first.page, ben.username, "/", PASSWORD);
  const saved = first.page.waitForResponse((r) => r.url().endsWith("/api/users/me/theme") && r.request().method() === "PUT" && r.ok());
  await setTheme(first.page, "dark");
  await saved;
  // Dark tuning from the edit popup: applied at once, saved once the slider rests.
  const edit = await openEdit(first.page, ben.username);
  const tuned = first.page.waitForResponse((r) => r.url().endsWith("/api/users/me/theme") && r.ok());
  await edit.getByRole("slider", { name: /^Luminosité/ }).fill("110");
  await expect(first.page.locator("html")).toHaveCSS("filter", /brightness\(1\.1\)/);
  expect((await tuned).request().postDataJSON()).toEqual({ theme: "dark", darkBrightness: 110, darkContrast: 95 });
  await first.context.close();

  const second = await freshPage(browser);
  await second.page.goto("/");
  await expect(second.page.locator("html")).toHaveAttribute("data-theme", "light");
  await loginThroughDialog(second.page, ben.username);
  await expect(second.page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(second.page.locator("html")).toHaveCSS("filter", /brightness\(1\.1\) contrast\(0\.95\)/);
  // ...and it stays after a reload (kept in this browser too).
  await second.page.reload();
  await expect(second.page.locator("html")).toHaveAttribute("data-theme", "dark");
  await second.page.screenshot({ path: `${SHOTS}/theme-after-login-1440-dark.png` });

  // Back to light for the other suites' accounts: this student is this spec's own.
  // The toggle walks dark → auto → light, saving each step.
  const back = second.page.waitForResponse(
    (r) => r.url().endsWith("/api/users/me/theme") && r.ok() && r.request().postDataJSON()?.theme === "light",
  );
  await setTheme(second.page, "light");
  await back;
  await second.context.close();
});

test("a student copies their calendar address, a calendar reads it, and a new address ends the old one", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, ana.username, "/", PASSWORD);
  const edit = await openEdit(page, ana.username);
  const section = edit.getByRole("region", { name: "Mes devoirs dans mon agenda" });
  const address = section.getByLabel("Adresse de votre calendrier");
  await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9]{32}\.ics$/);
  await section.scrollIntoViewIfNeeded();
  await section.getByRole("button", { name: "Copier le lien" }).click();
  await expect(section.getByRole("status")).toHaveText("Lien copié.");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await address.inputValue());

  // What a calendar app downloads: the student's BUT2 tasks in Paris time.
  const feed = await page.request.get(new URL(copied).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const ics = await feed.text();
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toContain("DTSTART;TZID=Europe/Paris:");
  await shootBoth(page, "calendar-section");

  await section.getByRole("button", { name: "Régénérer le lien" }).click();
  await expect(section.getByText("L'ancien lien cessera de fonctionner")).toBeVisible();
  await section.getByRole("button", { name: "Créer un nouveau lien" }).click();
  await expect(section.getByRole("status")).toHaveText("Nouveau lien créé : l'ancien ne fonctionne plus.");
  await expect(address).not.toHaveValue(copied);
  expect((await page.request.get(new URL(copied).pathname)).status()).toBe(404);
  expect((await page.request.get(new URL(await address.inputValue()).pathname)).status()).toBe(200);
});
