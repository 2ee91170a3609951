import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PG_TEST_FILES, SQLITE_ONLY_TEST_FILES } from "./files";

// A new server test file must say where it runs: on PostgreSQL too (PG_TEST_FILES), or on
// SQLite only with a reason. Without this, a file left out of both would silently skip PostgreSQL.
const root = join(import.meta.dirname, "../../..");

function serverTestFiles(): string[] {
  return ["server/src", "server/test"].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".test.ts") && !name.split("/").includes("node_modules"))
      .map((name) => relative(root, join(root, dir, name))),
  );
}

describe("where each server test file runs", () => {
  const sqliteOnly = Object.keys(SQLITE_ONLY_TEST_FILES);

  it("every server test file is in exactly one of PG_TEST_FILES and SQLITE_ONLY_TEST_FILES", () => {
    const files = serverTestFiles();
    expect(files.length).toBeGreaterThan(100);
    const listedTwice = files.filter((f) => PG_TEST_FILES.includes(f) && sqliteOnly.includes(f));
    const unlisted = files.filter((f) => !PG_TEST_FILES.includes(f) && !sqliteOnly.includes(f));
    expect({ listedTwice, unlisted }).toEqual({ listedTwice: [], unlisted: [] });
  });

  it("every listed file exists, once, and every SQLite-only file gives its reason", () => {
    const files = new Set(serverTestFiles());
    expect([...PG_TEST_FILES, ...sqliteOnly].filter((f) => !files.has(f))).toEqual([]);
    expect(PG_TEST_FILES.length).toBe(new Set(PG_TEST_FILES).size);
    expect(Object.entries(SQLITE_ONLY_TEST_FILES).filter(([, reason]) => reason.trim().length < 10)).toEqual([]);
  });
});
