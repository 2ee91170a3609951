import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { appPerFile, createTestApp, everyActor, scenarioTests } from "../../../test/helpers";

// The school's admin publishes Planify Desktop in <data-dir>/desktop/: installers and version.json.
const dir = mkdtempSync(join(tmpdir(), "planify-desktop-dir-"));
writeFileSync(join(dir, "version.json"), JSON.stringify({ version: "0.2.0", files: { linux: ["Planify-0.2.0-linux-x86_64.AppImage"] } }));
writeFileSync(join(dir, "Planify-0.2.0-linux-x86_64.AppImage"), "ELF appimage");
writeFileSync(join(dir, "Planify-0.2.0-win-x64.exe"), "MZ installer");
writeFileSync(join(dir, "notes-internes.txt"), "ne pas servir");
// electron-builder's update feed and the macOS update zip, read by the app's electron-updater.
const LATEST_LINUX =
  "version: 0.2.0\nfiles:\n  - url: Planify-0.2.0-linux-x86_64.AppImage\n    sha512: abc\n    size: 12\npath: Planify-0.2.0-linux-x86_64.AppImage\n";
writeFileSync(join(dir, "latest-linux.yml"), LATEST_LINUX);
writeFileSync(join(dir, "latest.yml"), "version: 0.2.0\npath: Planify-0.2.0-win-x64.exe\n");
writeFileSync(join(dir, "Planify-0.2.0-mac-arm64.zip"), "PK zip");

const env = appPerFile({ desktopDir: dir });

describe("/desktop/ (installers and version feed)", () => {
  scenarioTests(
    [
      ...everyActor(
        { method: "GET", url: "/desktop/version.json" },
        { guest: 200, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
        "the update check needs no account",
        { 200: { version: "0.2.0" } },
      ),
      ...everyActor(
        { method: "GET", url: "/desktop/Planify-0.2.0-win-x64.exe" },
        { guest: 200, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
        "installers are public like the web app",
        {
          200: async (_json, res) => {
            expect(res.headers.get("content-disposition")).toBe(`attachment; filename="Planify-0.2.0-win-x64.exe"`);
          },
        },
      ),
    ],
    () => env,
  );

  it("the download page lists the installers in French, by system", async () => {
    const res = await env.ctx.request("GET", "/desktop/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain("version 0.2.0");
    expect(html).toContain("Windows — Planify-0.2.0-win-x64.exe");
    expect(html).toContain("Linux (AppImage) — Planify-0.2.0-linux-x86_64.AppImage");
    expect(html).not.toContain("notes-internes");
  });

  it("serves the installer's bytes and nothing else from that folder or above it", async () => {
    expect(await (await env.ctx.request("GET", "/desktop/Planify-0.2.0-linux-x86_64.AppImage")).text()).toBe("ELF appimage");
    for (const path of [
      "/desktop/notes-internes.txt",
      "/desktop/version2.exe",
      "/desktop/..%2F..%2Fetc%2Fpasswd",
      "/desktop/%2e%2e%2Fplanify.db",
    ]) {
      const res = await env.ctx.request("GET", path);
      expect(res.status, path).toBe(404);
    }
    const res = await env.ctx.request("GET", "/desktop/notes-internes.txt");
    expect(await res.json()).toMatchObject({ message: "Ce fichier d'installation n'existe pas sur ce serveur." });
  });

  it("serves electron-updater's feed as YAML (not as a download) and its artefacts; a feed not published answers 404 in French", async () => {
    const linux = await env.ctx.request("GET", "/desktop/latest-linux.yml");
    expect(linux.status).toBe(200);
    expect(linux.headers.get("content-type")).toBe("text/yaml; charset=utf-8");
    expect(linux.headers.get("content-disposition")).toBeNull();
    expect(linux.headers.get("cache-control")).toBe("no-cache");
    expect(await linux.text()).toBe(LATEST_LINUX);
    expect((await env.ctx.request("GET", "/desktop/latest.yml")).headers.get("content-type")).toBe("text/yaml; charset=utf-8");
    const zip = await env.ctx.request("GET", "/desktop/Planify-0.2.0-mac-arm64.zip");
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/octet-stream");
    expect(await zip.text()).toBe("PK zip");
    const mac = await env.ctx.request("GET", "/desktop/latest-mac.yml");
    expect(mac.status).toBe(404);
    expect(await mac.json()).toEqual({
      success: false,
      message: "Aucune mise à jour de Planify Desktop n'est publiée sur ce serveur pour ce système.",
      code: "NOT_FOUND",
    });
    // The page offers installers only: the feeds and the update zip are for the app.
    const html = await (await env.ctx.request("GET", "/desktop/")).text();
    expect(html).not.toContain("latest");
    expect(html).not.toContain(".zip");
  });

  it("a server where nothing is published says so", async () => {
    const ctx = createTestApp({ desktopDir: mkdtempSync(join(tmpdir(), "planify-desktop-empty-")) });
    const feed = await ctx.request("GET", "/desktop/version.json");
    expect(feed.status).toBe(404);
    expect(await feed.json()).toMatchObject({ message: "Aucune version de Planify Desktop n'est publiée sur ce serveur." });
    expect(await (await ctx.request("GET", "/desktop/")).text()).toContain("Aucun installateur n'est encore publié sur ce serveur.");
    ctx.close();
  });

  it("a malformed feed is not passed on to the apps", async () => {
    const bad = mkdtempSync(join(tmpdir(), "planify-desktop-bad-"));
    writeFileSync(join(bad, "version.json"), JSON.stringify({ version: "<script>" }));
    const ctx = createTestApp({ desktopDir: bad });
    expect((await ctx.request("GET", "/desktop/version.json")).status).toBe(404);
    ctx.close();
  });
});
