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

  it("every table of the schema has the planify_writes trigger", async () => {
    sql = new SQL(await cluster().createDatabase());
    const missing: { name: string }[] = await sql`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> '__planify_migrations'
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
      await until(2);
      expect([...heard].sort()).toEqual(["coin_ledger", "users"]);
      await sql
        .begin(async (tx) => {
          await tx`UPDATE users SET coins = 9 WHERE id = 'a'`;
          await tx`SELECT 1/0`;
        })
        .catch(() => undefined);
      // A deleted user takes its rows of every table holding them (ON DELETE CASCADE / SET NULL):
      // each of those tables is announced, once.
      await sql`DELETE FROM users WHERE id = 'a'`;
      await until(3);
      await Bun.sleep(100);
      const afterDelete = heard.slice(2);
      expect(afterDelete).toEqual(expect.arrayContaining(["users", "sessions", "task_states", "reminder_devices"]));
      expect(new Set(afterDelete).size).toBe(afterDelete.length);
    } finally {
      await subscription.unlisten();
      await listener.close();
    }
  });
});
