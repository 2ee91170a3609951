import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { WindowState } from "./window-state";

/** What the app remembers between launches (userData/settings.json). */
export interface DesktopSettings {
  serverOrigin?: string;
  window?: WindowState;
}

export interface SettingsStore {
  read(): DesktopSettings;
  update(patch: Partial<DesktopSettings>): DesktopSettings;
}

/** A small JSON file; a damaged file is treated as empty rather than blocking the app. */
export function fileSettingsStore(file: string): SettingsStore {
  let cache: DesktopSettings | null = null;
  const read = (): DesktopSettings => {
    if (cache) return cache;
    try {
      const parsed = JSON.parse(readFileSync(file, "utf8")) as unknown;
      cache = parsed && typeof parsed === "object" ? (parsed as DesktopSettings) : {};
    } catch {
      cache = {};
    }
    return cache;
  };
  return {
    read,
    update(patch) {
      const next = { ...read(), ...patch };
      mkdirSync(dirname(file), { recursive: true });
      // Write then rename, so a crash mid-write never leaves half a file.
      writeFileSync(`${file}.tmp`, JSON.stringify(next, null, 2));
      renameSync(`${file}.tmp`, file);
      cache = next;
      return next;
    },
  };
}
