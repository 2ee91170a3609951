// Fixtures of the rollover tests: an app on a database file (the backup needs one) and a
// factory of imported students. Not a test file itself.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dataPaths, ensureDir } from "../../bootstrap";
import { users } from "../../db/schema";
import { openDatabase } from "../../db/client";
import { newId } from "../../lib/ids";
import { createTestApp, type TestContext } from "../../../test/helpers";

/** A test app whose database is a file in a fresh data folder, with backups in `<data>/backups`. */
export function fileBackedApp(backupDir?: string): TestContext & { dataDir: string; backupDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), "planify-rollover-"));
  const paths = dataPaths(dataDir);
  ensureDir(paths.uploads);
  const handle = openDatabase(paths.db);
  const dir = backupDir ?? join(dataDir, "backups");
  const ctx = createTestApp({
    db: handle.db,
    engine: handle.engine,
    uploadsDir: paths.uploads,
    backup: { dataDir, dir, secretFromEnv: false },
  });
  return { ...ctx, dataDir, backupDir: dir, close: () => handle.close() };
}

/** Inserts `perYear` students in each of BUT1, BUT2, BUT3 (usernames stu-but1-0001…), groups A/B, track devweb. */
export async function importStudents(ctx: TestContext, perYear: number): Promise<void> {
  const at = new Date(ctx.clock.now).toISOString();
  await ctx.deps.db.transaction(async (tx) => {
    for (const year of ["BUT1", "BUT2", "BUT3"]) {
      for (let i = 1; i <= perYear; i++) {
        const username = `stu-${year.toLowerCase()}-${String(i).padStart(4, "0")}`;
        await tx.insert(users).values({
          id: newId(),
          username,
          usernameKey: username,
          passwordHash: "imported",
          role: "eleve",
          year,
          groupe: i % 2 ? "A" : "B",
          specialite: "devweb",
          createdAt: at,
          updatedAt: at,
        });
      }
    }
  });
}
