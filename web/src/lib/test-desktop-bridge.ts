// Test helper (not a test file).
import type { DesktopBridge, DownloadProgress, SaveDownloadRequest } from "../../../desktop/src/shared/ipc";

/**
 * A stand-in for Planify Desktop's preload bridge (the desktop side cannot run here; its
 * own behaviour is tested in desktop/test). It answers like the main process would.
 */
export function fakeBridge(overrides: Partial<DesktopBridge> = {}) {
  const calls: { saves: SaveDownloadRequest[]; reveals: string[]; notes: { title: string; body: string }[] } = {
    saves: [],
    reveals: [],
    notes: [],
  };
  const listeners = new Set<(p: DownloadProgress) => void>();
  const bridge: DesktopBridge = {
    version: 1,
    appVersion: async () => "0.1.0",
    pickFiles: async () => [],
    async saveDownload(req) {
      calls.saves.push(req);
      for (const l of listeners) {
        l({ transferId: "another", loaded: 1, total: 2, ratio: 0.5 });
        l({ transferId: req.transferId, loaded: 512, total: 1024, ratio: 0.5 });
        l({ transferId: req.transferId, loaded: 1024, total: 1024, ratio: 1 });
      }
      return { status: "saved", path: `/home/prof/Téléchargements/${req.suggestedName}`, name: req.suggestedName, bytes: 1024 };
    },
    onDownloadProgress(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    revealInFolder: async (p) => {
      calls.reveals.push(p);
      return true;
    },
    notify: async (n) => {
      calls.notes.push(n);
      return true;
    },
    ...overrides,
  };
  return { bridge, calls, listeners };
}
