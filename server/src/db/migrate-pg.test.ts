import { SQL } from "bun";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sql";
import { afterEach, expect, it } from "vitest";
import { describePg, usePgCluster } from "../../test/pg/suite";
import { MIGRATIONS as PG_MIGRATIONS } from "./embedded-migrations-pg";
import { applyPgMigrations, appliedPgMigrations } from "./migrate-pg";
import * as schema from "./schema-pg";

describePg("applyPgMigrations", () => {
  const cluster = usePgCluster();
  const open: SQL[] = [];
  const connect = async (options: { empty?: boolean } = {}) => {
    const sql = new SQL(await cluster().createDatabase(options));
    open.push(sql);
    return sql;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  const tags = PG_MIGRATIONS.map((m) => m.tag);

  it("applies every migration to a new database, and nothing on the second run", async () => {
    const sql = await connect({ empty: true });
    expect(await applyPgMigrations(sql)).toEqual(tags);
    expect(await appliedPgMigrations(sql)).toEqual(tags);
    const [users] = await sql`SELECT to_regclass('users') IS NOT NULL AS present`;
    expect(users.present).toBe(true);
    // The seed rows of SQLite's migrations are there too.
    expect((await sql`SELECT name, total_coins FROM factions ORDER BY name`).map((r: { name: string }) => r.name)).toEqual([
      "Bagnat",
      "Fermier",
    ]);
    expect(await applyPgMigrations(sql)).toEqual([]);
  });

  it("two servers starting at once on a new database apply each migration once", async () => {
    const url = await cluster().createDatabase({ empty: true });
    const [a, b] = [new SQL(url), new SQL(url)];
    open.push(a, b);
    const [doneA, doneB] = await Promise.all([applyPgMigrations(a), applyPgMigrations(b)]);
    expect([...doneA, ...doneB].sort()).toEqual(tags);
    expect(await appliedPgMigrations(a)).toEqual(tags);
  });

  it("refuses a database migrated by a newer Planify, with the French message, and changes nothing", async () => {
    const sql = await connect({ empty: true });
    await applyPgMigrations(sql, "1.0.0", PG_MIGRATIONS.slice(0, 1));
    await sql`INSERT INTO __planify_migrations (tag, applied_at) VALUES ('9999_from-the-future', '2030-01-01T00:00:00.000Z')`;
    await expect(applyPgMigrations(sql, "1.2.3")).rejects.toThrow(
      "Cette base a été écrite par une version plus récente de Planify (migration 9999_from-the-future inconnue de la version 1.2.3). " +
        "Installez la version à jour de planify-server, ou restaurez une sauvegarde faite avec cette version. Rien n'a été modifié.",
    );
    expect(await appliedPgMigrations(sql)).toEqual(["0000_init", "9999_from-the-future"]);
    const [triggers] = await sql`SELECT count(*)::int AS n FROM pg_trigger WHERE NOT tgisinternal`;
    expect(triggers.n).toBe(0);
  });

  it("a migration that fails leaves nothing of itself behind", async () => {
    const sql = await connect();
    const broken = {
      tag: "9999_broken",
      sql: "CREATE TABLE half_done (id int);\n--> statement-breakpoint\nSELECT no_such_column FROM users;",
    };
    await expect(applyPgMigrations(sql, "actuelle", [...PG_MIGRATIONS, broken])).rejects.toThrow(/no_such_column/);
    const [table] = await sql`SELECT to_regclass('half_done') IS NOT NULL AS present`;
    expect(table.present).toBe(false);
    expect(await appliedPgMigrations(sql)).toEqual(tags);
  });

  it("drizzle over Bun.SQL reads ids and ms timestamps as numbers, booleans and JSON as written", async () => {
    const db = drizzle({ client: await connect(), schema });
    const at = 1_795_000_000_123;
    await db
      .insert(schema.users)
      .values({ id: "ana", username: "Ana", usernameKey: "ana", passwordHash: "x", role: "eleve", createdAt: "", updatedAt: "" });
    const [row] = await db.insert(schema.coinLedger).values({ userId: "ana", coinsDelta: 5, reason: "test", createdAt: at }).returning();
    expect(row).toMatchObject({ id: 1, coinsDelta: 5, createdAt: at });
    expect(typeof row!.id).toBe("number");
    const [ana] = await db.select().from(schema.users).where(eq(schema.users.id, "ana"));
    expect(ana).toMatchObject({ leaderboardEnabled: true, mustChangePassword: false, dynamicItemVariants: {}, tokenVersion: 1 });
  });
});
