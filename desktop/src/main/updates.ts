import { autoUpdater } from "electron-updater";

// Updates come from the school's own server, never from the Internet: electron-updater reads
// electron-builder's feed (latest.yml, latest-linux.yml, latest-mac.yml) and the installers
// that IT copies to <data-dir>/desktop/ on the Planify server, served at /desktop/ (generic
// provider). A newer version is downloaded in the background; once it is ready the user is
// asked to restart, and otherwise it is installed when the app quits.

/** The updater this module drives: electron-updater's, replaced by a mock in the unit tests. */
export type Updater = Pick<
  typeof autoUpdater,
  "autoDownload" | "autoInstallOnAppQuit" | "setFeedURL" | "checkForUpdates" | "quitAndInstall"
> & {
  on(event: "update-downloaded", listener: (info: { version: string }) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
};

export interface UpdateDeps {
  /** Shows the French prompt (Electron's message box); resolves to the index of the button chosen. */
  ask(message: ReturnType<typeof readyMessage>): Promise<number>;
  log(message: string): void;
}

/** The generic-provider feed of a school server. */
export const feedUrl = (origin: string) => `${origin.replace(/\/+$/, "")}/desktop/`;

export function readyMessage(version: string) {
  return {
    title: "Mise à jour prête",
    message: `Planify Desktop ${version} est téléchargée et prête à être installée.`,
    detail: "Redémarrez Planify pour l'installer maintenant ; sinon, elle s'installera quand vous quitterez l'application.",
    buttons: ["Redémarrer", "Plus tard"],
  };
}

/**
 * Wires the updater once; `check(origin)` then looks for an update on that school server
 * (at start-up and when the user changes server). Any failure (no feed published, offline,
 * app not packaged) is only logged: updates are never an obstacle to using Planify.
 */
export function setupUpdates(deps: UpdateDeps, updater: Updater = autoUpdater as unknown as Updater) {
  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  let prompted: string | null = null;
  updater.on("update-downloaded", (info) => {
    if (prompted === info.version) return;
    prompted = info.version;
    void deps.ask(readyMessage(info.version)).then((choice) => {
      if (choice === 0) updater.quitAndInstall();
    });
  });
  updater.on("error", (error) => deps.log(`Mise à jour impossible : ${error.message}`));
  return {
    async check(origin: string | null): Promise<void> {
      if (!origin) return;
      updater.setFeedURL({ provider: "generic", url: feedUrl(origin) });
      try {
        await updater.checkForUpdates();
      } catch (error) {
        deps.log(`Mise à jour impossible : ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
