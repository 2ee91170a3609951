import { SQL } from "bun";
import { afterEach, expect, it } from "vitest";
import { describePg, usePgCluster } from "./suite";

// drizzle-pg/0003_write-notifications: every table announces its writes on channel
// planify_writes (the other nodes' caches hear them, db/pg-write-stamps.ts). A table added by a
// later migration without the trigger would leave the other nodes serving what it held.
describePg("write notifications on PostgreSQL", () => {
  const cluster = usePgCluster();
  let sql: SQL;
  afterEach(async () => {
    await sql.close();
  });

  // live_events is read by no cache: its rows reach the nodes on their own channel (planify_live).
  it("every table of the schema but live_events has the planify_writes trigger", async () => {
    sql = new SQL(await cluster().createDatabase());
    const missing: { name: string }[] = await sql`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname NOT IN ('__planify_migrations', 'live_events')
        AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'planify_writes')`;
    expect(missing.map((t) => t.name)).toEqual([]);
    const [tables] = await sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`;
    expect(tables.n).toBeGreaterThan(30);
  });

  it("a transaction announces each table it wrote once, on commit, and a rolled-back one nothing", async () => {
    const url = await cluster().createDatabase();
    sql = new SQL(url);
    const heard: string[] = [];
    const listener = new SQL(url);
    const subscription = await listener.listen("planify_writes", (table) => heard.push(table));
    try {
      await sql.begin(async (tx) => {
        await tx`INSERT INTO users (id, username, username_key, password_hash, role, created_at, updated_at) VALUES ('a', 'a', 'a', 'x', 'eleve', '', '')`;
        await tx`UPDATE users SET coins = 5 WHERE id = 'a'`;
        await tx`INSERT INTO coin_ledger (user_id, coins_delta, leaderboard_delta, faction_delta, reason, created_at) VALUES ('a', 5, 0, 0, 'test', 0)`;
        await Bun.sleep(50);
        expect(heard).toEqual([]);
      });
      const until = async (n: number) => {
        for (const t0 = performance.now(); heard.length < n && performance.now() - t0 < 2000; ) await Bun.sleep(10);
      };
      await until(3);
      // The coins alone changed by the UPDATE: announced as that row (drizzle-pg/0004).
      expect([...heard].sort()).toEqual(["coin_ledger", "users", "users#a"]);
      await sql
        .begin(async (tx) => {
          await tx`UPDATE users SET coins = 9 WHERE id = 'a'`;
          await tx`SELECT 1/0`;
        })
        .catch(() => undefined);
      // A deleted user takes its rows of every table holding them (ON DELETE CASCADE / SET NULL):
      // each of those tables is announced, once.
      await sql`DELETE FROM users WHERE id = 'a'`;
      await until(4);
      await Bun.sleep(100);
      const afterDelete = heard.slice(3);
      expect(afterDelete).toEqual(expect.arrayContaining(["users", "sessions", "task_states", "reminder_devices"]));
      expect(new Set(afterDelete).size).toBe(afterDelete.length);
    } finally {
      await subscription.unlisten();
      await listener.close();
    }
  });

  it("a change of users' balances alone announces each row it changed; setting any other column of users, the table", async () => {
    const url = await cluster().createDatabase();
    sql = new SQL(url);
    await sql.unsafe(`INSERT INTO users (id, username, username_key, password_hash, role, created_at, updated_at)
      SELECT 'u' || i, 'u' || i, 'u' || i, 'x', 'eleve', '', '' FROM generate_series(1, 3) i`);
    const heard: string[] = [];
    const listener = new SQL(url);
    const subscription = await listener.listen("planify_writes", (table) => heard.push(table));
    /** What `statement` announces (a marker notification after it closes the batch). */
    const announced = async (statement: string) => {
      heard.length = 0;
      await sql.unsafe(statement);
      await sql`SELECT pg_notify('planify_writes', 'zz_marker')`;
      for (const t0 = performance.now(); !heard.includes("zz_marker") && performance.now() - t0 < 2000; ) await Bun.sleep(10);
      return heard.filter((t) => t !== "zz_marker").sort();
    };
    try {
      expect(await announced("UPDATE users SET coins = coins + 5, faction_coins = 2 WHERE id IN ('u1', 'u2')")).toEqual([
        "users#u1",
        "users#u2",
      ]);
      // Nothing changed: nothing to hear.
      expect(await announced("UPDATE users SET coins = coins WHERE id = 'u1'")).toEqual([]);
      expect(await announced("UPDATE users SET coins = 7, first_name = 'Léa' WHERE id = 'u3'")).toEqual(["users", "users#u3"]);
      // Set, even to the value it had: the table.
      expect(await announced("UPDATE users SET role = role WHERE id = 'u1'")).toEqual(["users"]);
      expect(
        await announced(
          "INSERT INTO users (id, username, username_key, password_hash, role, created_at, updated_at) VALUES ('n', 'n', 'n', 'x', 'eleve', '', '')",
        ),
      ).toEqual(["users"]);
    } finally {
      await subscription.unlisten();
      await listener.close();
    }
  });

  it("every column of users but the balances is one planify_writes_update watches", async () => {
    sql = new SQL(await cluster().createDatabase());
    const unwatched: { name: string }[] = await sql`
      SELECT a.attname AS name FROM pg_attribute a
      WHERE a.attrelid = 'users'::regclass AND a.attnum > 0 AND NOT a.attisdropped
        AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = a.attrelid AND g.tgname = 'planify_writes_update' AND a.attnum = ANY (g.tgattr))
      ORDER BY a.attname`;
    expect(unwatched.map((c) => c.name)).toEqual(["coins", "faction_coins", "leaderboard_coins"]);
  });
});
