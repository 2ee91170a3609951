import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { AppDeps } from "./deps";
import { users } from "./db/schema";
import { randomToken } from "./lib/ids";
import { createUser } from "./features/users/service";
import { JWT_SECRET_MIN_LENGTH } from "./config";
import { first } from "./db/engine";

/** Data folder layout. */
export function dataPaths(dataDir: string) {
  return {
    db: join(dataDir, "planify.db"),
    uploads: join(dataDir, "uploads"),
    secret: join(dataDir, "jwt-secret"),
    /** Web Push (VAPID) key pair, created at first start. */
    vapid: join(dataDir, "vapid-keys.json"),
    /** Holds the PID of the server using this folder while it runs. */
    pid: join(dataDir, "planify.pid"),
    /** Locked by the running server for as long as it lives (see data-lock.ts). */
    lock: join(dataDir, "planify.lock"),
  };
}

/** The PID of a live server recorded in `pidFile`, or null (no file, or a stale one). */
export function runningServerPid(pidFile: string): number | null {
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else: still running.
    return (error as { code?: string }).code === "EPERM" ? pid : null;
  }
}

/** The signing key: from the environment, else kept in the data folder (created once, mode 600). */
export function loadJwtKey(secretFile: string, fromEnv: string | null): Uint8Array {
  if (fromEnv) {
    if (fromEnv.length < JWT_SECRET_MIN_LENGTH) {
      throw new Error(`PLANIFY_JWT_SECRET doit contenir au moins ${JWT_SECRET_MIN_LENGTH} caractères.`);
    }
    return new TextEncoder().encode(fromEnv);
  }
  if (!existsSync(secretFile)) {
    writeFileSync(secretFile, randomToken(48), { mode: 0o600 });
    chmodSync(secretFile, 0o600);
  }
  const kept = readFileSync(secretFile, "utf8").trim();
  if (kept.length < JWT_SECRET_MIN_LENGTH) {
    throw new Error(
      `Le fichier ${secretFile} est vide ou trop court : supprimez-le pour en générer un nouveau (les sessions ouvertes seront fermées).`,
    );
  }
  return new TextEncoder().encode(kept);
}

export function ensureDir(path: string) {
  mkdirSync(path, { recursive: true });
}

/**
 * On a database without an admin, creates `admin` with the given password or a random
 * one that is printed once. Returns the password when one was generated. Several nodes
 * starting together on an empty database each try: the one whose account lands wins, and the
 * others, refused, find that admin and go on.
 */
export async function ensureAdmin(deps: AppDeps, password: string | null): Promise<{ created: boolean; generated: string | null }> {
  const anAdmin = async () => first(deps.db.select({ id: users.id }).from(users).where(eq(users.role, "admin")));
  if (await anAdmin()) return { created: false, generated: null };
  const generated = password ? null : randomToken(12);
  try {
    await createUser(deps, { username: "admin", password: password ?? generated!, role: "admin" });
  } catch (error) {
    if (await anAdmin()) return { created: false, generated: null };
    throw error;
  }
  return { created: true, generated };
}
