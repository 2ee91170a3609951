import { bigint } from "drizzle-orm/pg-core";

/**
 * SQLite's `integer` (64-bit: ids, counts, ms timestamps) as PostgreSQL `bigint`, read back as a
 * JS number like bun:sqlite's (every value Planify stores is far below 2^53).
 */
export const int = (name: string) => bigint(name, { mode: "number" });
