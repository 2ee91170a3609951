import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeLogin } from "./test-session";

type SessionModule = typeof import("./session");
let s: SessionModule;
let stops: (() => void)[] = [];
const start = () => stops.push(s.startSession());

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  vi.resetModules();
  s = await import("./session");
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const stop of stops) stop();
  stops = [];
  vi.useRealTimers();
});

function storeOtherTab(ms: number, storage: Storage = localStorage) {
  const login = fakeLogin(ms);
  storage.setItem(
    s.USER_KEY,
    JSON.stringify({ user: login.user, token: login.token, expiresAt: login.expiresAt, hasSecretQuestions: true, rememberMe: true }),
  );
}

describe("session storage", () => {
  it("keeps a 'Rester connecté' login in local storage only", () => {
    s.saveLogin(fakeLogin(), true);
    expect(localStorage.getItem(s.USER_KEY)).toContain("token-u1");
    expect(sessionStorage.getItem(s.USER_KEY)).toBeNull();
    expect(s.getToken()).toBe("token-u1");
  });

  it("keeps any other login in session storage only", () => {
    s.saveLogin(fakeLogin(), false);
    expect(sessionStorage.getItem(s.USER_KEY)).toContain("token-u1");
    expect(localStorage.getItem(s.USER_KEY)).toBeNull();
  });

  it("rehydrates a stored session at start", () => {
    storeOtherTab(60_000);
    start();
    expect(s.getSession()?.user.username).toBe("emma.petit");
  });

  it("treats an expired token, or one without expiry, as no session and clears it", () => {
    storeOtherTab(-1_000);
    start();
    expect(s.getSession()).toBeNull();
    expect(localStorage.getItem(s.USER_KEY)).toBeNull();
    expect(s.isValid({ ...fakeLogin(), expiresAt: undefined })).toBe(false);
  });

  it("logs out when the token expires while the page is open", () => {
    vi.useFakeTimers();
    start();
    s.saveLogin(fakeLogin(5_000), true);
    const onLogout = vi.fn();
    window.addEventListener(s.AUTH_LOGOUT_EVENT, onLogout);
    vi.advanceTimersByTime(5_100);
    expect(s.getSession()).toBeNull();
    expect(localStorage.getItem(s.USER_KEY)).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
    window.removeEventListener(s.AUTH_LOGOUT_EVENT, onLogout);
  });

  it("logout clears both stores and fires auth-logout", () => {
    s.saveLogin(fakeLogin(), true);
    sessionStorage.setItem(s.USER_KEY, "stale");
    const onLogout = vi.fn();
    window.addEventListener(s.AUTH_LOGOUT_EVENT, onLogout);
    s.clearSession();
    expect(localStorage.getItem(s.USER_KEY)).toBeNull();
    expect(sessionStorage.getItem(s.USER_KEY)).toBeNull();
    expect(onLogout).toHaveBeenCalledTimes(1);
    window.removeEventListener(s.AUTH_LOGOUT_EVENT, onLogout);
  });
});

describe("ENT sessions", () => {
  it("keeps the provider an ENT login came through, and its logout goes to that provider's logout", () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 204 }));
    s.saveLogin({ ...fakeLogin(), ssoProvider: "ent-lorraine" }, true);
    expect(JSON.parse(localStorage.getItem(s.USER_KEY)!).ssoProvider).toBe("ent-lorraine");
    expect(s.logout()).toBe(true);
    expect(assign).toHaveBeenCalledWith("/api/auth/sso/ent-lorraine/logout");
    expect(s.getSession()).toBeNull();
    expect(localStorage.getItem(s.USER_KEY)).toBeNull();
    // The ENT logout route clears the download cookie itself.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a password session's logout stays here: DELETE /api/users/session, no navigation", () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 204 }));
    s.saveLogin(fakeLogin(), true);
    expect(JSON.parse(localStorage.getItem(s.USER_KEY)!)).not.toHaveProperty("ssoProvider");
    expect(s.logout()).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledWith("/api/users/session", { method: "DELETE" });
  });
});

describe("cross-tab sync", () => {
  it("follows a logout made in another tab (storage event)", () => {
    storeOtherTab(60_000);
    start();
    const seen: unknown[] = [];
    s.subscribe((session) => seen.push(session));
    const onLogout = vi.fn();
    window.addEventListener(s.AUTH_LOGOUT_EVENT, onLogout);
    localStorage.removeItem(s.USER_KEY);
    window.dispatchEvent(new StorageEvent("storage", { key: s.USER_KEY, newValue: null }));
    expect(s.getSession()).toBeNull();
    expect(seen).toEqual([null]);
    expect(onLogout).toHaveBeenCalledTimes(1);
    window.removeEventListener(s.AUTH_LOGOUT_EVENT, onLogout);
  });

  it("follows a login made in another tab", () => {
    start();
    expect(s.getSession()).toBeNull();
    storeOtherTab(60_000);
    window.dispatchEvent(new StorageEvent("storage", { key: s.USER_KEY, newValue: localStorage.getItem(s.USER_KEY) }));
    expect(s.getToken()).toBe("token-u1");
  });

  it("ignores storage events for other keys", () => {
    storeOtherTab(60_000);
    start();
    window.dispatchEvent(new StorageEvent("storage", { key: "planify.theme", newValue: "dark" }));
    expect(s.getToken()).toBe("token-u1");
  });
});
