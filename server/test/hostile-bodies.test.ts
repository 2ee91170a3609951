import { describe, expect, it } from "vitest";
import { serverPerFile } from "./process";

// Deeply nested JSON against the real server process, with a health probe running beside
// it: the server must refuse each body at once and keep answering everyone else. Before,
// 100,000 nested arrays held the whole server for 5-13 s and answered 500.
const live = serverPerFile("hostile");

const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

/** Polls /api/health every 10 ms until `until` settles; returns the slowest answer in ms. */
async function healthProbe(until: Promise<unknown>): Promise<number> {
  let settled = false;
  void until.finally(() => (settled = true));
  let slowest = 0;
  do {
    const started = performance.now();
    const res = await fetch(`${live.url}/api/health`);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    slowest = Math.max(slowest, performance.now() - started);
    await Bun.sleep(10);
  } while (!settled);
  return slowest;
}

async function send(path: string, body: string, token?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const started = performance.now();
  const res = await fetch(`${live.url}${path}`, { method: "POST", headers, body });
  const json = (await res.json()) as { message?: string; code?: string };
  return { status: res.status, json, ms: performance.now() - started };
}

describe("nested bodies against the running server", { timeout: 60_000 }, () => {
  // [who, route, body, expected status, expected message]
  const cases: [string, string, string, boolean, number, string][] = [
    ["guest", "/api/users/secret-questions", nested(100_000), false, 401, "Session expirée. Veuillez vous reconnecter."],
    ["guest", "/api/users-admin", nested(100_000), false, 401, "Session expirée. Veuillez vous reconnecter."],
    ["guest", "/api/users/login", nested(100_000), false, 413, "Requête trop volumineuse."],
    ["guest", "/api/users/login", nested(8_000), false, 400, "Données trop imbriquées."],
    ["guest", "/api/contact", nested(30_000), false, 400, "Données trop imbriquées."],
    ["admin", "/api/users-admin", nested(100_000), true, 413, "Requête trop volumineuse."],
    ["admin", "/api/users/secret-questions", nested(8_000), true, 400, "Données trop imbriquées."],
    ["admin", "/api/events", nested(100_000), true, 400, "Données trop imbriquées."],
    ["admin", "/api/popups/send", nested(1_000_000), true, 400, "Données trop imbriquées."],
  ];

  it.each(cases)("%s → %s is refused at once while /api/health keeps answering", async (_who, path, body, signedIn, status, message) => {
    const answer = send(path, body, signedIn ? live.adminToken : undefined);
    const slowestHealth = await healthProbe(answer);
    const { status: got, json, ms } = await answer;
    expect(got).toBe(status);
    expect(json.message).toBe(message);
    // Loose bounds for a busy 2-core machine; measured figures are a few ms.
    expect(ms).toBeLessThan(1000);
    expect(slowestHealth).toBeLessThan(500);
  });
});
