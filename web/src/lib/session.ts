import type { LoginResponse, SessionUser } from "@planify/common/schemas/users";

/** Storage key of the user entry (spec 1 §9). */
export const USER_KEY = "planify.user";
/** Window event fired when the session ends (spec 1 §4). */
export const AUTH_LOGOUT_EVENT = "auth-logout";

export interface Session {
  user: SessionUser;
  token: string;
  expiresAt: string;
  hasSecretQuestions: boolean;
  rememberMe: boolean;
}

type Listener = (session: Session | null) => void;
const listeners = new Set<Listener>();
let current: Session | null = null;

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Session;
    return isValid(s) ? s : null;
  } catch {
    return null;
  }
}

/** A session without an expiry, or whose expiry has passed, counts as none. */
export function isValid(s: Partial<Session> | null | undefined): s is Session {
  if (!s?.token || !s.user || !s.expiresAt) return false;
  const exp = Date.parse(s.expiresAt);
  return Number.isFinite(exp) && exp > Date.now();
}

function read(): Session | null {
  return parse(localStorage.getItem(USER_KEY)) ?? parse(sessionStorage.getItem(USER_KEY));
}

function emit() {
  for (const l of listeners) l(current);
}

export function getSession(): Session | null {
  if (current && !isValid(current)) clearSession();
  return current;
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores a login: local storage when "stay signed in" is ticked, session storage otherwise. */
export function saveLogin(login: LoginResponse, rememberMe: boolean): Session {
  const session: Session = {
    user: login.user,
    token: login.token,
    expiresAt: login.expiresAt,
    hasSecretQuestions: login.hasSecretQuestions,
    rememberMe,
  };
  localStorage.removeItem(USER_KEY);
  sessionStorage.removeItem(USER_KEY);
  (rememberMe ? localStorage : sessionStorage).setItem(USER_KEY, JSON.stringify(session));
  current = session;
  emit();
  return session;
}

/** Replaces the stored user fields (after a profile change), keeping the token. */
export function updateUser(patch: Partial<SessionUser>): void {
  if (!current) return;
  current = { ...current, user: { ...current.user, ...patch } };
  (current.rememberMe ? localStorage : sessionStorage).setItem(USER_KEY, JSON.stringify(current));
  emit();
}

/** Ends the session: clears both stores and tells this tab and the others. */
export function clearSession(): void {
  const had = current !== null || localStorage.getItem(USER_KEY) !== null || sessionStorage.getItem(USER_KEY) !== null;
  localStorage.removeItem(USER_KEY);
  sessionStorage.removeItem(USER_KEY);
  current = null;
  if (had) {
    window.dispatchEvent(new Event(AUTH_LOGOUT_EVENT));
    emit();
  }
}

let started = false;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleExpiry() {
  clearTimeout(expiryTimer);
  if (!current) return;
  const ms = Date.parse(current.expiresAt) - Date.now();
  // setTimeout overflows past ~24.8 days: re-check later instead.
  expiryTimer = setTimeout(() => (isValid(current) ? scheduleExpiry() : clearSession()), Math.min(ms, 2 ** 31 - 1));
}

/** Rehydrates from storage and starts cross-tab sync and expiry checks (once per page). */
export function startSession(): void {
  if (started) return;
  started = true;
  current = read();
  if (!current) {
    localStorage.removeItem(USER_KEY);
    sessionStorage.removeItem(USER_KEY);
  }
  scheduleExpiry();
  subscribe(scheduleExpiry);
  // Another tab logged in or out: the storage event fires here for localStorage changes.
  window.addEventListener("storage", (e) => {
    if (e.key !== USER_KEY && e.key !== null) return;
    const next = read();
    if (!next && current) {
      current = null;
      window.dispatchEvent(new Event(AUTH_LOGOUT_EVENT));
      emit();
    } else if (next && next.token !== current?.token) {
      current = next;
      emit();
    }
  });
}
