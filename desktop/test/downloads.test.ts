import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appHandlers, type AppHandlerDeps } from "../src/main/app-handlers";
import { DOWNLOAD_MESSAGES, saveDownload } from "../src/main/downloads";
import type { DownloadProgress } from "../src/shared/ipc";

// A real HTTP server sends a 1.5 MB "ZIP" in 48 KB chunks, slowly enough for progress to show.
const CHUNK = 48 * 1024;
const CHUNKS = 32;
const body = new Uint8Array(CHUNK * CHUNKS).map((_, i) => (i * 7) % 251);
let server: Server;
let base = "";
const seenHeaders: Record<string, string | null>[] = [];

beforeAll(async () => {
  // node:http, because it sends our Content-Length with a streamed body.
  server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    seenHeaders.push({ authorization: req.headers.authorization ?? null, cookie: req.headers.cookie ?? null });
    if (path === "/refuse") {
      res.writeHead(403, { "content-type": "application/json" }).end(JSON.stringify({ message: "Accès refusé" }));
      return;
    }
    const headers: Record<string, string> = { "content-type": "application/zip" };
    if (path !== "/unknown-size") headers["content-length"] = String(body.length);
    res.writeHead(200, headers);
    for (let i = 0; i < CHUNKS; i++) {
      if (path === "/cut" && i === 8) {
        res.destroy();
        return;
      }
      res.write(body.subarray(i * CHUNK, (i + 1) * CHUNK));
      await new Promise((r) => setTimeout(r, 8));
    }
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

function deps(path: string | null) {
  const progress: DownloadProgress[] = [];
  const taskbar: number[] = [];
  const asked: string[] = [];
  return {
    progress,
    taskbar,
    asked,
    deps: {
      fetch,
      askPath: async (name: string) => {
        asked.push(name);
        return path;
      },
      onProgress: (p: DownloadProgress) => progress.push(p),
      setTaskbarProgress: (r: number) => taskbar.push(r),
    },
  };
}

const request = (url: string) => ({ url, suggestedName: "depots.zip", headers: { Authorization: "Bearer jeton" }, transferId: "zip-1" });

describe("save flow", () => {
  it("streams the download to the chosen path with progress to the page and the taskbar", async () => {
    const dir = mkdtempSync(join(tmpdir(), "planify-save-"));
    const target = join(dir, "Dépôts TP réseau.zip");
    const d = deps(target);
    const result = await saveDownload(request(`${base}/zip`), d.deps);
    expect(result).toEqual({ status: "saved", path: target, name: "Dépôts TP réseau.zip", bytes: body.length });
    expect(d.asked).toEqual(["depots.zip"]);
    expect(new Uint8Array(readFileSync(target))).toEqual(body);
    expect(readdirSync(dir)).toEqual(["Dépôts TP réseau.zip"]);
    // Progress: starts at 0, grows, several steps in between, ends at 100 %.
    expect(d.progress[0]).toEqual({ transferId: "zip-1", loaded: 0, total: body.length, ratio: 0 });
    expect(d.progress.at(-1)).toEqual({ transferId: "zip-1", loaded: body.length, total: body.length, ratio: 1 });
    expect(d.progress.length).toBeGreaterThan(3);
    const loaded = d.progress.map((p) => p.loaded);
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
    expect(d.taskbar[0]).toBe(0);
    expect(d.taskbar.at(-1)).toBe(-1);
    expect(d.taskbar.some((r) => r > 0 && r < 1)).toBe(true);
    expect(seenHeaders.at(-1)).toEqual({ authorization: "Bearer jeton", cookie: null });
  });

  it("without a size, the taskbar shows an indeterminate bar and the page a null ratio", async () => {
    const dir = mkdtempSync(join(tmpdir(), "planify-save-"));
    const d = deps(join(dir, "a.zip"));
    const result = await saveDownload(request(`${base}/unknown-size`), d.deps);
    expect(result).toMatchObject({ status: "saved", bytes: body.length });
    expect(d.progress.slice(0, -1).every((p) => p.ratio === null && p.total === null)).toBe(true);
    expect(d.taskbar.slice(0, -1).every((r) => r === 2)).toBe(true);
  });

  it("cancelling the save dialog downloads nothing", async () => {
    const before = seenHeaders.length;
    const d = deps(null);
    expect(await saveDownload(request(`${base}/zip`), d.deps)).toEqual({ status: "cancelled" });
    expect(seenHeaders.length).toBe(before);
    expect(d.progress).toEqual([]);
  });

  it("a refused download says so in French and writes nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "planify-save-"));
    const d = deps(join(dir, "x.zip"));
    expect(await saveDownload(request(`${base}/refuse`), d.deps)).toEqual({
      status: "failed",
      message: "Le serveur a refusé le téléchargement (erreur 403).",
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a connection cut mid-way leaves no half file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "planify-save-"));
    const d = deps(join(dir, "x.zip"));
    expect(await saveDownload(request(`${base}/cut`), d.deps)).toEqual({ status: "failed", message: DOWNLOAD_MESSAGES.network });
    expect(readdirSync(dir)).toEqual([]);
    expect(d.taskbar.at(-1)).toBe(-1);
  });

  it("a folder that cannot be written says to choose another", async () => {
    const d = deps("/proc/planify-interdit/x.zip");
    expect(await saveDownload(request(`${base}/zip`), d.deps)).toEqual({ status: "failed", message: DOWNLOAD_MESSAGES.disk });
  });
});

describe("download and reveal handlers", () => {
  function handlers(origin: string) {
    const dir = mkdtempSync(join(tmpdir(), "planify-save-"));
    const revealed: string[] = [];
    const d = deps(join(dir, "depots.zip"));
    const h = appHandlers({
      version: "1.0.0",
      fetch,
      serverOrigin: () => origin,
      useServer: () => {},
      retry: () => {},
      pick: { showOpenDialog: async () => [] },
      save: d.deps,
      notify: { supported: () => true, windowFocused: () => true, create: () => ({ on: () => {}, show: () => {} }), focusWindow: () => {} },
      reveal: (p) => revealed.push(p),
    } satisfies AppHandlerDeps);
    return { h, revealed, dir, d };
  }

  it("downloads only from the school server", async () => {
    const { h, d } = handlers(base);
    expect(await h["files:save-download"](request("https://evil.example/x.zip"))).toEqual({
      status: "failed",
      message: "Ce téléchargement ne vient pas du serveur de votre établissement.",
    });
    expect(d.asked).toEqual([]);
  });

  it("'Afficher dans le dossier' works for a file just saved, and for no other path", async () => {
    const { h, revealed, dir } = handlers(base);
    const result = await h["files:save-download"](request(`${base}/zip`));
    expect(result.status).toBe("saved");
    expect(existsSync(join(dir, "depots.zip"))).toBe(true);
    expect(await h["files:reveal"](join(dir, "depots.zip"))).toBe(true);
    expect(await h["files:reveal"]("/etc/passwd")).toBe(false);
    expect(revealed).toEqual([join(dir, "depots.zip")]);
  });
});
