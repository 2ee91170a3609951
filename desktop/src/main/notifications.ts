import type { NotifyRequest } from "../shared/ipc";

export interface ShownNotification {
  on(event: "click", listener: () => void): unknown;
  show(): void;
}

export interface NotifyDeps {
  supported(): boolean;
  /** True when the app's window has the keyboard focus: the page shows its own pop-up then. */
  windowFocused(): boolean;
  create(options: { title: string; body: string }): ShownNotification;
  focusWindow(): void;
}

/**
 * New announcements and gifts raise a system notification only when the user is elsewhere;
 * clicking it brings Planify forward. Returns whether one was shown.
 */
export function showNotification(req: NotifyRequest, deps: NotifyDeps): boolean {
  if (deps.windowFocused() || !deps.supported()) return false;
  const n = deps.create({ title: req.title, body: req.body });
  n.on("click", () => deps.focusWindow());
  n.show();
  return true;
}
