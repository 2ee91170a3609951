export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState extends Rect {
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 820 };
export const MIN_SIZE = { width: 480, height: 560 };

/**
 * The bounds to open the window with: the remembered ones when they still lie on a screen
 * (a laptop unplugged from its second monitor must not open the window off-screen).
 */
export function restoreBounds(
  saved: WindowState | undefined,
  workAreas: Rect[],
): Partial<Rect> & { width: number; height: number; maximized: boolean } {
  if (!saved || ![saved.x, saved.y, saved.width, saved.height].every(Number.isFinite)) return { ...DEFAULT_SIZE, maximized: false };
  const width = Math.max(MIN_SIZE.width, saved.width);
  const height = Math.max(MIN_SIZE.height, saved.height);
  // Visible enough: at least 100 x 50 px of the title bar area on some screen.
  const visible = workAreas.some(
    (a) => saved.x + width - 100 >= a.x && saved.x + 100 <= a.x + a.width && saved.y >= a.y - 10 && saved.y + 50 <= a.y + a.height,
  );
  if (!visible)
    return { width: Math.min(width, DEFAULT_SIZE.width), height: Math.min(height, DEFAULT_SIZE.height), maximized: saved.maximized };
  return { x: saved.x, y: saved.y, width, height, maximized: saved.maximized };
}

/** The window parts the tracker listens to. */
export interface TrackedWindow {
  on(event: "resize" | "move" | "close", listener: () => void): unknown;
  getNormalBounds(): Rect;
  isMaximized(): boolean;
}

/** Saves the window's place and size (debounced while dragging, at once on close). */
export function trackWindowState(win: TrackedWindow, save: (state: WindowState) => void, delayMs = 400): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const now = () => {
    clearTimeout(timer);
    save({ ...win.getNormalBounds(), maximized: win.isMaximized() });
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(now, delayMs);
  };
  win.on("resize", later);
  win.on("move", later);
  win.on("close", now);
}
