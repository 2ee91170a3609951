import { afterAll, beforeAll, expect, it } from "vitest";
import { diskStorage } from "../../lib/storage/disk";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { sql } from "drizzle-orm";
import { openDatabase } from "../client";
import { applyPgMigrations } from "../migrate-pg";
import { seedDemo } from "../../demo/seed";
import type { AppDeps } from "../../deps";
import { inspectDatabase } from "../../backup/manifest";
import { describePg, usePgCluster } from "../../../test/pg/suite";
import { copyTables, readTable, type CopySide } from "./copy";
import { inPostgres, readSqliteFile, writeSqliteFile } from "./ends";
import { COPY_ORDER } from "./tables";

// The copier between engines: the demo school from a SQLite file into PostgreSQL and back into
// a new SQLite file, every row of every table the same, read in small pages.
const dir = mkdtempSync(join(tmpdir(), "planify-copy-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function allRows(side: CopySide): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const pair of COPY_ORDER) {
    out[pair.name] = [];
    for await (const rows of readTable(side, pair, 1000)) out[pair.name]!.push(...rows);
  }
  return out;
}

it("orders every table after the tables its foreign keys point to, list_versions last", () => {
  const names = COPY_ORDER.map((t) => t.name);
  expect(names.length).toBe(new Set(names).size);
  expect(names.indexOf("users")).toBeLessThan(names.indexOf("tasks"));
  expect(names.indexOf("tasks")).toBeLessThan(names.indexOf("task_states"));
  expect(names.indexOf("redeem_codes")).toBeLessThan(names.indexOf("redeem_code_uses"));
  expect(names.at(-1)).toBe("list_versions");
});

describePg("copying a school between SQLite and PostgreSQL", { timeout: 120_000 }, () => {
  const cluster = usePgCluster();
  const source = join(dir, "source.db");
  beforeAll(async () => {
    const handle = openDatabase(source);
    const deps = {
      db: handle.db,
      engine: handle.engine,
      settings: { trustProxy: false, maxUploadBytes: 1 << 20, publicUrl: null, contactTo: null, version: "test" },
      jwtKey: new TextEncoder().encode("copy-test-secret-copy-test-secret-0123"),
      uploadsDir: join(dir, "uploads"),
      storage: diskStorage(join(dir, "uploads")),
      now: Date.now,
      mailer: null,
      log: () => {},
      instanceId: "copy-test",
    } as AppDeps;
    expect(await seedDemo(deps)).toBe(true);
    handle.close();
  }, 120_000);

  it("copies every row both ways, sets the identity sequences past the ids, and counts each table", async () => {
    const expected = inspectDatabase(source, "test").counts;
    const client = new SQL({ url: await cluster().createDatabase({ empty: true }), max: 1 });
    try {
      await applyPgMigrations(client);
      const from = readSqliteFile(source);
      const told: string[] = [];
      let before: Record<string, unknown[]>;
      try {
        before = await allRows(from.side);
        // Pages of 7 rows: the keyset walks composite keys (task_states, user_items…) page after page.
        const result = await inPostgres(client, "write", (to) =>
          copyTables(from.side, to, { batchRows: 7, onTable: (name) => told.push(name) }),
        );
        for (const pair of COPY_ORDER) expect([pair.name, result.counts[pair.name]]).toEqual([pair.name, expected[pair.name]]);
        expect(told).toEqual(COPY_ORDER.map((t) => t.name));
        expect(result.counts.users).toBeGreaterThan(5);
        expect(result.counts.tasks).toBeGreaterThan(5);
      } finally {
        from.close();
      }
      // A new ledger row after the copy takes the next id, not one already copied.
      const [{ max }] = await client`SELECT MAX(id)::int AS max FROM coin_ledger`;
      const [row] = await client`INSERT INTO coin_ledger (user_id, coins_delta, leaderboard_delta, faction_delta, reason, created_at)
        SELECT id, 1, 0, 0, 'test', 0 FROM users LIMIT 1 RETURNING id::int AS id`;
      expect(row.id).toBe(max + 1);
      await client`DELETE FROM coin_ledger WHERE id = ${row.id}`;

      const back = join(dir, "back.db");
      const inPg = await inPostgres(client, "snapshot", async (pg) => {
        const rows = await allRows(pg);
        await writeSqliteFile(back, (to) => copyTables(pg, to));
        return rows;
      });
      const copy = readSqliteFile(back);
      try {
        const after = await allRows(copy.side);
        for (const pair of COPY_ORDER) {
          expect([pair.name, inPg[pair.name]]).toEqual([pair.name, before![pair.name]]);
          expect([pair.name, after[pair.name]]).toEqual([pair.name, before![pair.name]]);
        }
      } finally {
        copy.close();
      }
      expect(inspectDatabase(back, "test").counts).toEqual(expected);
    } finally {
      await client.close();
    }
  });

  it("rolls the target back when a row cannot be written, leaving it as it was", async () => {
    const client = new SQL({ url: await cluster().createDatabase({ empty: true }), max: 1 });
    try {
      await applyPgMigrations(client);
      const from = readSqliteFile(source);
      try {
        const failing = inPostgres(client, "write", async (to) => {
          await copyTables(from.side, to);
          await (to.db as { execute(q: unknown): Promise<unknown> }).execute(sql`SELECT 1 / 0`);
        });
        await expect(failing).rejects.toThrow(/SELECT 1 \/ 0/);
      } finally {
        from.close();
      }
      const [{ n }] = await client`SELECT COUNT(*)::int AS n FROM users`;
      const [{ f }] = await client`SELECT COUNT(*)::int AS f FROM factions`;
      expect([n, f]).toEqual([0, 2]);
    } finally {
      await client.close();
    }
  });
});
