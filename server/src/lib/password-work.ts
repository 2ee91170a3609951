// Every argon2id hash and verify of the server goes through one limiter. Bun.password's
// async calls run on Bun's thread pool, which has one thread per core: a login storm
// (a class signing in at 8:00) would otherwise keep every core hashing and starve the
// event loop, so every other request waits. At most (cores − 1) hashes run at once; the
// rest wait in a bounded queue, and past that bound the caller gets a 503 to retry.
// The limit is per process on purpose: it shares out this machine's cores.
import { availableParallelism } from "node:os";
import pLimit from "p-limit";
import { AppError } from "./errors";

/** Waiting hashes allowed per running one: a class of 48 fits in the queue of one slot. */
export const QUEUE_PER_SLOT = 64;
/** Seconds a refused caller is told to wait (Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** Hashes run at once by default: every core but one (for the event loop), at least one. */
export const defaultHashConcurrency = (cores = availableParallelism()) => Math.max(1, cores - 1);

export interface HashLimiter {
  /** Runs `work` when a slot is free; refuses at once (503) when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly concurrency: number;
  readonly queueMax: number;
  readonly active: number;
  readonly queued: number;
}

/** The refusal of a full queue: the server is busy, not the caller at fault (so not a 429). */
export const serverBusy = () => new AppError("SERVER_BUSY", undefined, { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) });

/** A limiter running at most `concurrency` jobs, with at most `queueMax` waiting. */
export function createHashLimiter(concurrency: number, queueMax = concurrency * QUEUE_PER_SLOT): HashLimiter {
  const limit = pLimit(concurrency);
  return {
    run: (work) => (limit.pendingCount >= queueMax ? Promise.reject(serverBusy()) : limit(work)),
    concurrency,
    queueMax,
    get active() {
      return limit.activeCount;
    },
    get queued() {
      return limit.pendingCount;
    },
  };
}

let shared = createHashLimiter(defaultHashConcurrency());

/** Sets the process's limit (PLANIFY_HASH_CONCURRENCY; null: the default). Returns the limiter. */
export function configureHashLimit(concurrency: number | null, queueMax?: number): HashLimiter {
  shared = createHashLimiter(concurrency ?? defaultHashConcurrency(), queueMax);
  return shared;
}

/** The process's limiter (for tests and the start-up line). */
export const hashLimiter = (): HashLimiter => shared;

type HashOptions = { algorithm: "argon2id"; memoryCost?: number; timeCost?: number };
const ARGON2ID: HashOptions = { algorithm: "argon2id" };

/** argon2id hash of `text`, through the limiter. */
export function hashSecret(text: string, options: HashOptions = ARGON2ID): Promise<string> {
  return shared.run(() => Bun.password.hash(text, options));
}

/** Whether `text` matches `hash`, through the limiter. */
export function verifySecret(text: string, hash: string): Promise<boolean> {
  return shared.run(() => Bun.password.verify(text, hash));
}

/**
 * Hashes many texts (a class-list import) with no more of them waiting at once than there
 * are slots, so logins arriving meanwhile are not queued behind a whole list.
 */
export function hashEach(texts: string[], options: HashOptions = ARGON2ID): Promise<string[]> {
  const feed = pLimit(shared.concurrency);
  // One refusal (a full queue: 503) ends the import: the hashes still waiting are not started.
  return Promise.all(texts.map((text) => feed(() => hashSecret(text, options)))).catch((error: unknown) => {
    feed.clearQueue();
    throw error;
  });
}
