import { afterAll, describe, expect, it } from "vitest";
import { appPerFile, createTestApp, everyActor, scenarioTests } from "../../../test/helpers";
import { s3Storage } from "../../lib/storage";
import { testS3Endpoint } from "../../../test/s3/storage";

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

describe("readiness and liveness: the same answer for every caller, signed in or not", () => {
  const env = appPerFile();
  const everyone = { guest: 200, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };
  scenarioTests(
    [
      ...everyActor({ method: "GET", url: "/api/health/ready" }, everyone, "ready", { 200: { status: "ok", version: "test" } }),
      ...everyActor({ method: "GET", url: "/api/health/live" }, everyone, "alive", {
        200: (json) => expect(json).toEqual({ status: "ok", version: "test" }),
      }),
    ],
    () => env,
  );
});

describe("readiness and liveness (several nodes, graceful restarts)", () => {
  it("/health/ready answers as /health; a node asked to stop is not ready but still alive", async () => {
    const lifecycle = { stopping: false };
    const down = createTestApp({ lifecycle });
    try {
      expect((await down.request("GET", "/api/health/ready")).status).toBe(200);
      lifecycle.stopping = true;
      for (const path of ["/api/health", "/api/health/ready"]) {
        const res = await down.request("GET", path);
        expect(res.status).toBe(503);
        expect(await res.json()).toMatchObject({ status: "stopping", engine: down.deps.engine.kind });
      }
      const live = await down.request("GET", "/api/health/live");
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: "ok", version: "test" });
    } finally {
      down.close();
    }
  });

  it("a node whose database is gone is not ready, yet alive: an orchestrator does not restart it for that", async () => {
    const down = createTestApp({ log: () => undefined });
    await down.deps.engine.close();
    expect((await down.request("GET", "/api/health/ready")).status).toBe(503);
    expect((await down.request("GET", "/api/health/live")).status).toBe(200);
  });
});

describe("GET /api/health and file storage", () => {
  it("names where uploaded files live", async () => {
    const ctx = createTestApp();
    const res = await ctx.request("GET", "/api/health");
    // The server-s3 project's apps really keep their files in the test bucket.
    expect(await res.json()).toMatchObject({ status: "ok", storage: testS3Endpoint() ? "s3" : "disk" });
    ctx.close();
  });

  it("answers 503 storage-unavailable when the S3 bucket does not answer", async () => {
    const logged: string[] = [];
    // A bucket on a port nobody listens on (the port of a server just stopped).
    const closed = Bun.serve({ port: 0, fetch: () => new Response() });
    const port = closed.port;
    await closed.stop(true);
    const storage = s3Storage({
      bucket: "absent",
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: "x",
      secretAccessKey: "y",
      region: "us-east-1",
    });
    const ctx = createTestApp({ storage, log: (_level, message) => logged.push(message) });
    const res = await ctx.request("GET", "/api/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "storage-unavailable", storage: "s3", engine: ctx.deps.engine.kind });
    expect(logged).toContain("health: the S3 bucket does not answer");
    ctx.close();
  });
});
