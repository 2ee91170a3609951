import { describe, expect, it } from "vitest";
import type { PatchNote } from "@planify/common/schemas/social";
import { appPerFile, everyActor, scenarioTests, type Scenario } from "../../../test/helpers";

const app = appPerFile();
const ids = { published: "", draft: "" };
const STUDENT_SIDE = { eleve: 200, etudiant: 200, delegue: 200, prof: 200 } as const;
const WRITERS = { guest: 401, eleve: 403, etudiant: 403, delegue: 403, prof: 403, admin: 200 } as const;
const NOT_FOUND = { success: false, code: "NOT_FOUND", message: "Note introuvable" };
const FIRST = {
  title: "Planify 2.0",
  version: "2.0.0",
  html: "<p>Les <strong>factions</strong> arrivent</p>",
  notify: true,
  published: true,
};
const DRAFT = { title: "Brouillon", version: "2.1.0", html: "<p>À venir</p>", published: false };

const titles = (json: unknown) => (json as { notes: PatchNote[] }).notes.map((n) => n.title);

const table: Scenario[] = [
  ...everyActor({ method: "GET", url: "/api/patch-notes" }, { guest: 200, ...STUDENT_SIDE, admin: 200 }, "nothing published yet", {
    200: { success: true, notes: [] },
  }),
  ...everyActor({ method: "GET", url: "/api/patch-notes/latest-meta" }, { guest: 200, ...STUDENT_SIDE, admin: 200 }, "no latest note", {
    200: { success: true, latest: null },
  }),
  ...everyActor({ method: "POST", url: "/api/patch-notes", body: FIRST }, { ...WRITERS, admin: 201 }, "only admins publish", {
    401: { code: "UNAUTHORIZED" },
    403: { code: "FORBIDDEN", message: "Accès refusé." },
    201: (json) => {
      expect(json).toMatchObject({ success: true, message: "Note publiée.", note: { ...FIRST, createdAt: "2026-11-16T09:00:00.000Z" } });
      ids.published = (json as { note: PatchNote }).note.id;
    },
  }),
  {
    name: "an admin keeps a draft",
    method: "POST",
    url: "/api/patch-notes",
    as: "admin",
    body: DRAFT,
    status: 201,
    expect: (json) => {
      expect(json).toMatchObject({ message: "Brouillon enregistré.", note: { ...DRAFT, notify: true } });
      ids.draft = (json as { note: PatchNote }).note.id;
    },
  },
  ...everyActor(
    { method: "GET", url: "/api/patch-notes?ts=1763283600000" },
    { guest: 200, ...STUDENT_SIDE, admin: 200 },
    "drafts for admins only",
  ).map((row) => ({
    ...row,
    expect: (json: unknown) => expect(titles(json)).toEqual(row.as === "admin" ? ["Brouillon", "Planify 2.0"] : ["Planify 2.0"]),
  })),
  ...everyActor(
    { method: "GET", url: "/api/patch-notes/ID" },
    { guest: 200, ...STUDENT_SIDE, admin: 200 },
    "a published note reads for all",
    {
      200: { success: true, note: { title: "Planify 2.0", html: "<p>Les <strong>factions</strong> arrivent</p>" } },
    },
  ).map((row) => ({ ...row, url: () => `/api/patch-notes/${ids.published}` })),
  ...everyActor(
    { method: "GET", url: "/api/patch-notes/ID" },
    { guest: 404, eleve: 404, etudiant: 404, delegue: 404, prof: 404, admin: 200 },
    "a draft is not found but by admins",
    {
      404: NOT_FOUND,
      200: { note: { title: "Brouillon", published: false } },
    },
  ).map((row) => ({ ...row, url: () => `/api/patch-notes/${ids.draft}` })),
  ...everyActor(
    { method: "GET", url: "/api/patch-notes/latest-meta?ts=1" },
    { guest: 200, ...STUDENT_SIDE, admin: 200 },
    "latest is the published note, never the draft",
  ).map((row) => ({
    ...row,
    expect: (json: unknown) =>
      expect(json).toEqual({ success: true, latest: { id: ids.published, createdAt: "2026-11-16T09:00:00.000Z", notify: true } }),
  })),
  ...everyActor({ method: "PUT", url: "/api/patch-notes/ID", body: { ...FIRST, title: "Planify 2.0 !" } }, WRITERS, "only admins edit", {
    403: { code: "FORBIDDEN" },
    200: { success: true, message: "Note mise à jour.", note: { title: "Planify 2.0 !" } },
  }).map((row) => ({ ...row, url: () => `/api/patch-notes/${ids.published}` })),
  {
    name: "blank title",
    method: "PUT",
    url: () => `/api/patch-notes/${ids.published}`,
    as: "admin",
    body: { ...FIRST, title: "   " },
    status: 400,
    expect: { code: "BAD_REQUEST", message: "Titre et contenu requis" },
  },
  {
    name: "content empty once cleaned",
    method: "POST",
    url: "/api/patch-notes",
    as: "admin",
    body: { ...FIRST, html: "<p> <script>alert(1)</script>&nbsp;</p>" },
    status: 400,
    expect: { message: "Titre et contenu requis" },
  },
  {
    name: "title over 120 characters",
    method: "POST",
    url: "/api/patch-notes",
    as: "admin",
    body: { ...FIRST, title: "T".repeat(121) },
    status: 400,
    expect: { message: "Titre trop long (120 caractères au plus)." },
  },
  {
    name: "html missing",
    method: "POST",
    url: "/api/patch-notes",
    as: "admin",
    body: { title: "Sans contenu" },
    status: 400,
    expect: { code: "VALIDATION" },
  },
  {
    name: "editing an unknown note",
    method: "PUT",
    url: "/api/patch-notes/inconnue",
    as: "admin",
    body: FIRST,
    status: 404,
    expect: NOT_FOUND,
  },
  {
    name: "a guest's body is never read",
    method: "PUT",
    url: () => `/api/patch-notes/${ids.published}`,
    as: "guest",
    body: { title: 1 },
    status: 401,
  },
  ...everyActor({ method: "DELETE", url: "/api/patch-notes/ID" }, WRITERS, "only admins delete", {
    403: { code: "FORBIDDEN" },
    200: { success: true, message: "Note supprimée." },
  }).map((row) => ({ ...row, url: () => `/api/patch-notes/${ids.draft}` })),
  { name: "deleted: gone", method: "GET", url: () => `/api/patch-notes/${ids.draft}`, as: "admin", status: 404, expect: NOT_FOUND },
  { name: "deleting twice", method: "DELETE", url: () => `/api/patch-notes/${ids.draft}`, as: "admin", status: 404, expect: NOT_FOUND },
];

describe("patch-note routes", () => scenarioTests(table, () => app));

describe("publication time", () => {
  const at = (iso: string) => (app.ctx.clock.now = Date.parse(iso));
  const send = async (method: string, url: string, body?: unknown, token = app.actors.admin.token) => {
    const res = await app.ctx.request(method, url, { token, body });
    return (await res.json()) as { note: PatchNote; notes: PatchNote[]; latest: { id: string; createdAt: string; notify: boolean } | null };
  };
  const latest = async () => (await send("GET", "/api/patch-notes/latest-meta", undefined, "")).latest;
  const list = async () =>
    (await send("GET", "/api/patch-notes", undefined, app.actors.eleve.token)).notes.map((n) => `${n.title} ${n.createdAt}`);

  it("a draft published later sorts and notifies by its first publication, not by when it was written", async () => {
    at("2026-11-18T10:00:00.000Z");
    const draft = (await send("POST", "/api/patch-notes", { title: "Sons", html: "<p>Nouveaux sons</p>", published: false })).note;
    at("2026-11-19T10:00:00.000Z");
    const older = (await send("POST", "/api/patch-notes", { title: "Thème", html: "<p>Thème sombre</p>" })).note;
    at("2026-11-20T10:00:00.000Z");
    await send("PUT", `/api/patch-notes/${draft.id}`, { title: "Sons", html: "<p>Nouveaux sons</p>", published: true });
    expect(await latest()).toEqual({ id: draft.id, createdAt: "2026-11-20T10:00:00.000Z", notify: true });
    expect((await list()).slice(0, 2)).toEqual(["Sons 2026-11-20T10:00:00.000Z", "Thème 2026-11-19T10:00:00.000Z"]);

    // Editing the older note, or taking the newer one down and up again, moves nothing.
    at("2026-11-21T10:00:00.000Z");
    await send("PUT", `/api/patch-notes/${older.id}`, { title: "Thème", html: "<p>Thème sombre, corrigé</p>" });
    await send("PUT", `/api/patch-notes/${draft.id}`, { title: "Sons", html: "<p>Nouveaux sons</p>", published: false });
    expect(await latest()).toMatchObject({ id: older.id, createdAt: "2026-11-19T10:00:00.000Z" });
    await send("PUT", `/api/patch-notes/${draft.id}`, { title: "Sons", html: "<p>Nouveaux sons</p>", published: true });
    expect(await latest()).toMatchObject({ id: draft.id, createdAt: "2026-11-20T10:00:00.000Z" });
  });

  it("a newest note that does not notify is still the latest, with notify false", async () => {
    at("2026-11-22T10:00:00.000Z");
    const quiet = (await send("POST", "/api/patch-notes", { title: "Correctifs", html: "<p>Petits correctifs</p>", notify: false })).note;
    expect(await latest()).toEqual({ id: quiet.id, createdAt: "2026-11-22T10:00:00.000Z", notify: false });
  });
});

describe("images in a note", () => {
  const image = (kb: number) => `<img src="data:image/png;base64,${Buffer.alloc(kb * 1024, 7).toString("base64")}">`;

  it("keeps pasted images up to 300 KB each, in a body far over the default 16 KB", async () => {
    const html = `<p>Captures</p>${image(290)}${image(290)}`;
    const res = await app.ctx.request("POST", "/api/patch-notes", { token: app.actors.admin.token, body: { title: "Captures", html } });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { note: PatchNote }).note.html.match(/<img /g)).toHaveLength(2);
  });

  it("drops an image over 300 KB", async () => {
    const res = await app.ctx.request("POST", "/api/patch-notes", {
      token: app.actors.admin.token,
      body: { title: "Trop lourd", html: `<p>x</p>${image(310)}` },
    });
    expect(((await res.json()) as { note: PatchNote }).note.html).toBe("<p>x</p>");
  });
});
