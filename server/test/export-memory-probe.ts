// Run as its own process by my-data/export-memory.test.ts: one student with `mb` MB of hand-ins
// (sparse files: real reads, no disk space) and `rows` coin-ledger and journal rows; streams
// their export and prints the peak RSS above the start and the archive size.
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { diskStorage } from "../src/lib/storage/disk";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db/client";
import type { AppDeps } from "../src/deps";
import { exportEntries } from "../src/features/my-data/export";
import { zipStream } from "../src/lib/zip";
import type { UserRow } from "../src/db/types";

const [mb, rows] = process.argv.slice(2).map(Number) as [number, number];
const dir = mkdtempSync(join(tmpdir(), "planify-export-mem-"));
const handle = openDatabase(":memory:");
try {
  const run = (sql: string, ...params: (string | number | null)[]) => handle.sqlite.query(sql).run(...params);
  const id = "0b0e5a3c-6a2f-4c6e-9a7e-1d2f3a4b5c6d";
  run(
    "INSERT INTO users (id, username, username_key, password_hash, role, created_at, updated_at) VALUES (?1, 'ana', 'ana', 'x', 'eleve', '', '')",
    id,
  );
  run(
    `INSERT INTO tasks (id, titre, type, matiere, date, heure, deadline_at, year, created_by, created_at, updated_at)
     VALUES ('t1', 'Devoir', 'devoir', 'Maths', '2026-11-20', '18:00', 0, 'BUT1', NULL, '', '')`,
  );
  mkdirSync(join(dir, "submissions", "t1"), { recursive: true });
  for (let i = 0; i < 4; i++) {
    const name = `stored-file-name-${i}.pdf`;
    const path = join(dir, "submissions", "t1", name);
    writeFileSync(path, "");
    truncateSync(path, (mb / 4) * 1024 * 1024);
    run(
      "INSERT INTO task_files (stored_name, task_id, kind, user_id, original_name, ext, size, created_at) VALUES (?1, 't1', 'submission', ?2, ?3, 'pdf', 1, 0)",
      name,
      id,
      `rendu-${i}.pdf`,
    );
  }
  handle.sqlite.transaction(() => {
    for (let i = 0; i < rows; i++) {
      run("INSERT INTO coin_ledger (user_id, coins_delta, reason, created_at) VALUES (?1, 1, 'milestone', ?2)", id, i);
      run(
        "INSERT INTO admin_journal (at, admin_id, admin_username, action, target_user_id, target_username, summary, details) VALUES (?1, 'x', 'chef', 'coins.gift', ?2, 'ana', 'Une pièce offerte à ana pour tester la mémoire', '{}')",
        i,
        id,
      );
    }
  })();
  const user = (await handle.db.select().from((await import("../src/db/schema")).users))[0] as UserRow;
  const deps = {
    db: handle.db,
    engine: handle.engine,
    uploadsDir: dir,
    storage: diskStorage(dir),
    now: () => Date.parse("2026-11-27T10:00:00Z"),
  } as AppDeps;
  Bun.gc(true);
  const start = process.memoryUsage().rss;
  let peak = 0;
  let bytes = 0;
  const reader = new Response(zipStream(await exportEntries(deps, user))).body!.getReader();
  for (let n = 0; ; n++) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes += value.length;
    if (n % 16 === 0) peak = Math.max(peak, process.memoryUsage().rss - start);
  }
  peak = Math.max(peak, process.memoryUsage().rss - start);
  console.log(JSON.stringify({ peak, bytes }));
} finally {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
}
