import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { API_SCHEMA_FILE, apiSchemaFresh, compareApiSchema, renderApiSchema } from "./api-schema";

const dir = mkdtempSync(join(tmpdir(), "planify-api-schema-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("gen:api freshness (npm test)", () => {
  it("fails on a stale file with a French message telling to run npm run gen:api; passes on the fresh one", async () => {
    const fresh = await renderApiSchema();
    expect(fresh).toContain('"/api/events/{id}"');
    const stale = join(dir, "schema.generated.ts");
    // A field renamed on the server since the last generation: the file on disk still has the old name.
    writeFileSync(stale, fresh.replace("checkedBy", "checkedByOld"));
    expect(await apiSchemaFresh(stale)).toEqual({ name: "types du client à jour (gen:api)", ok: false });
    const { message } = compareApiSchema(stale, fresh);
    expect(message).toContain("Types du client périmés");
    expect(message).toContain("Lance `npm run gen:api`");
    writeFileSync(stale, fresh);
    expect((await apiSchemaFresh(stale)).ok).toBe(true);
  }, 60_000);

  it("says the file is missing when there is none, and the committed file is the fresh one", async () => {
    expect(compareApiSchema(join(dir, "absent.ts"), "x").message).toContain("Types du client absents");
    expect(compareApiSchema(API_SCHEMA_FILE, await renderApiSchema()).ok).toBe(true);
  }, 60_000);
});
