import type { LoginResponse, SessionUser } from "@planify/common/schemas/users";
import { API_CACHE_PREFIX } from "./pwa/service-worker-url";

/** Storage key of the user entry. */
export const USER_KEY = "planify.user";
/** Window event fired when the session ends. */
export const AUTH_LOGOUT_EVENT = "auth-logout";

export interface Session {
  user: SessionUser;
  token: string;
  /** Expiry time of the token, ISO 8601. */
  expiresAt: string;
  hasSecretQuestions: boolean;
  rememberMe: boolean;
  /** The ENT provider this session came from (logout then ends its session too). */
  ssoProvider?: string;
}

type Listener = (session: Session | null) => void;
const listeners = new Set<Listener>();
let current: Session | null = null;

/** A session without an expiry, or whose expiry has passed, counts as none. */
export function isValid(s: Partial<Session> | null | undefined): s is Session {
  if (!s?.token || !s.user || !s.expiresAt) return false;
  const exp = Date.parse(s.expiresAt);
  return Number.isFinite(exp) && exp > Date.now();
}

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Session;
    return isValid(s) ? s : null;
  } catch {
    // A garbled stored session counts as none: the user signs in again.
    return null;
  }
}

function storageOf(rememberMe: boolean): Storage {
  return rememberMe ? localStorage : sessionStorage;
}

/** The stored session: the persistent one first, then this tab's. */
function read(): Session | null {
  return parse(localStorage.getItem(USER_KEY)) ?? parse(sessionStorage.getItem(USER_KEY));
}

function emit() {
  for (const l of listeners) l(current);
}

/** The current session, or null. Pure (safe as a React snapshot): expiry is enforced by a timer. */
export function getSession(): Session | null {
  return current && isValid(current) ? current : null;
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A login answer, as the web app received it: `throughEnt` when it came back from an ENT
 * sign-in, `ssoProvider` the provider this tab went to (both set by the web app, not the server).
 */
export type SignedIn = Pick<LoginResponse, "user" | "token" | "expiresAt" | "hasSecretQuestions"> & {
  throughEnt?: boolean;
  ssoProvider?: string;
};

/** Stores a login: local storage when "stay signed in" is ticked, session storage otherwise. */
export function saveLogin(login: SignedIn, rememberMe: boolean): Session {
  const session: Session = {
    user: login.user,
    token: login.token,
    expiresAt: login.expiresAt,
    hasSecretQuestions: login.hasSecretQuestions,
    rememberMe,
    ...(login.ssoProvider && { ssoProvider: login.ssoProvider }),
  };
  localStorage.removeItem(USER_KEY);
  sessionStorage.removeItem(USER_KEY);
  storageOf(rememberMe).setItem(USER_KEY, JSON.stringify(session));
  current = session;
  emit();
  return session;
}

/** Replaces the stored user fields (after a profile change), keeping the token. */
export function updateUser(patch: Partial<SessionUser>): void {
  if (!current) return;
  current = { ...current, user: { ...current.user, ...patch } };
  storageOf(current.rememberMe).setItem(USER_KEY, JSON.stringify(current));
  emit();
}

/** Drops the copies of the user's lists kept for offline use: the next user never sees them. */
function dropOfflineCopies() {
  if (typeof caches === "undefined") return;
  void caches
    .keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith(API_CACHE_PREFIX)).map((n) => caches.delete(n))))
    // Cache Storage unavailable (private mode): there is no offline copy to drop.
    .catch(() => undefined);
}

function endSession() {
  current = null;
  dropOfflineCopies();
  window.dispatchEvent(new Event(AUTH_LOGOUT_EVENT));
  emit();
}

/** Ends the session: clears both stores and tells this tab and the others. */
export function clearSession(): void {
  const had = current !== null || localStorage.getItem(USER_KEY) !== null || sessionStorage.getItem(USER_KEY) !== null;
  localStorage.removeItem(USER_KEY);
  sessionStorage.removeItem(USER_KEY);
  if (current) broadcast?.postMessage({ type: "logout", userId: current.user.id });
  if (had) endSession();
  else current = null;
}

/**
 * Logout chosen by the user: ends the session and asks the server to clear the HttpOnly
 * download cookie (scripts cannot). The path is api.ts's API_BASE, which imports this module.
 * A session that came through the ENT goes on to the ENT's logout, which clears that cookie
 * too and ends the provider's session (the browser comes back to "/"). Returns true then:
 * the page is being left, the caller navigates nowhere.
 */
export function logout(): boolean {
  const ssoProvider = getSession()?.ssoProvider;
  // Logout is local first; a server that cannot be reached lets the cookie expire by itself.
  if (!ssoProvider) void fetch("/api/users/session", { method: "DELETE" }).catch(() => undefined);
  clearSession();
  if (!ssoProvider) return false;
  window.location.assign(`/api/auth/sso/${encodeURIComponent(ssoProvider)}/logout`);
  return true;
}

let started = false;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
// Session-storage logins are invisible to other tabs' storage events: tabs also talk here.
let broadcast: BroadcastChannel | null = null;

function scheduleExpiry() {
  clearTimeout(expiryTimer);
  if (!current) return;
  const ms = Date.parse(current.expiresAt) - Date.now();
  // setTimeout overflows past ~24.8 days: re-check later instead.
  expiryTimer = setTimeout(() => (isValid(current) ? scheduleExpiry() : clearSession()), Math.max(0, Math.min(ms, 2 ** 31 - 1)));
}

/** Applies what another tab wrote to the user entry (login, logout, profile change). */
function syncFromStorage() {
  const next = read();
  if (!next) {
    if (current) {
      sessionStorage.removeItem(USER_KEY);
      endSession();
    }
    return;
  }
  if (JSON.stringify(next) !== JSON.stringify(current)) {
    current = next;
    emit();
  }
}

/**
 * Rehydrates from storage and starts cross-tab sync and expiry checks (once per page).
 * Returns the function that stops them (tests, hot reload).
 */
export function startSession(): () => void {
  if (started) return () => undefined;
  started = true;
  current = read();
  if (!current) {
    localStorage.removeItem(USER_KEY);
    sessionStorage.removeItem(USER_KEY);
  }
  scheduleExpiry();
  const unsubscribe = subscribe(scheduleExpiry);
  const onStorage = (e: StorageEvent) => {
    if (e.key === USER_KEY || e.key === null) syncFromStorage();
  };
  window.addEventListener("storage", onStorage);
  if (typeof BroadcastChannel !== "undefined") {
    broadcast = new BroadcastChannel("planify-auth");
    broadcast.onmessage = (e: MessageEvent<{ type?: string; userId?: string }>) => {
      if (e.data?.type === "logout" && current && e.data.userId === current.user.id) clearSession();
    };
  }
  return () => {
    started = false;
    clearTimeout(expiryTimer);
    unsubscribe();
    window.removeEventListener("storage", onStorage);
    broadcast?.close();
    broadcast = null;
  };
}
