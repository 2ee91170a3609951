import { describe, expect, it } from "vitest";
import { MIGRATIONS as SQLITE } from "../../server/src/db/embedded-migrations";
import { MIGRATIONS as PG } from "../../server/src/db/embedded-migrations-pg";
import { MIGRATION_SETS, readMigrations } from "./embed-migrations";

// npm test: the binary carries exactly the committed migrations of both engines. A .sql changed
// or added without `npm run db:generate` (which re-embeds) fails here with the folder's name.
describe("embedded migrations are fresh", () => {
  const [sqlite, pg] = MIGRATION_SETS;
  it.each([
    ["server/drizzle", sqlite.folder, SQLITE],
    ["server/drizzle-pg", pg.folder, PG],
  ])("%s", (_name, folder, embedded) => {
    expect(embedded).toEqual(readMigrations(folder));
  });
});
