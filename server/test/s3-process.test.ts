import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { unzipSync } from "fflate";
import { parisDate } from "@planify/common/time/paris-time";
import { listFiles, taskBody } from "../src/features/tasks/test-support";
import { ensureWebAssetMap, postJson, runMain, startServer, type RunningServer } from "./process";
import { startTestS3, type TestS3 } from "./s3/server";

// The real server with its files in object storage (S3_BUCKET and the rest, against s3rver):
// a hand-in goes into the bucket, not the data folder, and comes back byte for byte, alone and
// in the teacher's ZIP. Runs the compiled dist/planify-server when it has been built, else the
// same server from source. And the French refusals when the bucket is missing or unreachable.
const BINARY = join(process.env.PLANIFY_DIST_DIR ?? join(fileURLToPath(new URL("../..", import.meta.url)), "dist"), "planify-server");
const command = () => (existsSync(BINARY) ? [BINARY] : undefined);
const dirs: string[] = [];
const running: RunningServer[] = [];
let s3: TestS3;
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), "planify-s3-proc-"));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  if (!existsSync(BINARY)) ensureWebAssetMap();
  s3 = await startTestS3();
});
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop("SIGKILL")));
  await s3.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function send(url: string, method: string, token: string, body?: FormData) {
  return await fetch(url, { method, headers: { authorization: `Bearer ${token}` }, body });
}

describe("the server with its files in S3", { timeout: 120_000 }, () => {
  it("keeps a hand-in in the bucket and gives it back byte for byte, alone and in the ZIP", async () => {
    const dataDir = newDir();
    const s = await startServer(dataDir, { ...s3.env, PLANIFY_ADMIN_PASSWORD: "admin-s3-2026" }, 60_000, command());
    running.push(s);
    expect(s.output()).toContain(`Fichiers : compartiment S3 « planify-test » sur ${s3.endpoint}`);
    const health = (await (await fetch(`${s.url}/api/health`)).json()) as { status: string; storage: string };
    expect(health).toMatchObject({ status: "ok", storage: "s3" });

    const admin = (await postJson(`${s.url}/api/users/login`, { username: "admin", password: "admin-s3-2026" })).json!.token as string;
    const student = { username: "lea.s3", password: "motdepasse-s3", role: "eleve", year: "BUT1", groupe: "A", specialite: "devweb" };
    expect((await postJson(`${s.url}/api/users/register`, student, admin)).status).toBe(201);
    const lea = (await postJson(`${s.url}/api/users/login`, student)).json!.token as string;
    const body = taskBody({ date: parisDate(Date.now() + 7 * 86_400_000), submissionEnabled: true });
    const created = await postJson(`${s.url}/api/events`, body, admin);
    expect(created.status).toBe(201);
    const taskId = (created.json!.event as { id: string }).id;

    // 3 MB: more than one chunk each way.
    const pdf = new Uint8Array(3 * 1024 * 1024);
    pdf.set(new TextEncoder().encode("%PDF-1.4\n"));
    for (let i = 16; i < pdf.length; i++) pdf[i] = (i * 31) % 251;
    const form = new FormData();
    form.append("files", new File([pdf], "rapport final.pdf"));
    const deposit = await send(`${s.url}/api/events/${taskId}/submissions`, "POST", lea, form);
    expect(deposit.status).toBe(201);
    const filename = ((await deposit.json()) as { files: { filename: string }[] }).files[0]!.filename;

    const download = await send(`${s.url}/api/events/${taskId}/submissions/files/${filename}/download`, "GET", lea);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("rapport final.pdf");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);

    const zip = await send(`${s.url}/api/events/${taskId}/submissions/zip`, "GET", admin);
    expect(zip.status).toBe(200);
    expect(unzipSync(new Uint8Array(await zip.arrayBuffer()))).toEqual({ "lea.s3 (dans les temps)/rapport final.pdf": pdf });

    // Nothing of it in the data folder: the file lives in the bucket.
    expect(listFiles(join(dataDir, "uploads"))).toEqual([]);
    expect(await s.stop("SIGTERM")).toBe(0);
  });

  it("refuses to start when S3_BUCKET comes without the rest, naming what is missing", async () => {
    const r = await runMain(["--data-dir", newDir()], { S3_BUCKET: "planify", S3_SECRET_ACCESS_KEY: "cle-secrete-a-ne-pas-montrer" });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      "Stockage objet incomplet : S3_BUCKET est donné mais il manque S3_ACCESS_KEY_ID, S3_ENDPOINT (ou S3_REGION pour Amazon S3).",
    );
    expect(r.stdout + r.stderr).not.toContain("cle-secrete-a-ne-pas-montrer");
  });

  it("refuses to start when the bucket does not answer, in French, without the secret key", async () => {
    const r = await runMain(["--data-dir", newDir()], {
      ...s3.env,
      S3_BUCKET: "absent",
      S3_SECRET_ACCESS_KEY: "cle-secrete-a-ne-pas-montrer",
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      `Le stockage objet est injoignable (compartiment « absent » sur ${s3.endpoint}) : ce compartiment n'existe pas (créez-le d'abord sur le service de stockage). Le serveur ne démarre pas.`,
    );
    expect(r.stdout + r.stderr).not.toContain("cle-secrete-a-ne-pas-montrer");
    expect(r.stdout).not.toContain("est prêt");
  });
});
