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
