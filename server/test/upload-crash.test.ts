import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { filesForm, listFiles, taskBody } from "../src/features/tasks/test-support";
import { ensureWebAssetMap, postJson, startServer, type RunningServer } from "./process";

// A `kill -9` in the middle of uploads, then a restart: every file left on disk is one a row
// points to (old or not), every row's file downloads with the bytes sent, and the clean-up
// is counted in the log.
const dir = mkdtempSync(join(tmpdir(), "planify-crash-"));
const uploads = join(dir, "uploads");
const running: RunningServer[] = [];
beforeAll(() => ensureWebAssetMap());
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
  rmSync(dir, { recursive: true, force: true });
});

const ADMIN = "admin-du-crash-2026";
/** A PDF whose bytes say which file it is. */
const pdf = (name: string, size: number) => {
  const head = new TextEncoder().encode(`%PDF-1.4\n% ${name}\n`);
  const out = new Uint8Array(size);
  out.set(head);
  for (let i = head.length; i < size; i++) out[i] = (i * 31 + name.length) % 251;
  return out;
};
const sent = new Map<string, Uint8Array>();

async function session(s: RunningServer) {
  const res = await postJson(`${s.url}/api/users/login`, { username: "admin", password: ADMIN });
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${String(res.json!.token)}` };
}

describe("a crash during uploads", { timeout: 180_000 }, () => {
  it("leaves no orphan after the next start, and the count is logged", async () => {
    const first = await startServer(dir, { PLANIFY_ADMIN_PASSWORD: ADMIN });
    running.push(first);
    const auth = await session(first);
    const created = await postJson(
      `${first.url}/api/events`,
      taskBody({ date: "2031-06-02", submissionEnabled: true }),
      auth.authorization.slice(7),
    );
    expect(created.status).toBe(201);
    const taskId = String((created.json!.event as { id: string }).id);

    const uploadsInFlight = Array.from({ length: 16 }, (_, r) => {
      const files: [string, Uint8Array][] = [0, 1].map((i) => [`envoi-${r}-${i}.pdf`, pdf(`envoi-${r}-${i}`, 512 * 1024)]);
      for (const [name, bytes] of files) sent.set(name, bytes);
      return fetch(`${first.url}/api/events/${taskId}/attachments`, { method: "POST", headers: auth, body: filesForm(files) })
        .then((res) => res.status)
        .catch(() => 0);
    });
    // Killed as soon as one request is through: the others are at every stage of their
    // way (body, staging, commit, move). The strays added below make the outcome certain.
    await Promise.race(uploadsInFlight);
    await first.stop("SIGKILL");
    await Promise.all(uploadsInFlight);

    // Everything on disk is now two hours old (a referenced file must survive that), and
    // strays of every kind are added: an unreferenced file, a staged one, one at the top.
    const old = (Date.now() - 2 * 3_600_000) / 1000;
    const stray = [`attachments/${taskId}/egareAAAAAAAAAAAAAAAA.pdf`, ".tmp/coupeBBBBBBBBBBBBBBBB.pdf.part", "orphelin.bin"];
    for (const rel of stray) {
      mkdirSync(join(uploads, rel, ".."), { recursive: true });
      writeFileSync(join(uploads, rel), "reste d'un crash");
    }
    for (const rel of listFiles(uploads)) utimesSync(join(uploads, rel), old, old);

    const second = await startServer(dir);
    running.push(second);
    const line = second
      .output()
      .match(
        /Nettoyage des fichiers déposés : (\d+) fichier\(s\) orphelin\(s\) supprimé\(s\), (\d+) fichier\(s\) temporaire\(s\) supprimé\(s\)/,
      );
    expect(line).not.toBeNull();
    expect(Number(line![1]) + Number(line![2])).toBeGreaterThanOrEqual(stray.length);

    const auth2 = await session(second);
    const listed = (await (await fetch(`${second.url}/api/events/${taskId}/attachments`, { headers: auth2 })).json()) as {
      attachments: { filename: string; originalname: string }[];
    };
    expect(listFiles(uploads)).toEqual(listed.attachments.map((f) => `attachments/${taskId}/${f.filename}`).sort());
    for (const f of listed.attachments) {
      const res = await fetch(`${second.url}/api/events/${taskId}/attachments/${f.filename}/download`, { headers: auth2 });
      expect(res.status).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(sent.get(f.originalname));
    }

    // A normal upload still works and gives back the same bytes.
    const bytes = pdf("apres-redemarrage", 200 * 1024);
    const up = await fetch(`${second.url}/api/events/${taskId}/attachments`, {
      method: "POST",
      headers: auth2,
      body: filesForm([["apres.pdf", bytes]]),
    });
    expect(up.status).toBe(201);
    const { files } = (await up.json()) as { files: { filename: string }[] };
    const down = await fetch(`${second.url}/api/events/${taskId}/attachments/${files[0]!.filename}/download`, { headers: auth2 });
    expect(new Uint8Array(await down.arrayBuffer())).toEqual(bytes);
    expect(await second.stop()).toBe(0);
  });
});
