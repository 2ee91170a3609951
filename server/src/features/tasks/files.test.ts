import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActors, createTestApp, type Actors, type TestContext, type TestUser } from "../../../test/helpers";
import { createTask, FIXTURES, filesForm, type EventJson } from "./test-support";
import { storedFiles } from "../../../test/stored-files";

// Attachments and hand-ins: type by extension AND content, limits, nothing left on disk after a
// refusal, who may download what, and the ZIP of all hand-ins.
let ctx: TestContext;
let a: Actors;
let other: TestUser;
let task: EventJson;

beforeAll(async () => {
  ctx = createTestApp();
  a = await createActors(ctx);
  other = await ctx.user({ role: "eleve", username: "zoé voisine" });
  task = await createTask(ctx, a.prof.token, { titre: "Rapport d'étape n°1", submissionEnabled: true });
});
afterAll(() => ctx.close());

const post = (url: string, token: string, form: FormData) => ctx.request("POST", url, { token, body: form });
const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

describe("refused uploads leave nothing on disk", () => {
  const refusals: { name: string; files: () => [string, Uint8Array][]; status: number; message: RegExp }[] = [
    {
      name: "an executable renamed .pdf",
      files: () => [["devoir.pdf", FIXTURES.elf()]],
      status: 415,
      message: /Type de fichier non autorisé pour « devoir\.pdf »/,
    },
    { name: "a PNG renamed .pdf", files: () => [["scan.pdf", FIXTURES.png()]], status: 415, message: /non autorisé/ },
    { name: "a PDF renamed .docx", files: () => [["rapport.docx", FIXTURES.pdf()]], status: 415, message: /non autorisé/ },
    {
      name: "an image as a hand-in",
      files: () => [["photo.png", FIXTURES.png()]],
      status: 415,
      message: /Formats acceptés : PDF, DOC, DOCX, ZIP, RAR/,
    },
    {
      name: "an 11th file",
      files: () => Array.from({ length: 11 }, (_, i) => [`p${i}.pdf`, FIXTURES.pdf()] as [string, Uint8Array]),
      status: 400,
      message: /^10 fichiers maximum par envoi\.$/,
    },
    {
      name: "an empty file",
      files: () => [["vide.pdf", new Uint8Array(0)]],
      status: 400,
      message: /^Le fichier « vide\.pdf » est vide\.$/,
    },
    {
      name: "a good file then a bad one",
      files: () => [
        ["ok.pdf", FIXTURES.pdf()],
        ["virus.zip", FIXTURES.elf()],
      ],
      status: 415,
      message: /virus\.zip/,
    },
    { name: "no file at all", files: () => [], status: 400, message: /^Aucun fichier reçu\.$/ },
  ];
  for (const row of refusals) {
    it(`hand-in: ${row.name} → ${row.status}`, async () => {
      const res = await post(`/api/events/${task.id}/submissions`, a.eleve.token, filesForm(row.files()));
      expect(res.status).toBe(row.status);
      expect(String((await json(res)).message)).toMatch(row.message);
      expect(await storedFiles(ctx.deps)).toEqual([]);
    });
  }

  it("an oversize file → 413 with the limit in French, nothing written", async () => {
    const small = createTestApp();
    small.deps.settings.maxUploadBytes = 1024;
    const prof = await small.user({ role: "prof", username: "prof" });
    const t = await createTask(small, prof.token);
    const res = await small.request("POST", `/api/events/${t.id}/attachments`, {
      token: prof.token,
      body: filesForm([
        ["petit.pdf", FIXTURES.pdf()],
        ["gros.pdf", new Uint8Array([...FIXTURES.pdf(), ...new Uint8Array(2048)])],
      ]),
    });
    expect(res.status).toBe(413);
    expect((await json(res)).message).toBe("Le fichier « gros.pdf » dépasse la taille maximale (1 Ko).");
    expect(await storedFiles(small.deps)).toEqual([]);
    small.close();
  });

  it("an SVG attachment must really be SVG text", async () => {
    const res = await post(`/api/events/${task.id}/attachments`, a.prof.token, filesForm([["logo.svg", FIXTURES.pdf()]]));
    expect(res.status).toBe(415);
    const html = await post(
      `/api/events/${task.id}/attachments`,
      a.prof.token,
      filesForm([["logo.svg", new TextEncoder().encode("<html><script>alert(1)</script></html>")]]),
    );
    expect(html.status).toBe(415);
    expect(await storedFiles(ctx.deps)).toEqual([]);
  });
});

describe("attachments", () => {
  let svgName = "";
  it("every accepted type is stored under a generated name; ../ in a name is only data", async () => {
    const res = await post(
      `/api/events/${task.id}/attachments`,
      a.prof.token,
      filesForm([
        ["../../../etc/sujet.pdf", FIXTURES.pdf()],
        ["consignes.docx", FIXTURES.docx()],
        ["ancien.doc", FIXTURES.doc()],
        ["ressources.zip", FIXTURES.zip()],
        ["archive.rar", FIXTURES.rar()],
        ["schéma.png", FIXTURES.png()],
        ["photo.jpeg", FIXTURES.jpeg()],
        ["logo.svg", FIXTURES.svg()],
      ]),
    );
    expect(res.status).toBe(201);
    const body = (await json(res)) as { attachments: { filename: string; originalname: string; size: number }[] };
    expect(body.attachments.map((f) => f.originalname)).toEqual([
      "sujet.pdf",
      "consignes.docx",
      "ancien.doc",
      "ressources.zip",
      "archive.rar",
      "schéma.png",
      "photo.jpeg",
      "logo.svg",
    ]);
    for (const f of body.attachments) expect(f.filename).toMatch(/^[A-Za-z0-9_-]{24}\.(pdf|docx|doc|zip|rar|png|jpeg|svg)$/);
    const onDisk = await storedFiles(ctx.deps);
    expect(onDisk).toHaveLength(8);
    for (const p of onDisk) expect(p.startsWith(`attachments/${task.id}/`)).toBe(true);
    svgName = body.attachments.find((f) => f.originalname === "logo.svg")!.filename;
  });

  it("a student of the task downloads an attachment under its original name, never inline", async () => {
    const list = (await json(await ctx.request("GET", `/api/events/${task.id}/attachments`, { token: a.eleve.token }))) as {
      attachments: { filename: string; originalname: string; url: string }[];
    };
    const png = list.attachments.find((f) => f.originalname === "schéma.png")!;
    const res = await ctx.request("GET", png.url, { token: a.eleve.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="schema.png"; filename*=UTF-8''sch%C3%A9ma.png`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toMatch(/^sandbox/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(FIXTURES.png());
    const svg = await ctx.request("GET", `/api/events/${task.id}/attachments/${svgName}/download`, { token: a.eleve.token });
    expect(svg.headers.get("content-type")).toBe("application/octet-stream");
    expect(svg.headers.get("content-disposition")).toMatch(/^attachment;/);
  });

  it("a guest, a student of another group, or a made-up name cannot download", async () => {
    const b = await ctx.user({ role: "eleve", username: "groupe b", groupe: "B" });
    const url = `/api/events/${task.id}/attachments/${svgName}/download`;
    expect((await ctx.request("GET", url)).status).toBe(401);
    expect((await ctx.request("GET", url, { token: b.token })).status).toBe(404);
    expect((await ctx.request("GET", `/api/events/${task.id}/attachments/logo.svg/download`, { token: a.eleve.token })).status).toBe(404);
    expect(
      (await ctx.request("GET", `/api/events/${task.id}/attachments/..%2F..%2Fetc%2Fpasswd/download`, { token: a.eleve.token })).status,
    ).toBe(404);
  });

  it("students cannot add or delete attachments; the prof deletes one from disk", async () => {
    expect((await post(`/api/events/${task.id}/attachments`, a.eleve.token, filesForm([["x.pdf", FIXTURES.pdf()]]))).status).toBe(403);
    expect((await ctx.request("DELETE", `/api/events/${task.id}/attachments/${svgName}`, { token: a.eleve.token })).status).toBe(403);
    const before = (await storedFiles(ctx.deps)).length;
    const res = await ctx.request("DELETE", `/api/events/${task.id}/attachments/${svgName}`, { token: a.prof.token });
    expect(res.status).toBe(200);
    expect(((await json(res)).attachments as unknown[]).length).toBe(7);
    expect((await storedFiles(ctx.deps)).length).toBe(before - 1);
  });
});

describe("hand-ins", () => {
  let mine = "";
  let theirs = "";
  let theirsName = "";

  it("deposits append and carry submittedAt; the answer never lists another student", async () => {
    const r1 = await post(`/api/events/${task.id}/submissions`, a.eleve.token, filesForm([["rapport.pdf", FIXTURES.pdf()]]));
    expect(r1.status).toBe(201);
    expect(await json(r1)).toMatchObject({ success: true, message: "Dépôt réussi.", late: false, lateMinutes: 0 });
    ctx.clock.now += 60_000;
    const r2 = await post(
      `/api/events/${task.id}/submissions`,
      a.eleve.token,
      filesForm([
        ["annexe.docx", FIXTURES.docx()],
        ["rapport.pdf", FIXTURES.pdf()],
      ]),
    );
    const body = (await json(r2)) as { files: { filename: string; originalname: string }[]; submittedAt: string };
    expect(body.files.map((f) => f.originalname)).toEqual(["rapport.pdf", "annexe.docx", "rapport.pdf"]);
    expect(body.submittedAt).toBe(new Date(ctx.clock.now).toISOString());
    mine = body.files[0]!.filename;

    const r3 = await post(`/api/events/${task.id}/submissions`, other.token, filesForm([["secret.pdf", FIXTURES.pdf()]]));
    const theirsBody = (await json(r3)) as { files: { filename: string; originalname: string }[] };
    expect(theirsBody.files.map((f) => f.originalname)).toEqual(["secret.pdf"]);
    theirs = theirsBody.files[0]!.filename;
    theirsName = "secret.pdf";

    const my = (await json(await ctx.request("GET", `/api/events/${task.id}/my-submission`, { token: a.eleve.token }))) as {
      files: { originalname: string }[];
    };
    expect(my.files.map((f) => f.originalname)).toEqual(["rapport.pdf", "annexe.docx", "rapport.pdf"]);
    const list = await ctx.request("GET", "/api/events", { token: a.eleve.token });
    expect(await list.text()).not.toContain("secret.pdf");
  });

  it("another student's hand-in cannot be downloaded by stored name or original name", async () => {
    const base = `/api/events/${task.id}`;
    for (const url of [
      `${base}/submissions/files/${theirs}/download`,
      `${base}/submissions/files/${theirsName}/download`,
      `${base}/attachments/${theirs}/download`,
    ]) {
      const res = await ctx.request("GET", url, { token: a.eleve.token });
      expect(res.status).toBe(404);
      expect((await json(res)).message).toBe("Fichier introuvable.");
    }
    expect((await ctx.request("DELETE", `${base}/my-submission/${theirs}`, { token: a.eleve.token })).status).toBe(404);
    expect((await ctx.request("GET", `${base}/submissions`, { token: a.eleve.token })).status).toBe(403);
    expect((await ctx.request("GET", `${base}/submissions/zip`, { token: a.delegue.token })).status).toBe(403);
    const own = await ctx.request("GET", `${base}/submissions/files/${mine}/download`, { token: a.eleve.token });
    expect(own.status).toBe(200);
    const byProf = await ctx.request("GET", `${base}/submissions/files/${theirs}/download`, { token: a.prof.token });
    expect(byProf.status).toBe(200);
    expect(byProf.headers.get("content-disposition")).toContain('filename="secret.pdf"');
  });

  it("the prof lists every hand-in with userName, late flag and delay", async () => {
    const late = await ctx.user({ role: "eleve", username: "retardataire" });
    const deadline = Date.parse(task.start);
    const saved = ctx.clock.now;
    ctx.clock.now = deadline + 90 * 60_000 + 1;
    await post(`/api/events/${task.id}/submissions`, late.token, filesForm([["tard.pdf", FIXTURES.pdf()]]));
    ctx.clock.now = saved;
    const res = await ctx.request("GET", `/api/events/${task.id}/submissions`, { token: a.prof.token });
    const { submissions } = (await json(res)) as {
      submissions: { userName: string; late: boolean; lateMinutes: number; files: unknown[] }[];
    };
    expect(submissions.map((s) => [s.userName, s.files.length, s.late, s.lateMinutes])).toEqual([
      ["eleve", 3, false, 0],
      ["retardataire", 1, true, 91],
      ["zoé voisine", 1, false, 0],
    ]);
  });

  it("the ZIP unzips to exactly the deposited files, one folder per student named with their late flag", async () => {
    const res = await ctx.request("GET", `/api/events/${task.id}/submissions/zip`, { token: a.admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename="depots-Rapport-d-etape-n-1\.zip"/);
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual([
      "eleve (dans les temps)/annexe.docx",
      "eleve (dans les temps)/rapport (2).pdf",
      "eleve (dans les temps)/rapport.pdf",
      "retardataire (en retard)/tard.pdf",
      "zoé voisine (dans les temps)/secret.pdf",
    ]);
    expect(entries["eleve (dans les temps)/rapport.pdf"]).toEqual(FIXTURES.pdf());
    expect(entries["eleve (dans les temps)/annexe.docx"]).toEqual(FIXTURES.docx());
    expect(strFromU8(entries["zoé voisine (dans les temps)/secret.pdf"]!)).toContain("%PDF");
  });

  it("the owner deletes one of their files; a closed box refuses students", async () => {
    const del = await ctx.request("DELETE", `/api/events/${task.id}/my-submission/${mine}`, { token: a.eleve.token });
    expect(del.status).toBe(200);
    const after = (await json(del)) as { message: string; files: { originalname: string }[] };
    expect(after.message).toBe("Fichier supprimé.");
    expect(after.files.map((f) => f.originalname)).toEqual(["annexe.docx", "rapport.pdf"]);
    // Removed from the current hand-in, kept for its earlier version: the teacher still reads it.
    expect((await storedFiles(ctx.deps)).some((p) => p.endsWith(mine))).toBe(true);
    const kept = await ctx.request("GET", `/api/events/${task.id}/submissions/${mine}/download`, { token: a.prof.token });
    expect(kept.status).toBe(200);
    const again = await ctx.request("DELETE", `/api/events/${task.id}/my-submission/${mine}`, { token: a.eleve.token });
    expect(again.status).toBe(404);

    const off = await ctx.request("PUT", `/api/events/${task.id}`, { token: a.prof.token, body: { submissionEnabled: false } });
    expect(((await json(off)).event as EventJson).submissionEnabled).toBe(false);
    const refused = await post(`/api/events/${task.id}/submissions`, a.eleve.token, filesForm([["encore.pdf", FIXTURES.pdf()]]));
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe("Le dépôt n'est pas activé pour cette tâche.");
    const prof = await post(`/api/events/${task.id}/submissions`, a.prof.token, filesForm([["p.pdf", FIXTURES.pdf()]]));
    expect(prof.status).toBe(403);
  });

  it("a hard delete removes the task's files from disk", async () => {
    expect((await storedFiles(ctx.deps)).length).toBeGreaterThan(0);
    const res = await ctx.request("DELETE", `/api/events/${task.id}/hard`, { token: a.prof.token });
    expect(res.status).toBe(200);
    expect(await storedFiles(ctx.deps)).toEqual([]);
  });
});
