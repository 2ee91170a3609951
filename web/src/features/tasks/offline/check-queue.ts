// The checks a student made that the server has not confirmed yet. Every check or uncheck
// goes through here: it is written to local storage first (so a reload, a closed tab or a
// lost connection never loses it), then sent. An entry holds the target state (checked or
// not, never "toggle") and an Idempotency-Key, so sending it again is harmless: the server
// answers a replayed key with its first answer and counts the check once.
import { ApiError } from "../../../lib/api";

/** Storage key of the queue (one list for every user of this browser, each entry names its user). */
export const QUEUE_KEY = "planify.pendingChecks";

export interface PendingCheck {
  userId: string;
  taskId: string;
  /** Title at the time of the check, for the message if the server refuses it. */
  title: string;
  checked: boolean;
  key: string;
  at: number;
}

/** One entry the server refused (task deleted, no longer visible…): dropped, with its French message. */
export interface RefusedCheck {
  entry: PendingCheck;
  /** What the student reads about a check made earlier (offline). */
  message: string;
  error: ApiError;
}

export type SendCheck = (taskId: string, checked: boolean, key: string) => Promise<unknown>;

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshotRaw: string | null = null;
let snapshot: PendingCheck[] = [];

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    // Storage blocked (private mode, policy): no offline queue; checks then need the network.
    return null;
  }
}

/** Every pending entry, as stored (a stable array between changes: usable as a React snapshot). */
export function readQueue(): PendingCheck[] {
  const raw = storage()?.getItem(QUEUE_KEY) ?? null;
  if (raw !== snapshotRaw) {
    snapshotRaw = raw;
    try {
      const parsed = raw ? (JSON.parse(raw) as unknown) : [];
      snapshot = Array.isArray(parsed)
        ? parsed.filter(
            (e): e is PendingCheck => typeof e?.taskId === "string" && typeof e?.userId === "string" && typeof e?.key === "string",
          )
        : [];
    } catch {
      snapshot = [];
    }
  }
  return snapshot;
}

function write(entries: PendingCheck[]) {
  const store = storage();
  if (entries.length) store?.setItem(QUEUE_KEY, JSON.stringify(entries));
  else store?.removeItem(QUEUE_KEY);
  for (const l of listeners) l();
}

/** Re-renders on changes of this tab (and of other tabs, through the storage event). */
export function subscribeQueue(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === QUEUE_KEY || e.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function newKey(): string {
  return `check-${typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`}`;
}

/**
 * Records the state the user wants for a task. It replaces an unsent entry of the same task
 * (the last choice wins; a check then an uncheck offline sends only the uncheck).
 */
export function enqueueCheck(userId: string, taskId: string, title: string, checked: boolean, at = Date.now()): PendingCheck {
  const entry: PendingCheck = { userId, taskId, title, checked, key: newKey(), at };
  write([...readQueue().filter((e) => !(e.userId === userId && e.taskId === taskId)), entry]);
  return entry;
}

/** Key of the entry being sent right now (null when none): it is on its way, not waiting. */
let sendingKey: string | null = null;

/** The entry being sent right now, as a React snapshot (a string or null). */
export const readSending = (): string | null => sendingKey;

function setSending(key: string | null) {
  sendingKey = key;
  for (const l of listeners) l();
}

/**
 * Task id -> wanted state, for this user's checks still waiting for the server (the list
 * shows these as pending). The one being sent is left out: an online check never shows
 * « En attente de connexion » for the time of its request.
 */
export function pendingStates(entries: PendingCheck[], userId: string, sending: string | null = null): Map<string, boolean> {
  return new Map(entries.filter((e) => e.userId === userId && e.key !== sending).map((e) => [e.taskId, e.checked]));
}

function remove(sent: PendingCheck) {
  // A newer choice for the same task (other key) stays to be sent.
  write(readQueue().filter((e) => e.key !== sent.key));
}

export interface FlushResult {
  sent: PendingCheck[];
  refused: RefusedCheck[];
  /** True when sending stopped for lack of a connection (what is left waits for the next try). */
  stalled: boolean;
}

let running: Promise<FlushResult> | null = null;

/**
 * Sends this user's pending checks, oldest first, one at a time. A network failure stops
 * and keeps the rest; a 401 too (the user logs in again, the entries wait); any other
 * refusal drops that entry and reports the server's message. One flush at a time per tab;
 * the idempotency keys make a send from another tab at the same moment harmless.
 */
export function flushChecks(userId: string, send: SendCheck): Promise<FlushResult> {
  if (running) return running.then(() => flushChecks(userId, send));
  running = (async () => {
    const result: FlushResult = { sent: [], refused: [], stalled: false };
    const tried = new Set<string>();
    for (;;) {
      const next = readQueue().find((e) => e.userId === userId && !tried.has(e.key));
      if (!next) break;
      tried.add(next.key);
      setSending(next.key);
      try {
        await send(next.taskId, next.checked, next.key);
        remove(next);
        result.sent.push(next);
      } catch (error) {
        if (!(error instanceof ApiError) || error.isNetwork || error.status === 401) {
          result.stalled = true;
          break;
        }
        remove(next);
        result.refused.push({ entry: next, message: refusalText(next, error), error });
      }
    }
    return result;
  })().finally(() => {
    running = null;
    setSending(null);
  });
  return running;
}

/** What the student reads when the server refuses a check made offline. */
export function refusalText(entry: PendingCheck, error: ApiError): string {
  const what = entry.checked ? "cochée" : "décochée";
  const why = error.serverMessage ?? "refus du serveur.";
  return `« ${entry.title} » n'a pas pu être ${what} (action faite hors ligne) : ${why}`;
}
