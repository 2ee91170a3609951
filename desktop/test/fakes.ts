// Small stand-ins for Electron objects: each records what the module under test did to it.
// Electron's binary cannot run on the build machines, so its APIs are injected (see README).
import type { Origins } from "../src/main/security";

export const SERVER = "https://planify.lycee-exemple.fr";
export const PAGES = "file:///opt/Planify/resources/app.asar/out/renderer/";

export function origins(server: string | null = SERVER): Origins {
  return { server: () => server, pagesBase: PAGES };
}

type Listener = (...args: unknown[]) => void;

/** An event emitter with Electron's `on` shape; `emit` returns whether preventDefault was called. */
export class FakeEmitter {
  listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener) {
    return this.on(event, listener);
  }
  emit(event: string, ...args: unknown[]): boolean {
    let prevented = false;
    const e = {
      preventDefault: () => {
        prevented = true;
      },
    };
    for (const l of this.listeners.get(event) ?? []) l(e, ...args);
    return prevented;
  }
}
