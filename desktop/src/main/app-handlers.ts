import type { SaveDownloadResult } from "../shared/ipc";
import type { SaveDeps } from "./downloads";
import { saveDownload } from "./downloads";
import type { PickDeps } from "./files";
import { pickFiles } from "./files";
import type { Handlers } from "./ipc-handlers";
import type { NotifyDeps } from "./notifications";
import { showNotification } from "./notifications";
import { checkServer, type FetchLike } from "./server-address";

export interface AppHandlerDeps {
  version: string;
  fetch: FetchLike;
  serverOrigin(): string | null;
  /** Saves the checked origin and loads the server's web app. */
  useServer(origin: string): void;
  /** Loads the server again (offline page's 'Réessayer'). */
  retry(): void;
  pick: PickDeps;
  save: Omit<SaveDeps, "fetch">;
  notify: NotifyDeps;
  reveal(path: string): void;
}

const REFUSED_URL: SaveDownloadResult = { status: "failed", message: "Ce téléchargement ne vient pas du serveur de votre établissement." };

/** What each IPC channel does, with Electron's APIs injected (see index.ts for the real ones). */
export function appHandlers(deps: AppHandlerDeps): Handlers {
  // Only files this session wrote can be shown in their folder.
  const saved = new Set<string>();
  return {
    "app:version": () => deps.version,
    "files:pick": (req) => pickFiles(req, deps.pick),
    "files:save-download": async (req) => {
      const origin = deps.serverOrigin();
      if (!origin || new URL(req.url).origin !== origin) return REFUSED_URL;
      const result = await saveDownload(req, { ...deps.save, fetch: deps.fetch });
      if (result.status === "saved") saved.add(result.path);
      return result;
    },
    "files:reveal": (path) => {
      if (!saved.has(path)) return false;
      deps.reveal(path);
      return true;
    },
    "notify:show": (req) => showNotification(req, deps.notify),
    "setup:current": () => deps.serverOrigin(),
    "setup:check": (address) => checkServer(address, deps.fetch),
    "setup:save": async (address) => {
      const result = await checkServer(address, deps.fetch);
      if (result.ok) deps.useServer(result.origin);
      return result;
    },
    "setup:retry": () => {
      deps.retry();
      return undefined;
    },
  };
}
