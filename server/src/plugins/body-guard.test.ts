import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../test/helpers";

let ctx: TestContext;
afterEach(() => ctx?.close());

const form = () => {
  const f = new FormData();
  f.append("files", new File([new Uint8Array(1024)], "a.pdf", { type: "application/pdf" }));
  return f;
};

describe("bodies are judged before they are read", () => {
  it("refuses multipart bodies outside the upload routes", async () => {
    ctx = createTestApp();
    const res = await ctx.request("POST", "/api/contact", { body: form() });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ success: false, message: "Envoi de fichiers non accepté ici." });
  });

  it("refuses an upload without a valid session before parsing it", async () => {
    ctx = createTestApp();
    const res = await ctx.request("POST", "/api/events/nope/submissions", { body: form(), token: "forged.token.value" });
    expect(res.status).toBe(401);
  });

  it("refuses a streamed JSON body and a too large one over real HTTP", async () => {
    ctx = createTestApp();
    const server = ctx.app.listen({ port: 0, hostname: "127.0.0.1" });
    try {
      const url = `http://127.0.0.1:${server.server!.port}/api/users/login`;
      const stream = new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode('{"username":"a",'));
          c.enqueue(new TextEncoder().encode('"password":"b"}'));
          c.close();
        },
      });
      const chunked = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: stream });
      expect(chunked.status).toBe(400);
      expect(await chunked.json()).toMatchObject({ message: "Longueur de requête manquante." });
      const big = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: `{"username":"${"a".repeat(9 * 1024 * 1024)}"}` });
      expect(big.status).toBe(413);
    } finally {
      server.stop();
    }
  });
});
