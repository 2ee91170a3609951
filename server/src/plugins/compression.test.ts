import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../../test/helpers";
import { createTask, taskBody } from "../features/tasks/test-support";
import { pickEncoding } from "../lib/http-cache";

// JSON answers over 1 KB go compressed when the client accepts it; small ones and clients
// that do not ask get plain JSON.
let ctx: TestContext;
let eleve: TestUser;

beforeAll(async () => {
  ctx = createTestApp();
  eleve = await ctx.user({ role: "eleve", username: "eleve", year: "BUT1", groupe: "A" });
  const prof = await ctx.user({ role: "prof", username: "prof" });
  for (let i = 0; i < 12; i++)
    await createTask(ctx, prof.token, taskBody({ titre: `Devoir ${i}`, description: `<p>Consigne ${i} : lire le chapitre ${i}.</p>` }));
});
afterAll(() => ctx.close());

const events = (encoding?: string) =>
  ctx.request("GET", "/api/events", { token: eleve.token, headers: encoding ? { "accept-encoding": encoding } : {} });

describe("compression", () => {
  it("gzip when the client accepts only gzip: the bytes inflate to the same list", async () => {
    const plain = await (await events()).text();
    expect(plain.length).toBeGreaterThan(1024);
    const res = await events("gzip, deflate");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toContain("accept-encoding");
    const body = new Uint8Array(await res.arrayBuffer());
    expect(body.length).toBeLessThan(plain.length / 2);
    const json = JSON.parse(new TextDecoder().decode(Bun.gunzipSync(body))) as { events: { titre: string }[] };
    expect(json.events.map((e) => e.titre)).toContain("Devoir 11");
    expect(JSON.stringify(json)).toBe(plain);
  });

  it("brotli when the browser offers it", async () => {
    const res = await events("gzip, deflate, br, zstd");
    expect(res.headers.get("content-encoding")).toBe("br");
    const text = brotliDecompressSync(new Uint8Array(await res.arrayBuffer())).toString("utf8");
    expect(JSON.parse(text)).toMatchObject({ success: true });
  });

  it("no Accept-Encoding, or an encoding refused with q=0: plain JSON", async () => {
    for (const res of [await events(), await events("identity"), await events("gzip;q=0, br;q=0")]) {
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(((await res.json()) as { events: unknown[] }).events).toHaveLength(12);
    }
  });

  it("a small answer stays uncompressed even when gzip is accepted", async () => {
    const res = await ctx.request("GET", "/api/coins/user-coins", { token: eleve.token, headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.json()).toMatchObject({ success: true, coins: 0 });
  });

  it("an error answer keeps its status and envelope", async () => {
    const res = await ctx.request("GET", "/api/events?before=x", { token: eleve.token, headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it("reads Accept-Encoding as browsers and tools write it", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("GZIP")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("*")).toBe("gzip");
    expect(pickEncoding("deflate")).toBeNull();
    expect(pickEncoding(null)).toBeNull();
  });
});
