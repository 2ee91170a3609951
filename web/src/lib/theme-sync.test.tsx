import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fakeLogin } from "./test-session";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Modules = { session: typeof import("./session"); theme: typeof import("./theme"); sync: typeof import("./theme-sync") };
let m: Modules;
let stops: (() => void)[] = [];
const html = () => document.documentElement;

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  vi.resetModules();
  m = { session: await import("./session"), theme: await import("./theme"), sync: await import("./theme-sync") };
});
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  vi.unstubAllGlobals();
});

function start() {
  stops.push(m.session.startSession(), m.sync.startThemeSync());
}

/** Renders a component holding useSaveTheme and returns its save function. */
async function saver() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  let save!: ReturnType<typeof m.sync.useSaveTheme>;
  function Probe() {
    save = m.sync.useSaveTheme();
    return null;
  }
  await act(async () =>
    createRoot(document.createElement("div")).render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    ),
  );
  return (change: Parameters<typeof save>[0]) => act(async () => save(change));
}

describe("theme kept on the account", () => {
  it("applies the account's theme and dark tuning at login, over this browser's choice", () => {
    m.theme.setTheme("light");
    start();
    m.session.saveLogin(fakeLogin(3_600_000, { theme: "dark", darkBrightness: 110, darkContrast: 90 }), true);
    expect(html().dataset.theme).toBe("dark");
    expect(localStorage.getItem(m.theme.THEME_KEY)).toBe("dark");
    expect(html().style.getPropertyValue("--dark-brightness")).toBe("1.1");
    expect(html().style.getPropertyValue("--dark-contrast")).toBe("0.9");
  });

  function storeSession(theme: string) {
    const login = fakeLogin(3_600_000, { theme, darkBrightness: 100, darkContrast: 95 });
    localStorage.setItem(
      m.session.USER_KEY,
      JSON.stringify({ user: login.user, token: login.token, expiresAt: login.expiresAt, hasSecretQuestions: true, rememberMe: true }),
    );
  }

  it("brings a restored session's theme to a browser without a choice of its own", () => {
    storeSession("dark");
    start();
    expect(html().dataset.theme).toBe("dark");
    expect(localStorage.getItem(m.theme.THEME_KEY)).toBe("dark");
  });

  it("keeps this browser's own choice when a session is restored", async () => {
    localStorage.setItem("planify.theme", "dark");
    storeSession("light");
    vi.resetModules();
    m = { session: await import("./session"), theme: await import("./theme"), sync: await import("./theme-sync") };
    start();
    expect(html().dataset.theme).toBe("dark");
  });

  it("sends the toggle's choice to the account when logged in", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, theme: "dark", darkBrightness: 100, darkContrast: 95 }), {
          headers: { "Content-Type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    start();
    m.session.saveLogin(fakeLogin(3_600_000, { theme: "light", darkBrightness: 100, darkContrast: 95 }), true);
    const save = await saver();
    await save({ theme: "dark" });
    expect(html().dataset.theme).toBe("dark");
    // The typed client loads on demand (off the first page): the call follows shortly.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/users/me/theme");
    expect(init.method).toBe("PUT");
    expect(JSON.parse(init.body as string)).toEqual({ theme: "dark", darkBrightness: 100, darkContrast: 95 });
    // A reload before the answer keeps the choice: the session copy follows at once.
    expect(m.session.getSession()?.user.theme).toBe("dark");
  });

  it("keeps the choice in this browser only when logged out", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    start();
    const save = await saver();
    await save({ theme: "dark", brightness: 120 });
    expect(localStorage.getItem(m.theme.THEME_KEY)).toBe("dark");
    expect(m.theme.getDarkTuning()).toEqual({ brightness: 120, contrast: 95 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fails silently: the local choice stays", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, message: "Erreur interne du serveur.", code: "INTERNAL" }), { status: 500 }),
      ),
    );
    start();
    m.session.saveLogin(fakeLogin(3_600_000, { theme: "light" }), true);
    const save = await saver();
    await save({ theme: "auto" });
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(localStorage.getItem(m.theme.THEME_KEY)).toBe("auto");
    expect(m.session.getSession()).not.toBeNull();
  });

  it("clamps the dark tuning to 50–150 %", () => {
    m.theme.setDarkTuning({ brightness: 400, contrast: 10 });
    expect(m.theme.getDarkTuning()).toEqual({ brightness: 150, contrast: 50 });
  });
});
