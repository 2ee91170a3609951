import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, type TestUser } from "../../../test/helpers";
import { createTask, FIXTURES, filesForm } from "../tasks/test-support";
import { handInFeedback, taskFiles } from "../../db/schema";

// The export holds what the API shows the student, field by field, their hand-ins byte for
// byte, and nothing of anyone else.
let ctx: TestContext;
let ana: TestUser;
let ben: TestUser;
let prof: TestUser;
let personalShown: Record<string, unknown>;
const handIn = new Uint8Array([...FIXTURES.pdf(), ...new TextEncoder().encode("copie d'Ana")]);

beforeAll(async () => {
  ctx = createTestApp();
  prof = await ctx.user({ role: "prof", username: "prof.martin" });
  ana = await ctx.user({ role: "eleve", username: "ana.export" });
  ben = await ctx.user({ role: "eleve", username: "ben.voisin" });
  const task = await createTask(ctx, prof.token, { titre: "Maquette du portfolio", submissionEnabled: true });
  for (const [who, name, bytes] of [
    [ana, "ma copie.pdf", handIn],
    [ben, "copie-de-ben.pdf", FIXTURES.pdf()],
  ] as const) {
    const res = await ctx.request("POST", `/api/events/${task.id}/submissions`, { token: who.token, body: filesForm([[name, bytes]]) });
    expect(res.status).toBe(201);
  }
  expect((await ctx.request("POST", `/api/events/${task.id}/check`, { token: ana.token })).status).toBe(200);
  await returnCopies(task.id);
  const personal = await ctx.request("POST", "/api/personal-tasks", {
    token: ana.token,
    body: { titre: "Relire le cours", date: "2026-11-19", heure: "17:00", note: "chapitre 3" },
  });
  expect(personal.status).toBe(201);
  personalShown = ((await personal.json()) as { event: Record<string, unknown> }).event;
  await ctx.request("POST", "/api/personal-tasks", {
    token: ben.token,
    body: { titre: "Secret de Ben", date: "2026-11-19", heure: "17:00" },
  });
  // A profile picture in storage, where the profile feature keeps it.
  await ctx.deps.storage.write(`avatars/${ana.id}/1-abc.png`, FIXTURES.png());
});
afterAll(() => ctx.close());

const returnedPdf = new Uint8Array([...FIXTURES.pdf(), ...new TextEncoder().encode("corrigé d'Ana")]);

/** The teacher's feedback to Ana as « Rendre les copies » leaves it: published comment, mark and copy, and a later draft and copy not yet returned. */
async function returnCopies(taskId: string) {
  const at = ctx.deps.now();
  const file = (storedName: string, originalName: string, createdAt: number) => ({
    storedName,
    taskId,
    kind: "returned" as const,
    userId: ana.id,
    originalName,
    ext: "pdf",
    size: returnedPdf.length,
    createdAt,
  });
  await ctx.deps.storage.write(`returned/${taskId}/Retour0123456789abcdef.pdf`, returnedPdf);
  await ctx.deps.storage.write(`returned/${taskId}/Later00123456789abcdef.pdf`, FIXTURES.pdf());
  await ctx.deps.db
    .insert(taskFiles)
    .values([
      file("Retour0123456789abcdef.pdf", "copie corrigée.pdf", at),
      file("Later00123456789abcdef.pdf", "pas encore.pdf", at + 5_000),
    ]);
  await ctx.deps.db.insert(handInFeedback).values({
    taskId,
    userId: ana.id,
    comment: "<p>Brouillon pas encore rendu</p>",
    mark: 12,
    updatedAt: at + 5_000,
    publishedComment: "<p>Très <strong>bonne</strong> maquette</p>",
    publishedMark: 16.5,
    publishedVersion: 1,
    publishedAt: at + 1_000,
  });
}

async function exportOf(token: string) {
  const res = await ctx.request("GET", "/api/privacy/me/export", { token });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/zip");
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}
const json = (files: Record<string, Uint8Array>, name: string) =>
  JSON.parse(strFromU8(files[`donnees/${name}`]!)) as Record<string, unknown>;

describe("GET /api/privacy/me/export", () => {
  let files: Record<string, Uint8Array>;
  beforeAll(async () => {
    files = await exportOf(ana.token);
  });

  it("lists the notice, one JSON per domain, the hand-in and the avatar", () => {
    expect(Object.keys(files).sort()).toEqual([
      "LISEZMOI.txt",
      "donnees/appareils.json",
      "donnees/compte.json",
      "donnees/journal.json",
      "donnees/objets.json",
      "donnees/pieces.json",
      "donnees/rappels.json",
      "donnees/rendus.json",
      "donnees/taches.json",
      "profil/avatar/1-abc.png",
      "rendus/2026-11-20 Maquette du portfolio/corrigé/copie corrigée.pdf",
      "rendus/2026-11-20 Maquette du portfolio/ma copie.pdf",
    ]);
    const readme = strFromU8(files["LISEZMOI.txt"]!);
    for (const name of ["compte.json", "taches.json", "pieces.json", "ledger", "coinsDelta", "revokedAt"]) expect(readme).toContain(name);
  });

  it("the hand-in is byte for byte the uploaded file", () => {
    expect(files["rendus/2026-11-20 Maquette du portfolio/ma copie.pdf"]).toEqual(handIn);
    expect(files["profil/avatar/1-abc.png"]).toEqual(FIXTURES.png());
  });

  it("holds the versions, the published feedback with its mark, and the returned copy; never a draft", () => {
    const rendus = json(files, "rendus.json") as Record<string, Record<string, unknown>[]>;
    expect(rendus.versions).toEqual([expect.objectContaining({ titre: "Maquette du portfolio", version: 1, files: [expect.any(String)] })]);
    expect(rendus.feedback).toEqual([
      expect.objectContaining({
        titre: "Maquette du portfolio",
        commentHtml: "<p>Très <strong>bonne</strong> maquette</p>",
        commentText: "Très bonne maquette",
        mark: 16.5,
        markScale: 20,
      }),
    ]);
    expect(rendus.returned).toEqual([
      expect.objectContaining({
        originalName: "copie corrigée.pdf",
        fichier: "rendus/2026-11-20 Maquette du portfolio/corrigé/copie corrigée.pdf",
      }),
    ]);
    expect(files["rendus/2026-11-20 Maquette du portfolio/corrigé/copie corrigée.pdf"]).toEqual(returnedPdf);
    const everything = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    for (const unpublished of ["Brouillon pas encore rendu", "pas encore.pdf"]) expect(everything).not.toContain(unpublished);
  });

  it("the account is what the API shows the student, field by field", async () => {
    const login = await ctx.request("POST", "/api/users/login", { body: { username: ana.username, password: ana.password } });
    const { user } = (await login.json()) as { user: Record<string, unknown> };
    const account = json(files, "compte.json").user as Record<string, unknown>;
    // The login answer adds what the session needs (ent, profilePending) beside the same user.
    const { ent: _ent, profilePending: _pending, ...shown } = user;
    expect(account).toEqual(shown);
    const profile = (await (await ctx.request("GET", `/api/users/${ana.id}`, { token: ana.token })).json()) as {
      user: Record<string, unknown>;
    };
    for (const [field, value] of Object.entries(profile.user)) expect([field, account[field]]).toEqual([field, value]);
  });

  it("task states, personal tasks, the hand-in list and the coins match the API's", async () => {
    const tasks = json(files, "taches.json");
    expect(tasks.taskStates).toEqual([expect.objectContaining({ titre: "Maquette du portfolio", checked: true, archived: false })]);
    const personal = tasks.personalTasks as Record<string, unknown>[];
    expect(personal).toHaveLength(1);
    // The fields the API answered when it was created, under the same names.
    for (const field of ["id", "titre", "matiere", "date", "heure"])
      expect([field, personal[0]![field]]).toEqual([field, personalShown[field]]);
    expect(personalShown.titre).toBe("Relire le cours");
    expect(personal[0]!.note).toBe("chapitre 3");
    const handIns = json(files, "rendus.json").submissions as Record<string, unknown>[];
    expect(handIns).toEqual([
      expect.objectContaining({
        originalName: "ma copie.pdf",
        size: handIn.byteLength,
        fichier: "rendus/2026-11-20 Maquette du portfolio/ma copie.pdf",
      }),
    ]);
    const coins = (await (await ctx.request("GET", "/api/coins/user-coins", { token: ana.token })).json()) as Record<string, unknown>;
    const pieces = json(files, "pieces.json");
    expect(pieces.coins).toBe(coins.coins);
    const ledger = pieces.ledger as { coinsDelta: number }[];
    expect(ledger.reduce((sum, row) => sum + row.coinsDelta, 0)).toBe(pieces.coins);
  });

  it("sessions are listed with their summarised device, never a token", () => {
    const sessions = json(files, "appareils.json").sessions as Record<string, unknown>[];
    expect(sessions.length).toBeGreaterThan(0);
    expect(Object.keys(sessions[0]!).sort()).toEqual(["createdAt", "device", "expiresAt", "id", "ip", "lastSeenAt", "method", "revokedAt"]);
  });

  it("holds nothing of another student (names, ids, files), nor a password hash", () => {
    const everything = Object.values(files)
      .map((bytes) => new TextDecoder("utf-8", { fatal: false }).decode(bytes))
      .join("\n");
    for (const other of [ben.id, ben.username, "Secret de Ben", "copie-de-ben.pdf"]) expect(everything).not.toContain(other);
    expect(everything).not.toContain("$argon2");
  });

  it("a second export within the minute is refused in French (429), and allowed again after", async () => {
    const again = await ctx.request("GET", "/api/privacy/me/export", { token: ana.token });
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ message: "Tu viens déjà de télécharger tes données. Réessaie dans une minute." });
    ctx.clock.now += 61_000;
    expect((await ctx.request("GET", "/api/privacy/me/export", { token: ana.token })).status).toBe(200);
  });

  it("a prof and an admin get their own export too", async () => {
    const admin = await ctx.user({ role: "admin", username: "chef.export" });
    for (const who of [prof, admin]) expect(json(await exportOf(who.token), "compte.json").user).toMatchObject({ id: who.id });
  });
});
