import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/helpers";

// What a load balancer and the set-up check read: the engine, and a 503 when the database is gone.
describe("GET /api/health", () => {
  const ctx = createTestApp();
  afterAll(() => ctx.close());

  it("names the database engine the server runs on", async () => {
    const res = await ctx.request("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", engine: ctx.deps.engine.kind });
  });

  it("answers 503 database-unavailable when the database does not answer", async () => {
    const logged: string[] = [];
    const down = createTestApp({ log: (_level, message) => logged.push(message) });
    await down.deps.engine.close();
    const res = await down.request("GET", "/api/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "database-unavailable", engine: down.deps.engine.kind });
    expect(logged).toContain("health: the database does not answer");
  });
});
