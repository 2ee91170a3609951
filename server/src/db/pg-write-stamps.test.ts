import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describePg, usePgCluster } from "../../test/pg/suite";
import { cachedRowById } from "../lib/cache";
import { engineOf } from "./engine";
import { openPostgres, type PostgresHandle } from "./postgres";
import { reachOf } from "./pg-write-stamps";
import { sessions, users } from "./schema";

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

// The cached rows of the session check (users, sessions) outlive writes to other tables on
// PostgreSQL, and still give way to every write that can change them.
describePg("per-table write stamps on PostgreSQL", { timeout: 60_000 }, () => {
  const cluster = usePgCluster();
  let handle: PostgresHandle;
  const deps = () => ({ db: handle.db, engine: handle.engine });
  const session = () => cachedRowById(deps(), "sessions", sessions, "s1", 10);
  const user = () => cachedRowById(deps(), "users", users, "u1", 10);
  // A change made behind the engine's back (as by another program): only a re-read sees it.
  const behind = (text: string) => handle.client.unsafe(text);

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
    await handle.engine.raw.run("WITH gone AS (SELECT 1) DELETE FROM coin_ledger WHERE reason = 'nothing'");
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
