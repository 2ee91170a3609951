import { describe, expect, it } from "vitest";
import { MUSIC_MAX_BYTES, SOCIAL_MESSAGES } from "@planify/common/constants/social";
import type { MusicUploadResponse } from "@planify/common/schemas/social";
import { appPerFile, everyActor, scenarioTests, type Actors, type Scenario } from "../../../test/helpers";
import { form, mp3, wav } from "./test-fixtures";
import { storedNames } from "../../../test/stored-files";

// Profile music: MP3 by content, a whole-second clip inside the track, served with byte ranges.
const app = appPerFile();
const env = () => app;
const signedIn = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };
const song =
  (fields: Record<string, string> = {}, name = "Ma chanson.mp3") =>
  () =>
    form("music", mp3(), name, fields);

const uploads: Scenario[] = [
  ...everyActor(
    { method: "POST", url: "/api/users/upload-music", body: song({ startSeconds: "1", durationSeconds: "5" }) },
    signedIn,
    "every role sets its own music",
    {
      401: { code: "UNAUTHORIZED" },
      200: (json) => {
        const answer = json as MusicUploadResponse;
        expect(answer).toMatchObject({
          message: SOCIAL_MESSAGES.musicSaved,
          musicTitle: "Ma chanson",
          musicStartSeconds: 1,
          musicDurationSeconds: 5,
        });
        expect(answer.musicSrc).toMatch(/^\/api\/users\/music\/[0-9a-f-]{36}\?v=\d+$/);
      },
    },
  ),
  {
    name: "a WAV renamed .mp3 is refused",
    method: "POST",
    url: "/api/users/upload-music",
    as: "eleve",
    body: () => form("music", wav(), "chanson.mp3"),
    status: 415,
    expect: { code: "UNSUPPORTED_MEDIA_TYPE", message: "Veuillez sélectionner un fichier MP3." },
  },
  {
    name: "over 10 MB is refused",
    method: "POST",
    url: "/api/users/upload-music",
    as: "eleve",
    body: () => {
      const big = new Uint8Array(MUSIC_MAX_BYTES + 1);
      big.set(mp3());
      return form("music", big, "longue.mp3");
    },
    status: 413,
    expect: { message: "Le fichier dépasse 10 Mo." },
  },
  {
    name: "the clip must end inside the track",
    method: "POST",
    url: "/api/users/upload-music",
    as: "eleve",
    body: song({ startSeconds: "5", durationSeconds: "4" }),
    status: 400,
    expect: { message: SOCIAL_MESSAGES.musicBadClip },
  },
  {
    name: "a clip lasts one second at least",
    method: "POST",
    url: "/api/users/upload-music",
    as: "eleve",
    body: song({ startSeconds: "2", durationSeconds: "0" }),
    status: 400,
    expect: { message: SOCIAL_MESSAGES.musicBadClip },
  },
  {
    name: "whole seconds only",
    method: "POST",
    url: "/api/users/upload-music",
    as: "eleve",
    body: song({ startSeconds: "1.5", durationSeconds: "2" }),
    status: 400,
    expect: { message: "Le début et la durée de l'extrait se comptent en secondes entières." },
  },
  {
    name: "no file",
    method: "POST",
    url: "/api/users/upload-music",
    as: "eleve",
    body: () => form("audio", mp3(), "x.mp3"),
    status: 400,
    expect: { message: SOCIAL_MESSAGES.musicNotMp3 },
  },
  {
    name: "without a clip, the whole track; a given title is kept (cut to 120)",
    method: "POST",
    url: "/api/users/upload-music",
    as: "delegue",
    body: song({ title: `  ${"é".repeat(130)} ` }),
    status: 200,
    expect: { musicTitle: "é".repeat(120), musicStartSeconds: 0, musicDurationSeconds: 7 },
  },
];
describe("POST /api/users/upload-music", () => {
  scenarioTests(uploads, env);
  it("the new file replaces the old one; the profile shows the new clip", async () => {
    const { delegue, eleve } = app.actors;
    expect(await storedNames(app.ctx.deps, `music/${delegue.id}`)).toEqual([expect.stringMatching(/^\d+-[\w-]+\.mp3$/)]);
    const profile = (await (await app.ctx.request("GET", `/api/users/${delegue.id}`, { token: eleve.token })).json()) as Record<
      string,
      unknown
    >;
    expect(profile).toMatchObject({ musicTitle: "é".repeat(120), musicStartSeconds: 0, musicDurationSeconds: 7 });
    expect(profile.musicSrc).toMatch(new RegExp(`^/api/users/music/${delegue.id}\\?v=\\d+$`));
  });
});

const musicOf = (who: keyof Actors) => (a: Actors) => `/api/users/music/${a[who].id}`;
const serving: Scenario[] = everyActor({ method: "GET", url: musicOf("eleve") }, signedIn, "anyone logged in plays another user's music", {
  200: (_b, res) => {
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(Number(res.headers.get("content-length"))).toBe(mp3().length);
  },
});
describe("GET /api/users/music/:id", () => {
  scenarioTests(serving, env);
  const get = (range?: string, method = "GET") =>
    app.ctx.request(method, musicOf("eleve")(app.actors), { token: app.actors.prof.token, headers: range ? { range } : {} });

  it("answers a byte range with 206 and exactly those bytes", async () => {
    const whole = mp3();
    for (const [range, start, end] of [
      ["bytes=0-99", 0, 99],
      ["bytes=1000-", 1000, whole.length - 1],
      ["bytes=-500", whole.length - 500, whole.length - 1],
      [`bytes=${whole.length - 10}-${whole.length + 50}`, whole.length - 10, whole.length - 1],
    ] as const) {
      const res = await get(range);
      expect(res.status, range).toBe(206);
      expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/${whole.length}`);
      expect(res.headers.get("content-length")).toBe(String(end - start + 1));
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(whole.subarray(start, end + 1));
    }
  });
  it("a range past the end is unsatisfiable (416)", async () => {
    const res = await get(`bytes=${mp3().length}-`);
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${mp3().length}`);
  });
  it("HEAD gives the length and no body", async () => {
    const res = await get(undefined, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(mp3().length));
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });
  it("a user without music: 404 in French", async () => {
    const fresh = await app.ctx.user({ role: "eleve", username: "silence" });
    const res = await app.ctx.request("GET", `/api/users/music/${fresh.id}`, { token: app.actors.eleve.token });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: "Cet utilisateur n'a pas de musique." });
  });
});

const removal: Scenario[] = [
  ...everyActor({ method: "DELETE", url: "/api/users/me/music" }, signedIn, "anyone removes their own music", {
    200: { message: "Musique de profil retirée." },
  }),
  { name: "then it is gone", method: "GET", url: musicOf("eleve"), as: "prof", status: 404 },
];
describe("DELETE /api/users/me/music", () => {
  scenarioTests(removal, env);
  it("takes the file away and clears the profile", async () => {
    const { eleve } = app.actors;
    expect(await storedNames(app.ctx.deps, `music/${eleve.id}`)).toEqual([]);
    const profile = (await (await app.ctx.request("GET", `/api/users/${eleve.id}`, { token: eleve.token })).json()) as Record<
      string,
      unknown
    >;
    expect(profile).toMatchObject({ musicSrc: null, musicTitle: null, musicDurationSeconds: 0 });
  });
});
