import { describe, expect, it } from "vitest";
import { appPerFile, everyActor, scenarioTests, type Actors, type TestContext } from "../../../test/helpers";
import { createTask, FIXTURES, filesForm, listFiles } from "../tasks/test-support";
import { form, mp3 } from "../profiles/test-fixtures";

// What one account may store: at most 10 files in a hand-in over all its deposits, and the
// school's quota per account; and what the admin screen and health say of the disk.

/** A real PDF of about `kb` kilobytes. */
const pdfOf = (kb: number) => {
  const head = FIXTURES.pdf();
  const out = new Uint8Array(kb * 1024);
  out.set(head);
  return out;
};
const pdfs = (n: number, prefix: string, kb = 1) =>
  Array.from({ length: n }, (_, i) => [`${prefix}-${i + 1}.pdf`, pdfOf(kb)] as [string, Uint8Array]);

describe("GET /api/admin/storage", () => {
  const env = appPerFile({
    settings: {
      trustProxy: false,
      maxUploadBytes: 1024 * 1024,
      publicUrl: null,
      contactTo: null,
      version: "test",
      diskMinFreeBytes: 1,
      userQuotaBytes: 300 * 1024 * 1024,
    },
  });
  scenarioTests(
    [
      ...everyActor(
        { method: "GET", url: "/api/admin/storage" },
        { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 200 },
        "admins only",
        {
          200: (json) => {
            const body = json as Record<string, unknown>;
            expect(body).toMatchObject({ success: true, minFreeBytes: 1, low: false, uploadsBytes: 0, userQuotaBytes: 300 * 1024 * 1024 });
            expect(Number(body.freeBytes)).toBeGreaterThan(0);
            expect(Number(body.totalBytes)).toBeGreaterThanOrEqual(Number(body.freeBytes));
          },
        },
      ),
      ...everyActor(
        { method: "GET", url: "/api/health" },
        { guest: 200, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 },
        "health is ok above the threshold",
        {
          200: { status: "ok", version: "test" },
        },
      ),
      {
        name: "counts the hand-ins' recorded sizes",
        method: "GET",
        url: "/api/admin/storage",
        as: "admin",
        status: 200,
        expect: async (json, _res, a) => {
          const { ctx } = env;
          const task = await createTask(ctx, a.prof.token, { submissionEnabled: true });
          const res = await ctx.request("POST", `/api/events/${task.id}/submissions`, {
            token: a.eleve.token,
            body: filesForm(pdfs(2, "rendu", 3)),
          });
          expect(res.status).toBe(201);
          const after = (await (await ctx.request("GET", "/api/admin/storage", { token: a.admin.token })).json()) as {
            uploadsBytes: number;
          };
          expect((json as { uploadsBytes: number }).uploadsBytes).toBe(0);
          expect(after.uploadsBytes).toBe(2 * 3 * 1024);
        },
      },
    ],
    () => env,
  );
});

describe("below the free-space threshold", () => {
  // No disk has this much free: the threshold is always crossed.
  const env = appPerFile({
    settings: {
      trustProxy: false,
      maxUploadBytes: 1024 * 1024,
      publicUrl: null,
      contactTo: null,
      version: "test",
      diskMinFreeBytes: Number.MAX_SAFE_INTEGER,
    },
  });
  scenarioTests(
    [
      ...everyActor(
        { method: "GET", url: "/api/health" },
        { guest: 503, eleve: 503, etudiant: 503, delegue: 503, prof: 503, admin: 503 },
        "health says low-disk with the free bytes",
        {
          503: (json) => {
            expect(json).toMatchObject({ status: "low-disk", version: "test" });
            expect(Number((json as { diskFreeBytes: number }).diskFreeBytes)).toBeGreaterThan(0);
          },
        },
      ),
      {
        name: "the admin screen warns",
        method: "GET",
        url: "/api/admin/storage",
        as: "admin",
        status: 200,
        expect: { low: true, minFreeBytes: Number.MAX_SAFE_INTEGER, userQuotaBytes: null },
      },
    ],
    () => env,
  );
});

/** Posts a hand-in and returns status and body. */
async function deposit(ctx: TestContext, token: string, taskId: string, files: [string, Uint8Array][]) {
  const res = await ctx.request("POST", `/api/events/${taskId}/submissions`, { token, body: filesForm(files) });
  return { status: res.status, json: (await res.json()) as { message: string; code?: string; files?: unknown[] } };
}

describe("a hand-in holds at most 10 files over all its deposits", () => {
  const env = appPerFile();
  let taskId = "";
  const mine = async (a: Actors) =>
    ((await (await env.ctx.request("GET", `/api/events/${taskId}/my-submission`, { token: a.eleve.token })).json()) as { files: unknown[] })
      .files.length;

  it("6 files, then 5 more → 400 saying 4 may still come, nothing stored", async () => {
    const { ctx, actors: a } = env;
    taskId = (await createTask(ctx, a.prof.token, { submissionEnabled: true })).id;
    expect((await deposit(ctx, a.eleve.token, taskId, pdfs(6, "premier"))).status).toBe(201);
    const onDisk = listFiles(ctx.deps.uploadsDir);
    const refused = await deposit(ctx, a.eleve.token, taskId, pdfs(5, "second"));
    expect(refused).toMatchObject({
      status: 400,
      json: {
        success: false,
        code: "SUBMISSION_FILES_MAX",
        message: "Un dépôt contient au plus 10 fichiers : vous pouvez encore en ajouter 4.",
      },
    });
    expect(listFiles(ctx.deps.uploadsDir)).toEqual(onDisk);
    expect(await mine(a)).toBe(6);
  });

  it("4 more → 201 (10 in all), then one more → 400 saying it is full", async () => {
    const { ctx, actors: a } = env;
    expect((await deposit(ctx, a.eleve.token, taskId, pdfs(4, "troisieme"))).status).toBe(201);
    expect(await mine(a)).toBe(10);
    const refused = await deposit(ctx, a.eleve.token, taskId, pdfs(1, "onzieme"));
    expect(refused).toMatchObject({
      status: 400,
      json: {
        code: "SUBMISSION_FILES_MAX",
        message: "Ce dépôt contient déjà 10 fichiers, le maximum : supprimez-en un pour en ajouter un autre.",
      },
    });
    expect(await mine(a)).toBe(10);
  });

  it("another student's hand-in to the same task has its own 10", async () => {
    const { ctx, actors: a } = env;
    expect((await deposit(ctx, a.delegue.token, taskId, pdfs(10, "voisin"))).status).toBe(201);
  });

  it("concurrent deposits cannot pass 10 together", async () => {
    const { ctx, actors: a } = env;
    const results = await Promise.all([1, 2, 3].map((n) => deposit(ctx, a.etudiant.token, taskId, pdfs(4, `course${n}`))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 400]);
  });
});

describe("the per-account quota (PLANIFY_USER_QUOTA_MB)", () => {
  const env = appPerFile({
    settings: {
      trustProxy: false,
      maxUploadBytes: 1024 * 1024,
      publicUrl: null,
      contactTo: null,
      version: "test",
      userQuotaBytes: 200 * 1024,
    },
  });
  let taskId = "";

  it("a deposit over the quota → 413 with used and limit, nothing stored", async () => {
    const { ctx, actors: a } = env;
    taskId = (await createTask(ctx, a.prof.token, { submissionEnabled: true })).id;
    expect((await deposit(ctx, a.eleve.token, taskId, pdfs(2, "gros", 80))).status).toBe(201);
    const onDisk = listFiles(ctx.deps.uploadsDir);
    const refused = await deposit(ctx, a.eleve.token, taskId, pdfs(1, "de-trop", 80));
    expect(refused).toMatchObject({
      status: 413,
      json: {
        success: false,
        code: "STORAGE_QUOTA",
        message: "Espace de votre compte dépassé : 160 Ko utilisés sur 200 Ko. Supprimez d'anciens fichiers ou prévenez l'administrateur.",
      },
    });
    expect(listFiles(ctx.deps.uploadsDir)).toEqual(onDisk);
  });

  it("music counts too: an MP3 that would pass the quota → 413, none kept", async () => {
    const { ctx, actors: a } = env;
    const res = await ctx.request("POST", "/api/users/upload-music", {
      token: a.eleve.token,
      body: form("music", mp3(), "melodie.mp3", { startSeconds: "0", durationSeconds: "5" }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe("STORAGE_QUOTA");
    expect(listFiles(ctx.deps.uploadsDir).filter((p) => p.startsWith("music/"))).toEqual([]);
  });

  it("within the quota another account's MP3 and a small deposit pass", async () => {
    const { ctx, actors: a } = env;
    const res = await ctx.request("POST", "/api/users/upload-music", {
      token: a.delegue.token,
      body: form("music", mp3(), "melodie.mp3", { startSeconds: "0", durationSeconds: "5" }),
    });
    expect(res.status).toBe(200);
    expect((await deposit(ctx, a.delegue.token, taskId, pdfs(1, "petit", 80))).status).toBe(201);
    // 57 Ko of music + 80 Ko: another 80 Ko would pass 200 Ko.
    expect((await deposit(ctx, a.delegue.token, taskId, pdfs(1, "encore", 80))).status).toBe(413);
  });

  it("staff have no quota: a prof's attachments pass it", async () => {
    const { ctx, actors: a } = env;
    const res = await ctx.request("POST", `/api/events/${taskId}/attachments`, {
      token: a.prof.token,
      body: filesForm(pdfs(3, "cours", 100)),
    });
    expect(res.status).toBe(201);
  });

  it("a hand-in file the student removes still counts (kept for the teacher's versions): the next deposit stays refused", async () => {
    const { ctx, actors: a } = env;
    const files = (
      (await (await ctx.request("GET", `/api/events/${taskId}/my-submission`, { token: a.eleve.token })).json()) as {
        files: { filename: string }[];
      }
    ).files;
    expect(
      (await ctx.request("DELETE", `/api/events/${taskId}/my-submission/${files[0]!.filename}`, { token: a.eleve.token })).status,
    ).toBe(200);
    expect(await deposit(ctx, a.eleve.token, taskId, pdfs(1, "de-trop", 80))).toMatchObject({
      status: 413,
      json: { code: "STORAGE_QUOTA" },
    });
  });
});
