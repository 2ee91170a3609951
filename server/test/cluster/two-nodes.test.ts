import { afterAll, beforeAll, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { S3Client, SQL } from "bun";
import { chromium } from "@playwright/test";
import { parisDate } from "@planify/common/time/paris-time";
import { filesForm, listFiles, taskBody } from "../../src/features/tasks/test-support";
import { call, digest, pdfBytes, type Reply, signedInPage, type Student, within } from "./client";
import { LiveReader } from "../live-client";
import { builtBinary, ensureWebAssetMap, MAIN } from "../process";
import { describePg, usePgCluster } from "../pg/suite";
import { startTestS3, type TestS3 } from "../s3/server";
import { findHaproxy, freePorts, HAPROXY_MISSING, type Haproxy, type Node, startHaproxy, startNode } from "./nodes";
import { steadyLoad } from "../steady-load";

// One file for the seven scenarios, over 400 lines on purpose: they share one setup (PostgreSQL,
// the bucket, two nodes and HAProxy, about 19 s), which vitest cannot share across files, and CI
// time is counted; the helpers are in client.ts, nodes.ts and ../steady-load.ts.
//
// Two real server processes (node A and node B, the compiled dist/planify-server when built) on
// one PostgreSQL database and one S3 bucket, with HAProxy in front of them, as a school with
// several nodes runs (issue 28): a file sent to one node is served by the other, simultaneous
// purchases on both keep one balance, a change on one node is seen on the other within a
// second (its caches, and the live stream of an app connected to the other node), a rolling restart under load loses no request and no acknowledged write, and a node
// killed during a hand-in rush loses no acknowledged hand-in while the other keeps serving.

const ADMIN_PASSWORD = "admin-cluster-2026";
const STUDENT_PASSWORD = "motdepasse-cluster";
const SHARED_ENV = {
  PLANIFY_JWT_SECRET: "cluster-test-signing-secret-0123456789abcdef",
  PLANIFY_ADMIN_PASSWORD: ADMIN_PASSWORD,
  PLANIFY_TRUST_PROXY: "1",
  PLANIFY_DRAIN_SECONDS: "3",
  PLANIFY_DISK_MIN_FREE_MB: "0",
};
const LOAD_STUDENTS = 4;
const RUSH_STUDENTS = 16;
const RUSH_DEPOSITS_EACH = 3;

describePg("two nodes behind HAProxy on one PostgreSQL and one S3 bucket", { timeout: 150_000 }, () => {
  const cluster = usePgCluster();
  const binary = builtBinary();
  const command = binary ? [binary] : [process.execPath, MAIN];
  const dirs: string[] = [];
  const newDir = (name: string) => {
    const d = mkdtempSync(join(tmpdir(), `planify-cluster-${name}-`));
    dirs.push(d);
    return d;
  };
  const nodes: Record<"a" | "b", Node | undefined> = { a: undefined, b: undefined };
  const dataDirs = { a: "", b: "" };
  const ports = { a: 0, b: 0 };
  let env: Record<string, string> = {};
  let s3: TestS3 | undefined;
  let haproxy: Haproxy | undefined;
  let db: SQL | undefined;
  let adminToken = "";
  let taskId = "";
  const students: Student[] = [];
  const node = (name: "a" | "b") => nodes[name]!;
  const proxy = () => haproxy!.url;
  const sql = () => db!;
  /** A class task for BUT1 A added through node A, `days` ahead: its id (the live tests time what follows). */
  const addTaskOnA = async (titre: string, days: number) => {
    const created = await call(
      node("a").url,
      "POST",
      "/api/events",
      adminToken,
      taskBody({ titre, date: parisDate(Date.now() + days * 86_400_000) }),
    );
    expect(created.status).toBe(201);
    return (created.json!.event as { id: string }).id;
  };

  const start = async (name: "a" | "b") => {
    nodes[name] = await startNode(name, command, ports[name], dataDirs[name], env);
    return nodes[name]!;
  };

  beforeAll(async () => {
    const haproxyBinary = findHaproxy();
    if (!haproxyBinary) throw new Error(HAPROXY_MISSING);
    if (!binary) ensureWebAssetMap();
    s3 = await startTestS3();
    const databaseUrl = await cluster().createDatabase({ empty: true });
    db = new SQL({ url: databaseUrl, max: 2 });
    env = { ...SHARED_ENV, ...s3.env, DATABASE_URL: databaseUrl };
    [ports.a, ports.b] = (await freePorts(2)) as [number, number];
    dataDirs.a = newDir("a");
    dataDirs.b = newDir("b");
    // Both at once on the empty database: one migrates and makes the admin, neither fails.
    await Promise.all([start("a"), start("b")]);
    haproxy = await startHaproxy({
      binary: haproxyBinary,
      dir: newDir("haproxy"),
      servers: [
        { name: "a", port: ports.a },
        { name: "b", port: ports.b },
      ],
    });
    await haproxy.waitFor("a", "UP");
    await haproxy.waitFor("b", "UP");

    const login = await call(proxy(), "POST", "/api/users/login", undefined, { username: "admin", password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    adminToken = login.json!.token as string;
    // Accounts made on both nodes, a few at a time (each is a password hash).
    const count = 2 + LOAD_STUDENTS + RUSH_STUDENTS;
    for (let first = 0; first < count; first += 4) {
      const batch = Array.from({ length: Math.min(4, count - first) }, (_, k) => first + k);
      students.push(
        ...(await Promise.all(
          batch.map(async (i) => {
            const base = i % 2 ? node("b").url : node("a").url;
            const username = `eleve.cluster${String(i).padStart(2, "0")}`;
            const account = { username, password: STUDENT_PASSWORD, role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" };
            const created = await call(base, "POST", "/api/users/register", adminToken, account);
            expect(created.status, JSON.stringify(created.json)).toBe(201);
            const signedIn = await call(base, "POST", "/api/users/login", undefined, { username, password: STUDENT_PASSWORD });
            expect(signedIn.status).toBe(200);
            return { username, id: signedIn.json!.id as string, token: signedIn.json!.token as string };
          }),
        )),
      );
    }
    const created = await call(
      proxy(),
      "POST",
      "/api/events",
      adminToken,
      taskBody({ titre: "Rapport de stage", date: parisDate(Date.now() + 7 * 86_400_000), submissionEnabled: true }),
    );
    expect(created.status).toBe(201);
    taskId = (created.json!.event as { id: string }).id;
  }, 240_000);

  afterAll(async () => {
    await haproxy?.stop();
    await Promise.all([nodes.a?.stop("SIGKILL"), nodes.b?.stop("SIGKILL")]);
    await db?.close();
    await s3?.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("a hand-in sent to node A downloads byte for byte from node B, and neither keeps it on its disk", async () => {
    const student = students[0]!;
    const pdf = pdfBytes(2 * 1024 * 1024 + 123, 1);
    const deposit = await call(
      node("a").url,
      "POST",
      `/api/events/${taskId}/submissions`,
      student.token,
      filesForm([["rapport à rendre.pdf", pdf]]),
    );
    expect(deposit.status).toBe(201);
    expect(deposit.json!.message).toBe("Dépôt réussi.");
    const filename = (deposit.json!.files as { filename: string; originalname: string }[]).find(
      (f) => f.originalname === "rapport à rendre.pdf",
    )!.filename;

    const download = await fetch(`${node("b").url}/api/events/${taskId}/submissions/files/${filename}/download`, {
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("rapport");
    expect(digest(await download.arrayBuffer())).toBe(digest(pdf));
    // Node B's own list of the student's hand-in names it too (read from the shared database).
    const mine = await call(node("b").url, "GET", `/api/events/${taskId}/my-submission`, student.token);
    expect(mine.status).toBe(200);
    expect((mine.json!.files as { filename: string }[]).map((f) => f.filename)).toContain(filename);
    expect(listFiles(join(dataDirs.a, "uploads"))).toEqual([]);
    expect(listFiles(join(dataDirs.b, "uploads"))).toEqual([]);
  });

  it("two purchases at the same moment, one on each node, leave one balance that matches the ledger", async () => {
    const buyer = students[1]!;
    const shop = await call(node("a").url, "GET", "/api/coins/weekly-items", buyer.token);
    expect(shop.status).toBe(200);
    const entries = (shop.json!.weeklyItems as { kind: string; id: number; colorId: string | null; price: number; owned: boolean }[])
      .filter((e) => !e.owned)
      .map((e) => ({ ref: e.kind === "color" ? e.colorId! : e.id, price: e.price }));
    expect(entries.length).toBeGreaterThanOrEqual(4);
    const setCoins = async (coins: number) => {
      const r = await call(node("a").url, "POST", "/api/users-admin", adminToken, { action: "update-coins", userId: buyer.id, coins });
      expect(r.status).toBe(200);
    };
    const buyOn = (base: string, ref: number | string) => call(base, "POST", "/api/coins/purchase", buyer.token, { itemId: ref });
    const ledger = async () => {
      const [row] = await sql()`
        SELECT (SELECT coins::int FROM users WHERE id = ${buyer.id}) AS coins,
               (SELECT coalesce(sum(coins_delta), 0)::int FROM coin_ledger WHERE user_id = ${buyer.id}) AS total,
               (SELECT count(*)::int FROM coin_ledger WHERE user_id = ${buyer.id} AND reason = 'purchase') AS purchases`;
      return row as { coins: number; total: number; purchases: number };
    };
    const coinsOn = async (base: string) => (await call(base, "GET", "/api/coins/user-coins", buyer.token)).json!.coins as number;

    // Enough for both: both go through, the wallet ends at 0, two purchase rows.
    const [x, y, z, w] = entries;
    await setCoins(x!.price + y!.price);
    const both = await Promise.all([buyOn(node("a").url, x!.ref), buyOn(node("b").url, y!.ref)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await ledger()).toEqual({ coins: 0, total: 0, purchases: 2 });
    expect(await within(1000, async () => (await coinsOn(node("a").url)) === 0 && (await coinsOn(node("b").url)) === 0)).not.toBeNull();

    // Enough for either but not both: exactly one goes through, the other is told so in French.
    const budget = Math.max(z!.price, w!.price);
    await setCoins(budget);
    const race = await Promise.all([buyOn(node("a").url, z!.ref), buyOn(node("b").url, w!.ref)]);
    const won = race.filter((r) => r.status === 200);
    const lost = race.filter((r) => r.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost.map((r) => [r.status < 500, r.json?.message])).toEqual([[true, "Pas assez de coins."]]);
    const left = budget - (race[0]!.status === 200 ? z!.price : w!.price);
    expect(won[0]!.json!.newCoins).toBe(left);
    expect(await ledger()).toEqual({ coins: left, total: left, purchases: 3 });
  });

  it("a balance set and a sign-out on node B are seen on node A within a second", async () => {
    const student = students[2]!;
    const laptop = student.token;
    const phone = (
      await call(node("a").url, "POST", "/api/users/login", undefined, { username: student.username, password: STUDENT_PASSWORD })
    ).json!.token as string;
    const coinsOnA = async (token: string) => await call(node("a").url, "GET", "/api/coins/user-coins", token);
    // Node A has the account and both sessions in memory.
    expect((await coinsOnA(laptop)).status).toBe(200);
    expect((await coinsOnA(phone)).status).toBe(200);

    const set = await call(node("b").url, "POST", "/api/users-admin", adminToken, {
      action: "update-coins",
      userId: student.id,
      coins: 4321,
    });
    expect(set.status).toBe(200);
    const seen = await within(1000, async () => (await coinsOnA(laptop)).json?.coins === 4321);
    expect(seen, "node A still shows the old balance after 1 s").not.toBeNull();

    const out = await call(node("b").url, "DELETE", "/api/users/session", laptop);
    expect([out.status, out.json?.message]).toEqual([200, "Déconnexion effectuée."]);
    const refused = await within(1000, async () => (await coinsOnA(laptop)).status === 401);
    expect(refused, "node A still accepts the closed session after 1 s").not.toBeNull();
    // Only that session ended: the phone's still works on node A.
    expect((await coinsOnA(phone)).json?.coins).toBe(4321);
  });

  it("a task added through node A reaches an app whose live stream is on node B within a second", async () => {
    const student = students[3]!;
    const res = await fetch(`${node("b").url}/api/live`, { headers: { authorization: `Bearer ${student.token}` } });
    expect([res.status, res.headers.get("content-type")]).toEqual([200, "text/event-stream; charset=utf-8"]);
    const stream = new LiveReader(res);
    try {
      // The answer's headers came: node B has the stream registered.
      const sentAt = performance.now();
      const id = await addTaskOnA("Exposé en direct", 3);
      await stream.until((events) => events.some((e) => e.kind === "tasks" && e.data.taskId === id), 1000, "the task's event on node B");
      expect(performance.now() - sentAt).toBeLessThan(1000);
      // The student's coins changed on node A: the stream on node B hears it too.
      const set = await call(node("a").url, "POST", "/api/users-admin", adminToken, {
        action: "update-coins",
        userId: student.id,
        coins: 77,
      });
      expect(set.status).toBe(200);
      await stream.next("coins", 1000);
    } finally {
      await stream.close();
    }
  });

  it("a task added through node A shows in a Chromium list connected to node B within a second, with no reload", async () => {
    const student = students[4]!;
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
    try {
      const page = await signedInPage(browser, node("b").url, student.username, STUDENT_PASSWORD);
      const streamOpen = page.waitForResponse((r) => r.url().endsWith("/api/live") && r.status() === 200, { timeout: 15_000 });
      await page.goto(`${node("b").url}/devoirs`);
      await page.getByRole("heading", { name: "Liste des devoirs" }).waitFor({ timeout: 15_000 });
      await page.getByText("Chargement des devoirs...").waitFor({ state: "detached", timeout: 15_000 });
      await page.getByText("Rapport de stage").first().waitFor({ timeout: 5000 });
      await streamOpen;
      const title = "Oral de soutenance en direct";
      const sentAt = performance.now();
      await addTaskOnA(title, 2);
      await page.getByText(title).first().waitFor({ timeout: 1000 });
      expect(performance.now() - sentAt).toBeLessThan(1000);
    } catch (error) {
      await browser
        .contexts()[0]
        ?.pages()[0]
        ?.screenshot({ path: join(tmpdir(), "planify-cluster-live.png") });
      throw error;
    } finally {
      await browser.close();
    }
  });

  it("a rolling restart under steady load through HAProxy loses no request and no acknowledged write", async () => {
    const loaders = students.slice(3, 3 + LOAD_STUDENTS);
    const failures: string[] = [];
    const unexpected: string[] = [];
    let requests = 0;
    const loadStart = Date.now();
    const date = parisDate(Date.now() + 3 * 86_400_000);

    const request = async (who: string, method: string, path: string, token: string, body: unknown, expected: number) => {
      requests++;
      const started = Date.now();
      try {
        const r = await call(proxy(), method, path, token, body);
        if (r.status >= 500) failures.push(`${who} ${method} ${path}: ${r.status} ${JSON.stringify(r.json)} at +${started - loadStart} ms`);
        else if (r.status !== expected) unexpected.push(`${who} ${method} ${path}: ${r.status} ${JSON.stringify(r.json)}`);
        return r.status === expected ? r : null;
      } catch (error) {
        failures.push(`${who} ${method} ${path}: ${error instanceof Error ? error.message : String(error)} at +${started - loadStart} ms`);
        return null;
      }
    };
    const load = steadyLoad({ students: loaders, adminToken, date, pauseMs: 40, send: request });
    const { acknowledged: acknowledgedTasks, lastBalance } = load;

    const restart = async (name: "a" | "b") => {
      const before = node(name);
      let exitedAt = 0;
      const exit = before.stop("SIGTERM").then((code) => {
        exitedAt = Date.now();
        return code;
      });
      // While it drains, the node says so on its readiness probe and still serves; HAProxy takes
      // it out before it stops accepting connections.
      const stopping = await within(1000, async () => {
        const r = await call(before.url, "GET", "/api/health/ready").catch(
          // Refused: the node has already stopped listening, which the check below reports.
          () => null,
        );
        return r?.status === 503 && r.json?.status === "stopping";
      });
      expect(stopping, `node ${name} did not answer 503 stopping on /api/health/ready`).not.toBeNull();
      await haproxy!.waitFor(name, "DOWN", 5000);
      const outAt = Date.now();
      expect(await exit, before.output()).toBe(0);
      expect(exitedAt, "HAProxy took the node out only once it had stopped").toBeGreaterThan(outAt);
      await start(name);
      await haproxy!.waitFor(name, "UP");
    };
    const answered = async () => {
      const stats = await haproxy!.stats();
      return { a: Number(stats.a!.hrsp_2xx), b: Number(stats.b!.hrsp_2xx) };
    };
    const atStart = await answered();
    await Bun.sleep(8000);
    await restart("a");
    await Bun.sleep(8000);
    await restart("b");
    // The load lasts 60 s in all (the figure), and at least 8 s after the second restart.
    await Bun.sleep(Math.max(8000, loadStart + 60_000 - Date.now()));
    await load.stop();
    expect(Date.now() - loadStart).toBeGreaterThanOrEqual(60_000);
    const atEnd = await answered();

    expect(failures).toEqual([]);
    expect(unexpected).toEqual([]);
    expect(requests).toBeGreaterThan(200);
    // Both nodes took their share of the load (round robin, each out for a few seconds).
    expect(atEnd.a - atStart.a).toBeGreaterThan(requests / 5);
    expect(atEnd.b - atStart.b).toBeGreaterThan(requests / 5);
    // Every personal task whose creation was acknowledged is in the database, once.
    for (const s of loaders) {
      const acked = acknowledgedTasks.get(s.id)!;
      expect(acked.length).toBeGreaterThan(10);
      const rows = (await sql()`SELECT id FROM personal_tasks WHERE owner_id = ${s.id}`) as { id: string }[];
      const stored = new Set(rows.map((r) => r.id));
      expect(acked.filter((id) => !stored.has(id))).toEqual([]);
    }
    // Every balance is the last one the admin was told was saved, on both nodes.
    for (const s of loaders) {
      const want = lastBalance.get(s.id)!;
      expect((await call(node("a").url, "GET", "/api/coins/user-coins", s.token)).json?.coins).toBe(want);
      expect((await call(node("b").url, "GET", "/api/coins/user-coins", s.token)).json?.coins).toBe(want);
    }
  });

  it("kill -9 of node B during a hand-in rush: every acknowledged hand-in is kept, and node A keeps serving", async () => {
    const rushers = students.slice(3 + LOAD_STUDENTS);
    const acknowledged: { student: Student; filename: string; bytes: Uint8Array }[] = [];
    const refusedAfterKill: string[] = [];
    // When node B's process was gone (its exit seen): what is sent from then on meets a dead node.
    let killedAt = 0;
    const deposit = async (s: Student, name: string, bytes: Uint8Array) => {
      const sentAt = Date.now();
      const r = await call(proxy(), "POST", `/api/events/${taskId}/submissions`, s.token, filesForm([[name, bytes]])).catch(
        // A hand-in in flight when node B died may lose its connection: the student sees an error.
        (error: unknown) => ({ status: 0, json: { error: String(error) } }) as Reply,
      );
      if (r.status === 201) {
        const file = (r.json!.files as { filename: string; originalname: string }[]).find((f) => f.originalname === name)!;
        acknowledged.push({ student: s, filename: file.filename, bytes });
      } else if (killedAt && sentAt > killedAt) refusedAfterKill.push(`${s.username} ${name}: ${r.status} ${JSON.stringify(r.json)}`);
    };
    const rush = rushers.map(async (s, i) => {
      for (let d = 0; d < RUSH_DEPOSITS_EACH; d++)
        await deposit(s, `rendu-${i}-${d}.pdf`, pdfBytes(200 * 1024 + i * 1000 + d, 100 + i * 10 + d));
    });
    const firstWave = Math.floor((RUSH_STUDENTS * RUSH_DEPOSITS_EACH) / 5);
    while (acknowledged.length < firstWave) await Bun.sleep(5);
    const killed = node("b")
      .stop("SIGKILL")
      .then((code) => {
        killedAt = Date.now();
        return code;
      });
    expect(await killed).not.toBe(0);
    // At once, while HAProxy may still count node B in: one more hand-in from every student.
    await Promise.all([...rush, ...rushers.map((s, i) => deposit(s, `apres-panne-${i}.pdf`, pdfBytes(150 * 1024 + i, 900 + i)))]);

    // Hand-ins sent once node B was dead went to node A (HAProxy retried elsewhere).
    expect(refusedAfterKill).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(firstWave);
    const rows = (await sql()`SELECT stored_name, user_id FROM task_files WHERE task_id = ${taskId} AND kind = 'submission'`) as {
      stored_name: string;
      user_id: string;
    }[];
    const stored = new Map(rows.map((r) => [r.stored_name, r.user_id]));
    const bucket = new S3Client({
      bucket: s3!.env.S3_BUCKET,
      endpoint: s3!.env.S3_ENDPOINT,
      accessKeyId: s3!.env.S3_ACCESS_KEY_ID,
      secretAccessKey: s3!.env.S3_SECRET_ACCESS_KEY,
      region: s3!.env.S3_REGION,
    });
    // No row names a file the bucket lacks, acknowledged or not (the object is written first).
    for (const r of rows)
      expect(await bucket.file(`submissions/${taskId}/${r.stored_name}`).exists(), `object of ${r.stored_name}`).toBe(true);
    for (const a of acknowledged) {
      expect(stored.get(a.filename), `row of ${a.filename}`).toBe(a.student.id);
      expect(await bucket.file(`submissions/${taskId}/${a.filename}`).exists(), `object of ${a.filename}`).toBe(true);
      const download = await fetch(`${node("a").url}/api/events/${taskId}/submissions/files/${a.filename}/download`, {
        headers: { authorization: `Bearer ${a.student.token}` },
      });
      expect(download.status).toBe(200);
      expect(digest(await download.arrayBuffer())).toBe(digest(a.bytes));
    }

    // Node A alone answers everything sent through HAProxy now.
    const after = await Promise.all(
      rushers.map((s) => call(proxy(), "GET", `/api/events/${taskId}/my-submission`, s.token).then((r) => r.status)),
    );
    expect(after.every((status) => status === 200)).toBe(true);
    // HAProxy's checks mark node B down (two failed checks; slower on a loaded machine).
    await haproxy!.waitFor("b", "DOWN", 5000);

    // Node B starts again on its folder (the kernel dropped its lock) and serves the same hand-ins.
    await start("b");
    await haproxy!.waitFor("b", "UP");
    const last = acknowledged.at(-1)!;
    const again = await fetch(`${node("b").url}/api/events/${taskId}/submissions/files/${last.filename}/download`, {
      headers: { authorization: `Bearer ${last.student.token}` },
    });
    expect(again.status).toBe(200);
    expect(digest(await again.arrayBuffer())).toBe(digest(last.bytes));
  });
});
