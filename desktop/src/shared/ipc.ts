/**
 * The typed contract between the Electron main process, the preload bridges and the pages.
 * Two scopes, kept apart on purpose: `app:*`/`files:*`/`notify:*` serve the school server's
 * own web app; `setup:*` serve only the app's bundled pages (first run, offline), so a page
 * from the server can never change which server the app trusts.
 *
 * The web app imports the bridge *types* from here (web/src/lib/desktop-bridge.ts) and falls
 * back to browser behaviour when `window.planifyDesktop` is absent.
 */

/** A file the user picked in the system dialog, read by the main process. */
export interface PickedFile {
  name: string;
  /** MIME type guessed from the extension ("" when unknown); the server sniffs content anyway. */
  type: string;
  bytes: Uint8Array;
}

export interface PickFilesRequest {
  /** Extensions without the dot, lower case ("pdf", "docx"); at least one. */
  extensions: string[];
  multiple: boolean;
}

export interface SaveDownloadRequest {
  /** Absolute URL on the school server's origin (anything else is refused). */
  url: string;
  /** Name proposed in the save dialog. */
  suggestedName: string;
  /** Only Authorization and X-Requested-With are forwarded. */
  headers: Record<string, string>;
  /** Chosen by the page to match progress events to this download. */
  transferId: string;
}

export type SaveDownloadResult =
  | { status: "saved"; path: string; name: string; bytes: number }
  | { status: "cancelled" }
  | { status: "failed"; message: string };

export interface DownloadProgress {
  transferId: string;
  loaded: number;
  total: number | null;
  ratio: number | null;
}

export interface NotifyRequest {
  title: string;
  body: string;
}

/** The outcome of checking a school server address (first run, 'Changer de serveur'). */
export type ServerCheck =
  | { ok: true; origin: string; version: string }
  | { ok: false; reason: "invalid" | "unreachable" | "not-planify" | "certificate"; message: string };

/** Invoke channels: arguments and result. */
export interface IpcContract {
  "app:version": { args: []; result: string };
  "files:pick": { args: [PickFilesRequest]; result: PickedFile[] };
  "files:save-download": { args: [SaveDownloadRequest]; result: SaveDownloadResult };
  "files:reveal": { args: [path: string]; result: boolean };
  "notify:show": { args: [NotifyRequest]; result: boolean };
  "setup:current": { args: []; result: string | null };
  "setup:check": { args: [address: string]; result: ServerCheck };
  "setup:save": { args: [address: string]; result: ServerCheck };
  "setup:retry": { args: []; result: undefined };
}
export type IpcChannel = keyof IpcContract;

/** Events the main process sends to the page. */
export interface IpcEvents {
  "download:progress": DownloadProgress;
}

/** Channels only the bundled pages may call; the rest only the server's own pages. */
export const SETUP_CHANNELS = ["setup:current", "setup:check", "setup:save", "setup:retry"] as const satisfies readonly IpcChannel[];

/** What the preload exposes to the server's web app as `window.planifyDesktop`. */
export interface DesktopBridge {
  readonly version: 1;
  appVersion(): Promise<string>;
  pickFiles(request: PickFilesRequest): Promise<PickedFile[]>;
  saveDownload(request: SaveDownloadRequest): Promise<SaveDownloadResult>;
  /** Listens to download progress; returns the function that stops listening. */
  onDownloadProgress(listener: (progress: DownloadProgress) => void): () => void;
  revealInFolder(path: string): Promise<boolean>;
  notify(request: NotifyRequest): Promise<boolean>;
}

/** What the preload exposes to the bundled pages as `window.planifySetup`. */
export interface SetupBridge {
  current(): Promise<string | null>;
  check(address: string): Promise<ServerCheck>;
  save(address: string): Promise<ServerCheck>;
  retry(): Promise<undefined>;
}
