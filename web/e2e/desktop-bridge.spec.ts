// The web app inside Planify Desktop, in real Chromium: the preload's bridge is played by a
// page script answering as the desktop's main process would (Electron cannot run here; the
// desktop side has its own tests in desktop/). Also the planify://devoirs/<id> landing URL.
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { loginAs } from "./support";
import { clearAnnouncements, createTaskAs, openList, parisDay } from "./tasks-support";

test.beforeAll(async ({ request }) => clearAnnouncements(request, ["emma.petit", "m.durand"]));

test("/devoirs?tache=<id> (a planify://devoirs/<id> link) opens that task; an unknown one says so", async ({ page, request }) => {
  const title = `Lien direct ${Date.now() % 100000}`;
  const id = await createTaskAs(request, "m.durand", {
    titre: title,
    type: "devoir",
    matiere: "Intégration",
    date: parisDay(4),
    heure: "10:00",
    description: "<p>Consignes</p>",
    year: "BUT1",
    groupes: ["Promo"],
    groupe: "Promo",
    submissionEnabled: false,
  });
  await loginAs(page, "emma.petit", `/devoirs?tache=${id}`);
  await expect(page.getByRole("dialog", { name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/devoirs$/);
  await page.goto("/devoirs?tache=inconnu123");
  await expect(page.getByRole("dialog", { name: "Erreur" }).getByText("Ce devoir n'existe plus ou ne vous concerne pas.")).toBeVisible();
});

test("in Planify Desktop the hand-in picker uses the system dialog and the ZIP goes through the save dialog", async ({ page, request }) => {
  const title = `Rendu desktop ${Date.now() % 100000}`;
  await createTaskAs(request, "m.durand", {
    titre: title,
    type: "devoir",
    matiere: "Intégration",
    date: parisDay(6),
    heure: "12:00",
    description: "<p>Rendu</p>",
    year: "BUT1",
    groupes: ["Promo"],
    groupe: "Promo",
    submissionEnabled: true,
  });
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { desktopCalls: unknown[] }).desktopCalls = calls;
    let progress: ((p: unknown) => void) | null = null;
    (window as unknown as { planifyDesktop: unknown }).planifyDesktop = {
      version: 1,
      appVersion: async () => "0.1.0",
      async pickFiles(req: unknown) {
        calls.push(["pick", req]);
        const pdf = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
        return [{ name: "rapport-desktop.pdf", type: "application/pdf", bytes: new TextEncoder().encode(pdf) }];
      },
      async saveDownload(req: { url: string; headers: Record<string, string>; transferId: string; suggestedName: string }) {
        // The main process streams the URL with the page's token; here the page fetches it.
        const res = await fetch(req.url, { headers: req.headers });
        const bytes = new Uint8Array(await res.arrayBuffer());
        calls.push(["save", { url: req.url, status: res.status, size: bytes.length, name: req.suggestedName }]);
        progress?.({ transferId: req.transferId, loaded: bytes.length, total: bytes.length, ratio: 1 });
        return { status: "saved", path: `/home/prof/Téléchargements/${req.suggestedName}`, name: req.suggestedName, bytes: bytes.length };
      },
      onDownloadProgress(l: (p: unknown) => void) {
        progress = l;
        return () => {
          progress = null;
        };
      },
      async revealInFolder(path: string) {
        calls.push(["reveal", path]);
        return true;
      },
      notify: async () => false,
    };
  });

  await loginAs(page, "emma.petit", "/devoirs");
  await openList(page);
  await page.getByRole("article", { name: title }).getByRole("button", { name: "Plus d'infos" }).click();
  const details = page.getByRole("dialog", { name: title });
  await details.getByText("Choisir des fichiers").click();
  await expect(details.getByText("rapport-desktop.pdf")).toBeVisible();
  await details.getByRole("button", { name: "Déposer" }).click();
  await expect(details.getByText("Dépôt réussi.")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { desktopCalls: unknown[] }).desktopCalls[0])).toEqual([
    "pick",
    { extensions: ["pdf", "doc", "docx", "zip", "rar"], multiple: true },
  ]);

  await page.evaluate(() => localStorage.clear());
  await loginAs(page, "m.durand", "/devoirs");
  await openList(page);
  await page.getByRole("article", { name: title }).getByRole("button", { name: "Plus d'infos" }).click();
  let downloads = 0;
  page.on("download", () => downloads++);
  await page.getByRole("button", { name: "Tout télécharger (ZIP)" }).click();
  const notice = page.getByRole("status").filter({ hasText: "« depots.zip » enregistré." });
  await expect(notice).toBeVisible();
  await page.screenshot({ path: fileURLToPath(new URL("../../.screenshots/desktop/zip-saved-in-dialog.png", import.meta.url)) });
  await notice.getByRole("button", { name: "Afficher dans le dossier" }).click();
  const calls = await page.evaluate(() => (window as unknown as { desktopCalls: [string, Record<string, unknown>][] }).desktopCalls);
  const save = calls.find(([kind]) => kind === "save")?.[1];
  expect(save).toMatchObject({ status: 200, name: "depots.zip" });
  expect(String(save?.url)).toMatch(/\/api\/events\/[^/]+\/submissions\/zip$/);
  expect(Number(save?.size)).toBeGreaterThan(100);
  expect(calls.at(-1)).toEqual(["reveal", "/home/prof/Téléchargements/depots.zip"]);
  expect(downloads).toBe(0);
});
