import type { DesktopBridge, DownloadProgress, IpcChannel, IpcContract, SetupBridge } from "../shared/ipc";

/** The ipcRenderer parts the bridges use (injected in tests). */
export interface RendererIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

function typedInvoke(ipc: RendererIpc) {
  return <C extends IpcChannel>(channel: C, ...args: IpcContract[C]["args"]) =>
    ipc.invoke(channel, ...args) as Promise<IpcContract[C]["result"]>;
}

/**
 * The server's web app gets named functions only: never ipcRenderer itself, never a generic
 * "send any channel", and never the IPC event object (listeners receive the payload alone).
 */
export function desktopBridge(ipc: RendererIpc): DesktopBridge {
  const invoke = typedInvoke(ipc);
  const bridge: DesktopBridge = {
    version: 1,
    appVersion: () => invoke("app:version"),
    pickFiles: (request) => invoke("files:pick", request),
    saveDownload: (request) => invoke("files:save-download", request),
    onDownloadProgress(listener: (progress: DownloadProgress) => void) {
      const wrapped = (_event: unknown, payload: unknown) => listener(payload as DownloadProgress);
      ipc.on("download:progress", wrapped);
      return () => void ipc.removeListener("download:progress", wrapped);
    },
    revealInFolder: (path) => invoke("files:reveal", path),
    notify: (request) => invoke("notify:show", request),
  };
  return Object.freeze(bridge);
}

/** The bundled first-run and offline pages get the setup functions only. */
export function setupBridge(ipc: RendererIpc): SetupBridge {
  const invoke = typedInvoke(ipc);
  return Object.freeze({
    current: () => invoke("setup:current"),
    check: (address: string) => invoke("setup:check", address),
    save: (address: string) => invoke("setup:save", address),
    retry: () => invoke("setup:retry"),
  });
}

/** Which bridge a page gets: our file:// pages the setup one, the server's pages the app one. */
export function bridgeFor(protocol: string): "setup" | "desktop" {
  return protocol === "file:" ? "setup" : "desktop";
}
