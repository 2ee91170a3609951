import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { XSS_VECTORS } from "../../server/test/xss-vectors";
import { apiLogin, loginAs } from "./support";

// Stored XSS through task descriptions: the prof publishes descriptions full of
// injection vectors; rendered in Chromium, none of them runs. Tasks go to BUT3 group B", which
// no demo student belongs to, and are hard-deleted at the end so other specs never see them.
const STUDENT = { username: "xss.eleve", password: "xss-eleve-mdp-1", role: "eleve", year: "BUT3", groupe: 'B"', specialite: "devweb" };
/** One task per vector (an unclosed <style> or <noscript> may swallow what follows it)... */
const created: string[] = [];
/** ...and the same vectors ten to a task, for the screen test. */
const bundles: string[] = [];
let profToken = "";

async function asJson<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  if (!res.ok()) throw new Error(`${res.url()}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, "claire.admin");
  const registered = await request.post("/api/users/register", { data: STUDENT, headers: { Authorization: `Bearer ${admin.token}` } });
  // 409: a retry on a new worker finds the account already made.
  if (registered.status() !== 409) await asJson(registered);
  const student = await apiLogin(request, STUDENT.username, STUDENT.password);
  await asJson(
    await request.post("/api/users/secret-questions", {
      data: { secretQuestions: [{ question: "Ville de naissance ?", answer: "Lyon" }] },
      headers: { Authorization: `Bearer ${student.token}` },
    }),
  );
  profToken = (await apiLogin(request, "m.durand")).token;
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const publish = async (titre: string, description: string) =>
    (
      await asJson<{ id: string }>(
        await request.post("/api/events", {
          headers: { Authorization: `Bearer ${profToken}` },
          data: {
            titre,
            type: "devoir",
            matiere: "Culture numérique",
            date: day,
            heure: "12:00",
            year: "BUT3",
            groupes: ['B"'],
            description,
          },
        }),
      )
    ).id;
  for (const [i, vector] of XSS_VECTORS.entries()) created.push(await publish(`Sécurité ${i + 1}`, `<p>Vecteur ${i + 1}</p>${vector}`));
  for (let i = 0; i < XSS_VECTORS.length; i += 10) {
    const html = XSS_VECTORS.slice(i, i + 10)
      .map((v, k) => `<p>Vecteur ${i + k + 1}</p>${v}`)
      .join("");
    bundles.push(await publish(`Lot de sécurité ${i / 10 + 1}`, `<p>Lot ${i / 10 + 1}</p>${html}`));
  }
});

test.afterAll(async ({ request }) => {
  for (const id of [...created, ...bundles])
    await request.post(`/api/events/${id}/hard-delete`, { headers: { Authorization: `Bearer ${profToken}` } });
});

/** Records dialogs and reads the flag every vector would set if it ran. */
function watch(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { dialogs, flag: () => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss ?? null) };
}

/** Hovers and focuses every element, so that any surviving handler would fire. */
async function poke(page: Page, selector: string, settleMs = 300) {
  await page.evaluate((sel) => {
    for (const el of document.querySelectorAll(`${sel} *`)) {
      for (const type of ["mouseover", "mouseenter", "pointerenter", "focusin", "animationstart", "toggle"]) {
        el.dispatchEvent(new Event(type, { bubbles: true }));
      }
      (el as HTMLElement).focus?.();
    }
  }, selector);
  if (settleMs) await page.waitForTimeout(settleMs);
}

test("the harness notices a vector that runs (control)", async ({ page }) => {
  const seen = watch(page);
  await page.setContent(`<div id="d">${XSS_VECTORS[3]}</div>`);
  await expect.poll(seen.flag).toBe(1);
});

test("the stored descriptions, put raw into a blank page, run nothing", async ({ page, request }) => {
  const student = await apiLogin(request, STUDENT.username, STUDENT.password);
  const { events } = await asJson<{ events: { id: string; description: string }[] }>(
    await request.get("/api/events", { headers: { Authorization: `Bearer ${student.token}` } }),
  );
  const mine = events.filter((e) => created.includes(e.id));
  expect(mine).toHaveLength(created.length);
  const seen = watch(page);
  await page.setContent(`<main id="d">${mine.map((e) => `<section>${e.description}</section>`).join("")}</main>`);
  await poke(page, "#d");
  expect(await page.locator("#d section > p:first-child").allTextContents()).toEqual(XSS_VECTORS.map((_, i) => `Vecteur ${i + 1}`));
  expect(await seen.flag()).toBeNull();
  expect(seen.dialogs).toEqual([]);
});

test("a student opens every task's details on /devoirs and nothing runs", async ({ page }) => {
  test.setTimeout(120_000);
  const seen = watch(page);
  await loginAs(page, STUDENT.username, "/devoirs", STUDENT.password);
  await page.getByRole("heading", { name: "Liste des devoirs" }).waitFor();
  for (const id of bundles) {
    const card = page.locator(`[data-task-id="${id}"]`);
    await card.getByRole("button", { name: "Plus d'infos" }).click();
    const description = page.getByTestId("task-description");
    await expect(description).toContainText("Lot");
    await poke(page, '[data-testid="task-description"]', 0);
    await page.keyboard.press("Escape");
    await expect(description).toHaveCount(0);
  }
  // Image errors and media events fire asynchronously: give them time, then check once.
  await page.waitForTimeout(500);
  expect(await seen.flag()).toBeNull();
  expect(seen.dialogs).toEqual([]);
});
