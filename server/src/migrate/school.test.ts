import { afterAll, beforeAll, expect, it } from "vitest";
import { Database } from "bun:sqlite";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { openDatabase } from "../db/client";
import { applyMigrations, MIGRATIONS_TABLE } from "../db/migrate";
import { MIGRATIONS } from "../db/embedded-migrations";
import { describePg, usePgCluster } from "../../test/pg/suite";
import { migrateSchool } from "./school";

// The refusals of `planify-server migrate` and what they leave behind: nothing written to
// PostgreSQL, the SQLite file as it was.
const root = mkdtempSync(join(tmpdir(), "planify-migrate-school-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
/** A data folder holding a new school's SQLite file (migrated, admin-less). */
function folder(): string {
  const dir = join(root, `ecole-${++n}`);
  mkdirSync(dir);
  openDatabase(join(dir, "planify.db")).close();
  return dir;
}

async function tableCount(url: string): Promise<number> {
  const client = new SQL({ url, max: 1 });
  try {
    const [row] = await client`SELECT COUNT(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`;
    return Number(row.n);
  } finally {
    await client.close();
  }
}

describePg("planify-server migrate refuses", { timeout: 120_000 }, () => {
  const cluster = usePgCluster();
  let empty = "";
  beforeAll(async () => {
    empty = await cluster().createDatabase({ empty: true });
  });

  it("a SQLite file written by a newer version", async () => {
    const dir = folder();
    const db = new Database(join(dir, "planify.db"));
    db.exec(`INSERT INTO ${MIGRATIONS_TABLE} (tag, applied_at) VALUES ('9999_futur', '2030-01-01')`);
    db.close();
    const before = readFileSync(join(dir, "planify.db"));
    await expect(migrateSchool({ dataDir: dir, to: empty, files: "disque", version: "1.0.0" })).rejects.toThrow(
      /^Migration impossible : base SQLite du dossier : elle vient d'une version plus récente de Planify \(migration 9999_futur inconnue de la version 1\.0\.0\)/,
    );
    expect(readFileSync(join(dir, "planify.db")).equals(before)).toBe(true);
    expect(await tableCount(empty)).toBe(0);
  });

  it("a damaged SQLite file", async () => {
    const dir = folder();
    const file = join(dir, "planify.db");
    const bytes = readFileSync(file);
    bytes.fill(0x5a, 4096, 8192);
    writeFileSync(file, bytes);
    await expect(migrateSchool({ dataDir: dir, to: empty, files: "disque", version: "test" })).rejects.toThrow(
      /^Migration impossible : base SQLite du dossier : (la base est corrompue|ce n'est pas une base SQLite valide)[\s\S]* Aucune donnée n'a été écrite dans PostgreSQL/,
    );
    expect(await tableCount(empty)).toBe(0);
  });

  it("a folder without a school, and a PostgreSQL out of reach, without its password", async () => {
    await expect(migrateSchool({ dataDir: join(root, "rien"), to: empty, files: "disque", version: "test" })).rejects.toThrow(
      /^Aucune école à migrer : .*planify\.db n'existe pas/,
    );
    await expect(
      migrateSchool({ dataDir: folder(), to: "postgres://planify:tres-secret@127.0.0.1:1/planify", files: "disque", version: "test" }),
    ).rejects.toThrow(/^Migration impossible : la base PostgreSQL postgres:\/\/planify:\*\*\*@127\.0\.0\.1:1\/planify est injoignable/);
  });

  it("a PostgreSQL database written by a newer version, and then moves an older SQLite school through a temporary copy", async () => {
    const newer = await cluster().createDatabase();
    const client = new SQL({ url: newer, max: 1 });
    await client.unsafe(`INSERT INTO ${MIGRATIONS_TABLE} (tag, applied_at) VALUES ('9999_futur', '2030-01-01')`);
    await client.close();
    const dir = folder();
    await expect(migrateSchool({ dataDir: dir, to: newer, files: "disque", version: "test" })).rejects.toThrow(
      /^Migration impossible : cette base a été écrite par une version plus récente de Planify \(migration 9999_futur/,
    );
    // An older school (written before this binary's last migration): moved all the same, its file unchanged.
    const olderDir = join(root, "ancienne");
    mkdirSync(olderDir);
    const older = join(olderDir, "planify.db");
    const db = new Database(older);
    applyMigrations(db, "ancienne", MIGRATIONS.slice(0, -1));
    db.close();
    copyFileSync(older, join(root, "reference.db"));
    const result = await migrateSchool({ dataDir: olderDir, to: empty, files: "disque", version: "test" });
    expect(result.tables).toBeGreaterThan(40);
    expect(readFileSync(older).equals(readFileSync(join(root, "reference.db")))).toBe(true);
  });
});
