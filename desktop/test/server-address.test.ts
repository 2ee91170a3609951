import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS_MESSAGES, checkServer, normaliseAddress } from "../src/main/server-address";
import { closedPort, type Running, startPlanify } from "./planify-server";

describe("address typed by the user", () => {
  it("becomes the server's origin, HTTPS unless HTTP was typed", () => {
    expect(normaliseAddress("planify.lycee.fr")).toBe("https://planify.lycee.fr");
    expect(normaliseAddress("  https://Planify.Lycee.fr/devoirs?x=1  ")).toBe("https://planify.lycee.fr");
    expect(normaliseAddress("http://192.168.1.20:3000/")).toBe("http://192.168.1.20:3000");
  });

  it("refuses what cannot be a server address", () => {
    for (const bad of [
      "",
      "   ",
      "ftp://planify.fr",
      "javascript:alert(1)",
      "https://user:pass@planify.fr",
      "planify lycee",
      "file:///etc",
    ]) {
      expect(normaliseAddress(bad), bad).toBeNull();
    }
  });
});

describe("server address check against a real Planify server", { timeout: 90_000 }, () => {
  let planify: Running;
  let other: ReturnType<typeof Bun.serve>;
  beforeAll(async () => {
    planify = await startPlanify();
    // A web server that is not Planify: an HTML page everywhere, and a JSON API of another kind.
    other = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: (req) =>
        new URL(req.url).searchParams.has("json") || req.url.includes("/json/")
          ? Response.json({ status: "up" })
          : new Response("<html><body>Intranet du lycée</body></html>", { headers: { "content-type": "text/html" } }),
    });
  });
  afterAll(async () => {
    await planify?.stop();
    await other?.stop(true);
  });

  it("a running Planify server is accepted with its version", async () => {
    const result = await checkServer(planify.origin, fetch);
    expect(result).toEqual({ ok: true, origin: planify.origin, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    // The address as a user may paste it, from the browser's address bar.
    expect(await checkServer(`${planify.origin}/devoirs`, fetch)).toMatchObject({ ok: true, origin: planify.origin });
  });

  it("a Planify server whose disk is filling up (health 503 low-disk) is still accepted", async () => {
    // A threshold no disk here reaches: this server always reports low space.
    const low = await startPlanify({ PLANIFY_DISK_MIN_FREE_MB: "100000000" });
    try {
      const health = await fetch(`${low.origin}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: "low-disk" });
      expect(await checkServer(low.origin, fetch)).toEqual({
        ok: true,
        origin: low.origin,
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      });
    } finally {
      await low.stop();
    }
    // Any other 503 is not taken for Planify.
    const busy = await checkServer("http://127.0.0.1:1", async () => Response.json({ status: "ok", version: "1.0.0" }, { status: 503 }));
    expect(busy).toMatchObject({ ok: false, reason: "not-planify" });
  });

  it("an address where nothing answers says the server does not respond", async () => {
    const result = await checkServer(`http://127.0.0.1:${await closedPort()}`, fetch);
    expect(result).toEqual({ ok: false, reason: "unreachable", message: ADDRESS_MESSAGES.unreachable });
    expect(result.ok ? "" : result.message).toBe(
      "Le serveur ne répond pas à cette adresse. Vérifiez l'adresse et votre connexion, puis réessayez.",
    );
  });

  it("another web server is not taken for Planify", async () => {
    const html = await checkServer(`http://127.0.0.1:${other.port}`, fetch);
    expect(html).toEqual({
      ok: false,
      reason: "not-planify",
      message: "Cette adresse répond, mais ce n'est pas un serveur Planify. Vérifiez l'adresse donnée par votre établissement.",
    });
    // JSON, but not Planify's health answer.
    const json = await checkServer(`http://127.0.0.1:${other.port}`, (url, init) => fetch(`${url}?json`, init));
    expect(json).toMatchObject({ ok: false, reason: "not-planify" });
  });

  it("a typo is refused before any request", async () => {
    let called = false;
    const result = await checkServer("https://", async () => {
      called = true;
      return new Response();
    });
    expect(result).toEqual({ ok: false, reason: "invalid", message: ADDRESS_MESSAGES.invalid });
    expect(called).toBe(false);
  });

  const openssl = spawnSync("openssl", ["version"]).status === 0;
  it.skipIf(!openssl)("a server with a self-signed certificate is reported as a certificate problem", async () => {
    const dir = mkdtempSync(join(tmpdir(), "planify-cert-"));
    const made = spawnSync("openssl", [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
    ]);
    expect(made.status).toBe(0);
    const tls = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      tls: { cert: readFileSync(join(dir, "cert.pem"), "utf8"), key: readFileSync(join(dir, "key.pem"), "utf8") },
      fetch: () => Response.json({ status: "ok", version: "1.0.0" }),
    });
    try {
      const result = await checkServer(`https://localhost:${tls.port}`, fetch);
      expect(result).toEqual({ ok: false, reason: "certificate", message: ADDRESS_MESSAGES.certificate });
    } finally {
      await tls.stop(true);
    }
  });

  it("Chromium's certificate errors (Electron's net.fetch) are recognised too", async () => {
    const result = await checkServer("https://planify.lycee.fr", async () => {
      throw new Error("net::ERR_CERT_AUTHORITY_INVALID");
    });
    expect(result).toMatchObject({ ok: false, reason: "certificate" });
  });
});
