import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadJwtKey } from "./bootstrap";

describe("session signing secret", () => {
  it("is generated once in the data folder, private, and reused", () => {
    const file = join(mkdtempSync(join(tmpdir(), "planify-secret-")), "jwt-secret");
    const first = loadJwtKey(file, null);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadJwtKey(file, null)).toEqual(first);
    expect(readFileSync(file, "utf8").trim()).toBe(new TextDecoder().decode(first));
  });

  it("comes from PLANIFY_JWT_SECRET when given, which must be long enough", () => {
    const file = join(mkdtempSync(join(tmpdir(), "planify-secret-")), "jwt-secret");
    expect(new TextDecoder().decode(loadJwtKey(file, "s".repeat(40)))).toBe("s".repeat(40));
    expect(() => loadJwtKey(file, "court")).toThrow("PLANIFY_JWT_SECRET doit contenir au moins 32 caractères.");
  });

  it("refuses an emptied secret file with a French explanation", () => {
    const file = join(mkdtempSync(join(tmpdir(), "planify-secret-")), "jwt-secret");
    writeFileSync(file, "\n");
    expect(() => loadJwtKey(file, null)).toThrow(/est vide ou trop court : supprimez-le/);
  });
});
