import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parisDate, parisParts } from "@planify/common/time/paris-time";
import { DEFAULT_REMINDER_PREFS } from "@planify/common/constants/reminders";
import { taskBody } from "../src/features/tasks/test-support";
import { decryptPush, startPushStandIn, type PushStandIn } from "./push-stand-in";
import { ensureWebAssetMap, postJson, startServer, type RunningServer } from "./process";

// A real `kill -9` of the server while it is sending a reminder, then a restart on the same
// data folder: the reminder reaches the (stand-in) push service again with the same tag and
// topic, so the device shows it once; one already sent is never sent again. Runs the
// compiled dist/planify-server when it has been built, else the same server from source.
const BINARY = join(process.env.PLANIFY_DIST_DIR ?? join(fileURLToPath(new URL("../..", import.meta.url)), "dist"), "planify-server");
const dir = mkdtempSync(join(tmpdir(), "planify-reminders-crash-"));
const ADMIN = "admin-des-rappels-2026";
// A send cut by the crash belongs to its run for 2 s here (2 minutes by default, since on several
// nodes a younger claim is another node's send under way).
const env = {
  PLANIFY_ADMIN_PASSWORD: ADMIN,
  PLANIFY_PUSH_ALLOW_LOCAL: "1",
  PLANIFY_REMINDER_INTERVAL_SECONDS: "1",
  PLANIFY_REMINDER_STALE_SECONDS: "2",
};
const running: RunningServer[] = [];
let push: PushStandIn;

const start = async () => {
  const s = await startServer(dir, env, 60_000, existsSync(BINARY) ? [BINARY] : undefined);
  running.push(s);
  return s;
};
beforeAll(() => {
  if (!existsSync(BINARY)) ensureWebAssetMap();
  push = startPushStandIn();
});
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
  push.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function login(s: RunningServer, username: string, password: string): Promise<string> {
  const res = await postJson(`${s.url}/api/users/login`, { username, password });
  expect(res.status).toBe(200);
  return String(res.json!.token);
}
async function send(s: RunningServer, method: string, path: string, token: string, body: unknown) {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}
/** A task whose "2 hours before" reminder is already due: deadline in 1 h 58 min (Paris date and time). */
function dueSoon(titre: string) {
  const deadline = Date.now() + (2 * 60 - 2) * 60_000 + 60_000;
  const p = parisParts(deadline);
  return taskBody({ titre, date: parisDate(deadline), heure: `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}` });
}
async function until(what: string, check: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}
const forTask = (sub: ReturnType<PushStandIn["subscribe"]>, titre: string) =>
  push.received
    .map((r) => ({ r, m: decryptPush(sub, r.body) as { title: string; tag: string } }))
    .filter((x) => x.m.title === `Rappel : ${titre}`);

describe("reminders survive a kill -9", { timeout: 180_000 }, () => {
  it("a send cut by the crash goes out again once after the restart; a finished one never again", async () => {
    const first = await start();
    const admin = await login(first, "admin", ADMIN);
    expect(
      (
        await postJson(
          `${first.url}/api/users/register`,
          { username: "lea", password: "motdepasse-lea-1", role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" },
          admin,
        )
      ).status,
    ).toBe(201);
    const lea = await login(first, "lea", "motdepasse-lea-1");
    // Quiet hours twelve hours away, so that the test runs at any time of day.
    const h = (parisParts(Date.now()).hour + 12) % 24;
    const quiet = { quietStart: `${String(h).padStart(2, "0")}:00`, quietEnd: `${String(h).padStart(2, "0")}:30` };
    const settings = { ...DEFAULT_REMINDER_PREFS, ...quiet, devoir: { eveningBefore: false, eveningTime: "18:00", hoursBefore: 2 } };
    // The exam evening hour (18:00) must stay out of them too.
    if (h === 18) settings.exam = { ...settings.exam, eveningTime: "12:00" };
    expect((await send(first, "PUT", "/api/reminders/settings", lea, settings)).status).toBe(200);
    const sub = push.subscribe("lea-phone");
    expect(
      (
        await send(first, "POST", "/api/reminders/subscriptions", lea, {
          kind: "push",
          subscription: { endpoint: sub.endpoint, keys: sub.keys },
        })
      ).status,
    ).toBe(201);

    // The push service takes the request and never answers: the server is mid-send when killed.
    push.answer = "hang";
    expect((await send(first, "POST", "/api/events", admin, dueSoon("Coupé en plein envoi"))).status).toBe(201);
    await until("the first send", () => push.received.length === 1);
    expect(await first.stop("SIGKILL")).not.toBe(0);

    push.answer = 201;
    const second = await start();
    await until("the resend after restart", () => push.received.length === 2);
    await Bun.sleep(3_000); // three more ticks
    const cut = forTask(sub, "Coupé en plein envoi");
    expect(cut).toHaveLength(2);
    expect(cut[1]!.m).toEqual(cut[0]!.m);
    expect(cut[1]!.r.headers.topic).toBe(cut[0]!.r.headers.topic);

    // A reminder that went through, then a kill -9 and a restart: not sent again.
    const admin2 = await login(second, "admin", ADMIN);
    expect((await send(second, "POST", "/api/events", admin2, dueSoon("Déjà envoyé"))).status).toBe(201);
    await until("the second task's reminder", () => forTask(sub, "Déjà envoyé").length === 1);
    await Bun.sleep(1_500);
    await second.stop("SIGKILL");
    const third = await start();
    await Bun.sleep(4_000);
    expect(forTask(sub, "Déjà envoyé")).toHaveLength(1);
    expect(forTask(sub, "Coupé en plein envoi")).toHaveLength(2);
    await third.stop();
  });
});
