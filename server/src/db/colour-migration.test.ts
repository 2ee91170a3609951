import { Database } from "bun:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { borderColor } from "@planify/common/constants/border-colors";
import { MIGRATIONS } from "./embedded-migrations";
import { applyMigrations } from "./migrate";

/** The colour ids of the catalogue before the move to the catalogue of record, in item number order (100–143). */
const OLD_IDS = [
  "black",
  "white",
  "red",
  "orange",
  "yellow",
  "green",
  "blue",
  "purple",
  "pink",
  "grey",
  "gold",
  "silver",
  "bronze",
  "neon",
  "mint",
  "lavender",
  "coral",
  "turquoise",
  "burgundy",
  "emerald",
  "sapphire",
  "ruby",
  "amethyst",
  "copper",
  "khaki",
  "navy",
  "salmon",
  "peach",
  "sand",
  "chocolate",
  "cherry",
  "lime",
  "sky",
  "sunset",
  "ocean",
  "forest",
  "fire",
  "ice",
  "candy",
  "night",
  "aurora",
  "royal",
  "peach-melba",
  "rainbow",
];
const oldNumber = (id: string) => (/^g\d+$/.test(id) ? Number(id.slice(1)) : 100 + OLD_IDS.indexOf(id));
const OLD_G = Array.from({ length: 32 }, (_, i) => `g${200 + i}`);

let sqlite: Database;
afterEach(() => sqlite?.close());

/** A database at the first migration, filled the way the old code wrote colours. */
function oldDatabase() {
  sqlite = new Database(":memory:", { strict: true });
  sqlite.exec("PRAGMA foreign_keys = ON");
  applyMigrations(sqlite, "ancienne", MIGRATIONS.slice(0, 1));
  const now = new Date(0).toISOString();
  const addUser = (id: string, selected: string, coins: number) => {
    sqlite
      .query(
        "INSERT INTO users (id, username, username_key, password_hash, role, selected_border_color, coins, created_at, updated_at) VALUES (?, ?, ?, 'x', 'eleve', ?, ?, ?, ?)",
      )
      .run(id, id, id, selected, coins, now, now);
    sqlite.query("INSERT INTO coin_ledger (user_id, coins_delta, reason, created_at) VALUES (?, ?, 'demo', 0)").run(id, coins);
  };
  const own = (userId: string, colorId: string, at: number, source = "purchase") =>
    sqlite
      .query("INSERT INTO user_items (user_id, item_id, color_id, source, acquired_at) VALUES (?, ?, ?, ?, ?)")
      .run(userId, oldNumber(colorId), colorId, source, at);
  addUser("ana", "coral", 10);
  own("ana", "coral", 1);
  own("ana", "orange", 2, "gift");
  own("ana", "sky", 3, "code");
  own("ana", "g205", 4);
  sqlite.query("INSERT INTO user_items (user_id, item_id, source, acquired_at) VALUES ('ana', 3, 'purchase', 5)").run();
  sqlite.query("INSERT INTO user_economy (user_id, loss_streak, discord_variant, jojo_variant) VALUES ('ana', 1, 2, 1)").run();
  sqlite
    .query("INSERT INTO coin_ledger (user_id, coins_delta, reason, reference, created_at) VALUES ('ana', 0, 'purchase', 'color:coral', 1)")
    .run();
  addUser("ben", "black", 0);
  addUser("all", "navy", 0);
  for (const [i, id] of [...OLD_IDS, ...OLD_G].entries()) own("all", id, i);
  sqlite
    .query(
      "INSERT INTO daily_shops (paris_day, item_ids, color_ids, created_at) VALUES ('2026-11-23', '[1,2,3]', '[\"coral\",\"orange\",\"sky\"]', 0)",
    )
    .run();
  sqlite
    .query(
      "INSERT INTO redeem_codes (id, code, reward_type, items, colors, max_uses, created_at) VALUES ('c1', 'CADEAU25', 'border-color', '[]', '[\"ruby\",\"ocean\",\"g210\"]', 5, 0)",
    )
    .run();
  return sqlite;
}

const all = <T>(sql: string, ...args: string[]) => sqlite.query<T, string[]>(sql).all(...args);

describe("migration to the border colours of record", () => {
  it("moves owned, selected, shop, code and ledger colour ids; refunds a colour that merges into one already owned", () => {
    oldDatabase();
    expect(applyMigrations(sqlite).slice(0, 2)).toEqual(["0001_colour-default", "0002_colour-ids"]);
    const owned = (userId: string) =>
      all<{ item_id: number; color_id: string | null; source: string }>(
        "SELECT item_id, color_id, source FROM user_items WHERE user_id = ? ORDER BY acquired_at",
        userId,
      );
    // coral and orange both become orange: the older row (coral, bought) stays, orange's old price comes back.
    expect(owned("ana")).toEqual([
      { item_id: 105, color_id: "orange", source: "purchase" },
      { item_id: 128, color_id: "winter", source: "code" },
      { item_id: 205, color_id: "g205", source: "purchase" },
      { item_id: 3, color_id: null, source: "purchase" },
    ]);
    const ana = all<{ coins: number; selected_border_color: string }>(
      "SELECT coins, selected_border_color FROM users WHERE id = 'ana'",
    )[0]!;
    expect(ana).toEqual({ coins: 70, selected_border_color: "orange" });
    const ledger = all<{ reason: string; reference: string | null; total: number }>(
      "SELECT reason, reference, coins_delta AS total FROM coin_ledger WHERE user_id = 'ana' ORDER BY id",
    );
    expect(ledger).toEqual([
      { reason: "demo", reference: null, total: 10 },
      { reason: "purchase", reference: "color:orange", total: 0 },
      { reason: "colour-migration", reference: "color:orange", total: 60 },
    ]);
    // Rows of the rebuilt users table's children survive (no cascade on the rebuild).
    expect(all("SELECT loss_streak, discord_variant, jojo_variant FROM user_economy WHERE user_id = 'ana'")).toEqual([
      { loss_streak: 1, discord_variant: 2, jojo_variant: 1 },
    ]);
    expect(all<{ id: string; selected_border_color: string }>("SELECT id, selected_border_color FROM users ORDER BY id")).toEqual([
      { id: "all", selected_border_color: "midnight" },
      { id: "ana", selected_border_color: "orange" },
      { id: "ben", selected_border_color: "default" },
    ]);
    expect(all("SELECT color_ids FROM daily_shops")).toEqual([{ color_ids: '["orange","winter"]' }]);
    expect(all("SELECT colors FROM redeem_codes")).toEqual([{ colors: '["pink","ocean","g210"]' }]);
  });

  it("gives every migrated colour row its new id and item number; black becomes the free default", () => {
    oldDatabase();
    applyMigrations(sqlite);
    const rows = all<{ item_id: number; color_id: string }>("SELECT item_id, color_id FROM user_items WHERE user_id = 'all'");
    expect(rows.length).toBeGreaterThan(50);
    for (const r of rows) expect([r.color_id, r.item_id]).toEqual([r.color_id, borderColor(r.color_id)?.legacyId]);
    expect(rows.map((r) => r.color_id)).not.toContain("default");
    const coins = all<{ coins: number; ledger: number }>(
      "SELECT coins, (SELECT SUM(coins_delta) FROM coin_ledger WHERE user_id = 'all') AS ledger FROM users WHERE id = 'all'",
    )[0]!;
    expect(coins.coins).toBe(coins.ledger);
    // Black needs no row; every other merged colour is one refund.
    const refunds = all("SELECT 1 FROM coin_ledger WHERE user_id = 'all' AND reason = 'colour-migration'");
    expect(refunds).toHaveLength(OLD_IDS.length + OLD_G.length - 1 - rows.length);
    expect(coins.coins).toBeGreaterThan(0);
    // New accounts start on the free default.
    sqlite
      .query(
        "INSERT INTO users (id, username, username_key, password_hash, role, created_at, updated_at) VALUES ('new', 'new', 'new', 'x', 'eleve', '', '')",
      )
      .run();
    expect(all("SELECT selected_border_color FROM users WHERE id = 'new'")).toEqual([{ selected_border_color: "default" }]);
  });
});
