import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describePg, usePgCluster } from "../../test/pg/suite";
import { cachedRowById } from "../lib/cache";
import { engineOf } from "./engine";
import { openPostgres, type PostgresHandle } from "./postgres";
import { balanceRowOf, DEAF_SLICE_MS, reachOf, withParts, WriteStamps } from "./pg-write-stamps";
import { applyLedger, setBalance } from "../lib/ledger";
import { setBalanceJournaled } from "../lib/ledger-statement";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as pg from "./schema-pg";

// PostgreSQL's own tables, whichever engine this test process was started for (db/schema hands
// out SQLite's in the SQLite project), under the SQLite types the services use.
type Keyed = SQLiteTable & { id: SQLiteColumn };
const users = pg.users as unknown as Keyed & typeof import("./schema").users;
const sessions = pg.sessions as unknown as Keyed & typeof import("./schema").sessions;

/**
 * Waits until `node` has heard every write committed so far: PostgreSQL delivers a listener's
 * notifications in commit order, so once a marker sent now is heard, the earlier ones were.
 */
async function heardSoFar(node: PostgresHandle): Promise<void> {
  const before = node.engine.writeStamp("zz_marker");
  await node.client.unsafe("SELECT pg_notify('planify_writes', 'zz_marker')");
  for (let waited = 0; node.engine.writeStamp("zz_marker") === before; waited += 5) {
    if (waited > 5000) throw new Error("the marker notification never came back");
    await Bun.sleep(5);
  }
}

describe("what a write to a table may change (reachOf)", () => {
  it("follows foreign-key actions transitively, and gives up on tables with triggers", () => {
    const reach = reachOf(
      [
        ["users", "sessions"],
        ["users", "coin_ledger"],
        ["sessions", "session_notes"],
        ["users", "task_states"],
      ],
      new Set(["task_states", "tasks"]),
    );
    expect(reach.get("sessions")).toEqual(["sessions", "session_notes"]);
    expect(reach.get("coin_ledger")).toEqual(["coin_ledger"]);
    // Deleting a user deletes task states, whose trigger writes the list's counters: anything.
    expect(reach.get("users")).toBeNull();
    expect(reach.get("tasks")).toBeNull();
  });
});

describe("a node that cannot hear the others (LISTEN refused)", () => {
  it("keeps what its caches read DEAF_SLICE_MS at most: its stamps move with time alone", () => {
    let now = 200 * DEAF_SLICE_MS;
    const stamps = new WriteStamps(() => now);
    const [all, users] = [stamps.stamp(), stamps.stamp("users")];
    now += 2 * DEAF_SLICE_MS;
    // Hearing the others, nothing moves without a write.
    expect([stamps.stamp(), stamps.stamp("users")]).toEqual([all, users]);
    stamps.deafen();
    const [deafAll, deafUsers] = [stamps.stamp(), stamps.stamp("users")];
    now += DEAF_SLICE_MS - 1;
    expect([stamps.stamp(), stamps.stamp("users")]).toEqual([deafAll, deafUsers]);
    now += 1;
    expect(stamps.stamp("users")).not.toBe(deafUsers);
    expect(stamps.stamp()).not.toBe(deafAll);
  });
});

describe("the statements of a data-modifying WITH (withParts)", () => {
  it("splits the parts and the final statement, skipping parentheses inside quotes", () => {
    expect(
      withParts(`WITH o AS MATERIALIZED (SELECT coins AS before FROM users WHERE id = ?1 FOR NO KEY UPDATE),
u AS (UPDATE users SET coins = ?2 WHERE id = ?1 AND EXISTS (SELECT FROM o) RETURNING (SELECT before FROM o) AS before),
"j" AS NOT MATERIALIZED (INSERT INTO admin_journal (summary, details) SELECT ')(' || before, jsonb_build_object('a"(', 1) FROM u)
SELECT * FROM u`),
    ).toEqual([
      "SELECT coins AS before FROM users WHERE id = ?1 FOR NO KEY UPDATE",
      "UPDATE users SET coins = ?2 WHERE id = ?1 AND EXISTS (SELECT FROM o) RETURNING (SELECT before FROM o) AS before",
      `INSERT INTO admin_journal (summary, details) SELECT ')(' || before, jsonb_build_object('a"(', 1) FROM u`,
      "SELECT * FROM u",
    ]);
    expect(withParts("WITH x AS (SELECT 'it''s (') DELETE FROM sessions")).toEqual(["SELECT 'it''s ('", "DELETE FROM sessions"]);
  });

  it("gives up on what it cannot split for sure", () => {
    expect(withParts("UPDATE users SET coins = 1 WHERE id = ?1")).toBeNull();
    expect(withParts("WITH RECURSIVE r AS (SELECT 1) DELETE FROM sessions")).toBeNull();
    expect(withParts("WITH r (n) AS (SELECT 1) DELETE FROM sessions")).toBeNull();
    expect(withParts("WITH r AS (SELECT ')' DELETE FROM sessions")).toBeNull();
    expect(withParts("WITH r AS (SELECT 1 DELETE FROM sessions")).toBeNull();
  });
});

describe("a change of one user's balances alone (balanceRowOf)", () => {
  it("names the user of the ledger's statements, and nothing else", () => {
    const apply = `UPDATE users SET coins = coins + ?1, leaderboard_coins = leaderboard_coins + ?2, faction_coins = faction_coins + ?3
  WHERE id = ?4 AND coins + ?1 >= 0 AND leaderboard_coins + ?2 >= 0 AND faction_coins + ?3 >= 0
  RETURNING coins, leaderboard_coins AS "leaderboardCoins", faction_coins AS "factionCoins"`;
    expect(balanceRowOf(apply, [5, 0, 0, "u1"])).toBe("u1");
    expect(balanceRowOf("UPDATE users SET faction_coins = ?1 WHERE id = ?2 RETURNING coins", [3, "u7"])).toBe("u7");
    // Another column, another row set, another value's source, no id: the whole table.
    expect(balanceRowOf("UPDATE users SET coins = ?1, first_name = ?2 WHERE id = ?3", [1, "x", "u1"])).toBeNull();
    expect(balanceRowOf("UPDATE users SET coins = ?1 WHERE id = ?2 OR role = 'admin'", [1, "u1"])).toBeNull();
    expect(balanceRowOf("UPDATE users SET coins = (SELECT count(*) FROM tasks) WHERE id = ?1", ["u1"])).toBeNull();
    expect(balanceRowOf("UPDATE users SET coins = token_version WHERE id = ?1", ["u1"])).toBeNull();
    expect(balanceRowOf("UPDATE users SET coins = 0 WHERE role = ?1", ["eleve"])).toBeNull();
    expect(balanceRowOf("UPDATE users SET coins = ?1 WHERE id = ?2", [1])).toBeNull();
    expect(balanceRowOf('update "users" set "coins" = $1 where "users"."id" = $2', [1, "u1"])).toBeNull();
  });
});

// The cached rows of the session check (users, sessions) outlive writes to other tables on
// PostgreSQL, and still give way to every write that can change them.
describePg("per-table write stamps on PostgreSQL", { timeout: 60_000 }, () => {
  const cluster = usePgCluster();
  let handle: PostgresHandle;
  const deps = () => ({ db: handle.db, engine: handle.engine });
  const session = () => cachedRowById(deps(), "sessions", sessions, "s1", 10);
  const user = () => cachedRowById(deps(), "users", users, "u1", 10);
  // A change made behind the engine's back and unannounced (no trigger runs, so no node hears
  // of it, as no write of Planify's is): only a re-read sees it.
  const behind = (text: string) =>
    handle.client.begin(async (tx) => {
      await tx.unsafe("SET LOCAL session_replication_role = replica");
      await tx.unsafe(text);
    });

  beforeAll(async () => {
    handle = await openPostgres({ url: await cluster().createDatabase(), poolMax: 4 });
    await handle.catalogRead;
    const raw = handle.engine.raw;
    await raw.run(
      "INSERT INTO users (id, username, username_key, password_hash, role, created_at, updated_at) VALUES ('u1', 'lea', 'lea', 'x', 'eleve', '2026-09-01', '2026-09-01')",
    );
    await raw.run(
      "INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, device, ip, method) VALUES ('s1', 'u1', 1, 1, 9e12, 'd', 'i', 'password')",
    );
    await heardSoFar(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("a ledger and a journal write leave the cached session and user in place", async () => {
    expect((await session())?.device).toBe("d");
    expect((await user())?.firstName).toBe("");
    await behind("UPDATE sessions SET device = 'changed behind' WHERE id = 's1'");
    await behind("UPDATE users SET first_name = 'Léa' WHERE id = 'u1'");
    const everyWrite = handle.engine.writeStamp();
    await handle.db.transaction(async (tx) => {
      await engineOf(tx).raw.run(
        "INSERT INTO coin_ledger (user_id, coins_delta, leaderboard_delta, faction_delta, reason, created_at) VALUES ('u1', 5, 0, 0, 'test', 1)",
      );
      await engineOf(tx).raw.run(
        "INSERT INTO admin_journal (at, admin_id, admin_username, action, summary, details) VALUES (1, 'u1', 'lea', 'test', 'essai', '{}')",
      );
    });
    expect(handle.engine.writeStamp()).not.toBe(everyWrite);
    expect((await session())?.device).toBe("d");
    expect((await user())?.firstName).toBe("");
  });

  it("a change of a user's coins through the ledger re-reads that user alone", async () => {
    const other = () => cachedRowById(deps(), "users", users, "u9", 10);
    await handle.engine.raw.run(
      "INSERT INTO users (id, username, username_key, password_hash, role, created_at, updated_at) VALUES ('u9', 'noa', 'noa', 'x', 'eleve', '2026-09-01', '2026-09-01')",
    );
    // The insert's notification must be in before the stamp is taken (it moves the users stamp).
    await heardSoFar(handle);
    expect((await user())?.coins).toBe(0);
    expect((await other())?.firstName).toBe("");
    await behind("UPDATE users SET first_name = 'Noa' WHERE id = 'u9'");
    const usersStamp = handle.engine.writeStamp("users");
    await handle.db.transaction((tx) => applyLedger(tx, { userId: "u1", coins: 30, reason: "test", at: 1 }));
    expect(handle.engine.writeStamp("users")).toBe(usersStamp);
    expect(Number((await user())?.coins)).toBe(30);
    // Still held: its row was not written.
    expect((await other())?.firstName).toBe("");
    await handle.db.transaction((tx) => setBalance(tx, { userId: "u1", field: "coins", value: 12, reason: "test", at: 2 }));
    expect(Number((await user())?.coins)).toBe(12);
    // A refused change writes nothing and keeps nothing stale either.
    await expect(handle.db.transaction((tx) => applyLedger(tx, { userId: "u1", coins: -50, reason: "test", at: 3 }))).rejects.toThrow();
    expect(Number((await user())?.coins)).toBe(12);
  });

  it("an admin's balance edit in one statement (a WITH) re-reads that user alone, and writes nothing under another name", async () => {
    const other = () => cachedRowById(deps(), "users", users, "u9", 10);
    expect(Number((await user())?.coins)).toBe(12);
    expect((await other())?.firstName).toBe("");
    await heardSoFar(handle);
    const usersStamp = handle.engine.writeStamp("users");
    const edit = (username: string, value: number) =>
      setBalanceJournaled(handle.db, {
        userId: "u1",
        field: "coins",
        value,
        reason: "admin-set",
        reference: "admin:u9",
        at: 7,
        username,
        journal: {
          actor: { id: "u9", username: "noa" },
          action: "coins.set",
          summary: { before: "coins de lea : ", after: ` → ${value}` },
        },
      });
    expect(await edit("lea", 70)).toEqual({ before: 12, coins: 70, leaderboardCoins: 0, factionCoins: 0 });
    expect(handle.engine.writeStamp("users")).toBe(usersStamp);
    expect(Number((await user())?.coins)).toBe(70);
    // Still held: neither this user's row nor the session was written.
    expect((await other())?.firstName).toBe("");
    expect((await session())?.device).toBe("d");
    const raw = handle.engine.raw;
    const ledger = () => raw.all<{ d: string }>("SELECT coins_delta AS d FROM coin_ledger WHERE reason = 'admin-set' ORDER BY id");
    const journal = () =>
      raw.all<{ summary: string; details: unknown; target: string }>(
        `SELECT summary, details, target_username AS target FROM admin_journal WHERE action = 'coins.set' ORDER BY id`,
      );
    expect((await ledger()).map((r) => Number(r.d))).toEqual([58]);
    expect(await journal()).toEqual([{ summary: "coins de lea : 12 → 70", details: { coins: { before: 12, after: 70 } }, target: "lea" }]);
    // The same value again: no ledger row, the journal line all the same (as setBalance's way).
    expect(await edit("lea", 70)).toEqual({ before: 70, coins: 70, leaderboardCoins: 0, factionCoins: 0 });
    expect((await ledger()).length).toBe(1);
    expect((await journal()).length).toBe(2);
    // Another name (a rename since) or another id: nothing written.
    expect(await edit("léa", 5)).toBeNull();
    expect((await ledger()).length).toBe(1);
    expect((await journal()).length).toBe(2);
    expect(Number((await user())?.coins)).toBe(70);
  });

  it("an update of users (drizzle's text) re-reads users, not sessions; a delete from users re-reads sessions", async () => {
    await handle.db.update(users).set({ lastName: "Martin" }).where(eq(users.id, "u1"));
    expect(await user()).toMatchObject({ firstName: "Léa", lastName: "Martin" });
    // No ON UPDATE action: an update of users changes no session.
    expect((await session())?.device).toBe("d");
    // ON DELETE CASCADE: a deleted user's sessions go with it.
    await handle.db.delete(users).where(eq(users.id, "nobody"));
    expect((await session())?.device).toBe("changed behind");
  });

  it("a write to a table with triggers, or one whose table cannot be read, re-reads everything", async () => {
    await behind("UPDATE sessions SET device = 'again' WHERE id = 's1'");
    await handle.engine.raw.run("WITH gone (n) AS (SELECT 1) DELETE FROM coin_ledger WHERE reason = 'nothing'");
    expect((await session())?.device).toBe("again");
    await behind("UPDATE sessions SET device = 'tasks' WHERE id = 's1'");
    await handle.engine.raw.run("DELETE FROM tasks WHERE id = 'none'");
    expect((await session())?.device).toBe("tasks");
  });

  it("a read that overlapped a write to its table is not kept", async () => {
    await behind("UPDATE sessions SET device = 'before' WHERE id = 's1'");
    await handle.engine.raw.run("DELETE FROM sessions WHERE id = 'nobody'");
    const reading = session();
    await handle.engine.raw.run("DELETE FROM sessions WHERE id = 'nobody'");
    expect((await reading)?.device).toBe("before");
    await behind("UPDATE sessions SET device = 'after' WHERE id = 's1'");
    expect((await session())?.device).toBe("after");
  });
});

// Two nodes on one database: each hears the other's writes (drizzle-pg/0003's notifications)
// and lets go of what they may have changed.
describePg("writes heard from another node", { timeout: 60_000 }, () => {
  const cluster = usePgCluster();
  let a: PostgresHandle;
  let b: PostgresHandle;
  const sessionOn = (node: PostgresHandle) => cachedRowById({ db: node.db, engine: node.engine }, "sessions", sessions, "s2", 10);
  /** The value `read` gives once it is `expected`, within `ms` (null when it never is). */
  const within = async <T>(ms: number, read: () => Promise<T> | T, expected: T): Promise<number | null> => {
    const t0 = performance.now();
    while (performance.now() - t0 < ms) {
      if ((await read()) === expected) return performance.now() - t0;
      await Bun.sleep(10);
    }
    return null;
  };

  beforeAll(async () => {
    const url = await cluster().createDatabase();
    a = await openPostgres({ url, poolMax: 2 });
    b = await openPostgres({ url, poolMax: 2 });
    await Promise.all([a.catalogRead, b.catalogRead]);
    await b.engine.raw.run(
      "INSERT INTO users (id, username, username_key, password_hash, role, created_at, updated_at) VALUES ('u2', 'noe', 'noe', 'x', 'eleve', '2026-09-01', '2026-09-01')",
    );
    await b.engine.raw.run(
      "INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, device, ip, method) VALUES ('s2', 'u2', 1, 1, 9e12, 'phone', 'i', 'password')",
    );
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("a session revoked on node B is seen on node A within a second, and a deleted user's session is gone", async () => {
    expect((await sessionOn(a))?.device).toBe("phone");
    await b.db.update(sessions).set({ revokedAt: 5 }).where(eq(sessions.id, "s2"));
    expect(await within(1000, async () => (await sessionOn(a))?.revokedAt ?? null, 5)).not.toBeNull();
    // The cascade from users to sessions is its own statement, heard as a write to sessions.
    await b.db.delete(users).where(eq(users.id, "u2"));
    expect(await within(1000, async () => (await sessionOn(a)) ?? null, null)).not.toBeNull();
  });

  it("coins given on node B are seen on node A within a second, and A's other cached users stay in memory", async () => {
    for (const [id, name] of [
      ["u3", "ines"],
      ["u4", "yanis"],
    ])
      await b.engine.raw.run(
        `INSERT INTO users (id, username, username_key, password_hash, role, created_at, updated_at) VALUES ('${id}', '${name}', '${name}', 'x', 'eleve', '2026-09-01', '2026-09-01')`,
      );
    await heardSoFar(a);
    const userOn = (id: string) => cachedRowById({ db: a.db, engine: a.engine }, "users", users, id, 10);
    expect((await userOn("u3"))?.coins).toBe(0);
    expect((await userOn("u4"))?.coins).toBe(0);
    const usersStamp = a.engine.writeStamp("users");
    await b.db.transaction((tx) => applyLedger(tx, { userId: "u3", coins: 40, reason: "test", at: 1 }));
    expect(await within(1000, async () => Number((await userOn("u3"))?.coins), 40)).not.toBeNull();
    await heardSoFar(a);
    expect(a.engine.writeStamp("users")).toBe(usersStamp);
    expect(a.engine.rowStamp("users", "u4")).toBe(0);
  });
});
