import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Value } from "@sinclair/typebox/value";
import { Elysia, t } from "elysia";
import { DESKTOP_INSTALLER, DesktopVersionFeed } from "@planify/common/schemas/desktop";
import { notFound } from "../../lib/errors";
import { replies } from "../../lib/responses";
import { desktopPage } from "./page";

const NO_FEED = "Aucune version de Planify Desktop n'est publiée sur ce serveur.";
const NO_UPDATE = "Aucune mise à jour de Planify Desktop n'est publiée sur ce serveur pour ce système.";
/** electron-builder's update feeds (latest.yml for Windows, latest-linux.yml, latest-mac.yml, latest-linux-arm64.yml…), read by electron-updater. */
const UPDATE_FEED = /^latest(-[a-z0-9]+)*\.yml$/;

/** The feed when the admin published one and it is well-formed; null otherwise. */
export function readFeed(dir: string | null): DesktopVersionFeed | null {
  if (!dir) return null;
  try {
    const feed: unknown = JSON.parse(readFileSync(join(dir, "version.json"), "utf8"));
    return Value.Check(DesktopVersionFeed, feed) ? feed : null;
  } catch {
    // No or unreadable version.json: no desktop version is announced.
    return null;
  }
}

/** Installer-shaped files of the folder (with electron-builder's .blockmap/.yml side files and the macOS update zip). */
function published(dir: string | null): string[] {
  if (!dir || !existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => DESKTOP_INSTALLER.test(f))
    .sort();
}

/** What the download page offers: installers, not the files only the app's updater reads. */
const installers = (dir: string | null) => published(dir).filter((f) => !/\.(blockmap|yml|zip)$/.test(f));

/**
 * /desktop/: Planify Desktop's installers and version feed, published by the school's admin
 * in `<data-dir>/desktop/`. Public like the web app itself: installing needs no account, and
 * the files hold nothing about the school. Only installer-shaped names in that folder are
 * served, so nothing else on disk can be reached. The same folder is the desktop app's
 * update source (electron-updater, generic provider): the latest*.yml feeds and artefacts.
 */
export const desktopRoutes = (dir: string | null) =>
  new Elysia({ prefix: "/desktop", name: "desktop" })
    .get(
      "/version.json",
      ({ set }) => {
        const feed = readFeed(dir);
        if (!feed) throw notFound(NO_FEED);
        set.headers["cache-control"] = "no-cache";
        return feed;
      },
      { response: replies({ 200: DesktopVersionFeed }) },
    )
    .get(
      "/",
      ({ set }) => {
        set.headers["content-type"] = "text/html; charset=utf-8";
        set.headers["cache-control"] = "no-cache";
        return desktopPage(readFeed(dir), installers(dir));
      },
      { response: replies({ 200: t.String() }) },
    )
    .get(
      "/:file",
      ({ params }) => {
        const feed = UPDATE_FEED.test(params.file);
        if (!dir || !published(dir).includes(params.file)) {
          throw notFound(feed ? NO_UPDATE : "Ce fichier d'installation n'existe pas sur ce serveur.");
        }
        const file = Bun.file(join(dir, params.file));
        if (feed) return new Response(file, { headers: { "content-type": "text/yaml; charset=utf-8", "cache-control": "no-cache" } });
        return new Response(file, {
          headers: {
            "content-type": "application/octet-stream",
            "content-disposition": `attachment; filename="${params.file}"`,
            "cache-control": "no-cache",
          },
        });
      },
      { params: t.Object({ file: t.String({ maxLength: 160 }) }) },
    );
