import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { isChunkLoadError, RouteErrorBoundary } from "./error-boundary";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

function Throws({ error }: { error: Error }): never {
  throw error;
}

async function mount(node: React.ReactNode) {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(node));
  return host;
}

const button = (host: Element, name: string) => [...host.querySelectorAll("button")].find((b) => b.textContent === name);

describe("RouteErrorBoundary", () => {
  it("shows the French error page with « Recharger » instead of a blank page when a screen throws", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    const host = await mount(
      <RouteErrorBoundary reload={reload}>
        <Throws error={new TypeError("Cannot read properties of undefined (reading 'map')")} />
      </RouteErrorBoundary>,
    );
    expect(host.querySelector('[role="alert"] h1')?.textContent).toBe("Cette page a rencontré un problème.");
    await act(async () => button(host, "Recharger")!.click());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("says a new version is available when a screen's chunk is missing, and reloads only when asked", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    const host = await mount(
      <RouteErrorBoundary reload={reload}>
        <Throws error={new TypeError("Failed to fetch dynamically imported module: http://x/assets/tasks-page-abc.js")} />
      </RouteErrorBoundary>,
    );
    expect(host.querySelector("h1")?.textContent).toBe("Une nouvelle version de Planify est disponible.");
    expect(reload).not.toHaveBeenCalled();
    await act(async () => button(host, "Recharger")!.click());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("renders its children untouched when nothing fails", async () => {
    const host = await mount(
      <RouteErrorBoundary>
        <p>Mes devoirs</p>
      </RouteErrorBoundary>,
    );
    expect(host.textContent).toBe("Mes devoirs");
  });
});

describe("isChunkLoadError", () => {
  it.each([
    ["Failed to fetch dynamically imported module: /assets/a.js", true],
    ["error loading dynamically imported module: /assets/a.js", true],
    ["Importing a module script failed.", true],
    ["Cannot read properties of undefined", false],
  ])("%s → %s", (message, expected) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(expected);
  });
  it("knows webpack's ChunkLoadError by name", () => {
    const e = new Error("Loading chunk 3 failed");
    e.name = "ChunkLoadError";
    expect(isChunkLoadError(e)).toBe(true);
  });
});
