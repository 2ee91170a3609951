// The uploaded files a school's rows point to, read through each feature's own list (the ones
// the start-up sweep keeps): what a backup archives and what a migration checks.
import { Database } from "bun:sqlite";
import { relative, sep } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import type { Db } from "../db/client";
import type { Storage } from "../lib/storage";
import { chosenEngine } from "../db/engine-choice";
import * as sqliteSchema from "../db/schema/sqlite";
import { sqliteEngine } from "../db/client";
import { referencedItemAssets } from "../features/item-creator/assets";
import { referencedProfileMedia } from "../lib/profile-media";
import { referencedTaskFiles } from "../features/tasks/files-service";
import { referencedProposalFiles } from "../features/proposals";

/** A table this snapshot's schema does not have yet points to no file (a backup taken before the migration that added it). */
async function orNone(read: () => Map<string, string> | Promise<Map<string, string>>): Promise<Map<string, string>> {
  try {
    return await read();
  } catch (error) {
    if (/no such (table|column)/.test(error instanceof Error ? error.message : "")) return new Map();
    throw error;
  }
}

/**
 * Files the rows of `db` point to, relative to the uploads folder ("/"-separated), sorted.
 * `db` is a drizzle handle of the engine this process serves on: the features' queries name
 * that engine's tables (db/schema/index.ts). Avatars and music are found by listing where the
 * files live (`storage`: the bucket, or by default the uploads folder).
 */
export async function referencedUploads(db: object, uploadsDir: string, storage?: Storage): Promise<string[]> {
  const deps = { db: db as Db, uploadsDir, storage };
  const kinds = await Promise.all([
    orNone(() => referencedTaskFiles(deps)),
    orNone(() => referencedProfileMedia(deps)),
    orNone(() => referencedItemAssets(deps)),
    orNone(() => referencedProposalFiles(deps)),
  ]);
  const paths = kinds.flatMap((m) => [...m.values()]).map((p) => relative(uploadsDir, p).split(sep).join("/"));
  return [...new Set(paths)].sort();
}

/** True when the features' queries can run on a SQLite file in this process (it serves on SQLite). */
export const sqliteTablesInUse = () => chosenEngine() === "sqlite";

/**
 * The files a SQLite snapshot's rows point to, read on a drizzle handle opened read-only on
 * it (the features' queries are the same awaited ones as on the live database). Only in a
 * process serving on SQLite: on PostgreSQL the references are read in the snapshot's own
 * transaction instead (backup/pg-snapshot.ts).
 */
export async function referencedInSnapshot(snapshot: string, uploadsDir: string, storage?: Storage): Promise<string[]> {
  const sqlite = new Database(snapshot, { readonly: true });
  try {
    const db = sqliteEngine(sqlite, drizzle({ client: sqlite, schema: sqliteSchema }), () => {}).db;
    return await referencedUploads(db, uploadsDir, storage);
  } finally {
    sqlite.close();
  }
}
