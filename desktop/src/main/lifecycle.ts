import { deepLinkFromArgv, parseDeepLink, PROTOCOL } from "./deep-link";

/** The parts of Electron's `app` the lifecycle needs (injected in tests). */
export interface LifecycleApp {
  requestSingleInstanceLock(): boolean;
  quit(): void;
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean;
  on(event: "second-instance", listener: (event: unknown, argv: string[]) => void): unknown;
  on(event: "open-url", listener: (event: { preventDefault(): void }, url: string) => void): unknown;
}

export interface LifecycleHooks {
  /** A second launch: bring the existing window forward. */
  focus(): void;
  /** A deep link asked for this web app path. */
  open(path: string): void;
}

/**
 * One running app per user: a second launch (or a planify:// link) hands its arguments to
 * the first instance and quits. Returns false when this process must quit at once.
 */
export function setupLifecycle(
  app: LifecycleApp,
  hooks: LifecycleHooks,
  opts: { argv: string[]; devEntry?: string; registerProtocol?: boolean } = { argv: [] },
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  // In development Electron is started with the entry script as an argument; pass it along.
  if (opts.registerProtocol === false) {
    // Tests: the machine's planify:// handler stays as it was.
  } else if (opts.devEntry) app.setAsDefaultProtocolClient(PROTOCOL, process.execPath, [opts.devEntry]);
  else app.setAsDefaultProtocolClient(PROTOCOL);

  app.on("second-instance", (_event, argv) => {
    hooks.focus();
    const path = deepLinkFromArgv(argv);
    if (path) hooks.open(path);
  });
  // macOS delivers links through open-url, also before the window exists.
  app.on("open-url", (event, url) => {
    event.preventDefault();
    const path = parseDeepLink(url);
    hooks.focus();
    if (path) hooks.open(path);
  });
  const first = deepLinkFromArgv(opts.argv);
  if (first) hooks.open(first);
  return true;
}
