import { describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES, SOCIAL_MESSAGES } from "@planify/common/constants/social";
import type { AvatarUploadResponse } from "@planify/common/schemas/social";
import { appPerFile, everyActor, scenarioTests, type Actors, type Scenario } from "../../../test/helpers";
import { sweepUploadsAtStart } from "../tasks/files-service";
import { referencedProfileMedia } from "../../lib/profile-media";
import { identiconPng } from "../../demo/png";
import { form, gif, html, png, svg } from "./test-fixtures";
import { isStored, storedNames } from "../../../test/stored-files";
import { refuseWrites } from "../../../test/refuse-writes";

// Avatars: judged by their bytes, always the caller's own, served to every logged-in user with caching by version.
const app = appPerFile();
const env = () => app;
const signedIn = { guest: 401, eleve: 200, etudiant: 200, delegue: 200, prof: 200, admin: 200 };
const avatarFolder = (id: string) => storedNames(app.ctx.deps, `avatars/${id}`);

const uploads: Scenario[] = [
  ...everyActor(
    { method: "POST", url: "/api/users/upload-avatar", body: () => form("avatar", png(), "moi.png") },
    signedIn,
    "every role sets its own avatar",
    {
      401: { code: "UNAUTHORIZED" },
      200: (json, _res, a) => {
        const answer = json as AvatarUploadResponse;
        expect(answer).toMatchObject({ success: true, message: SOCIAL_MESSAGES.avatarSaved, avatarVersion: 1 });
        expect(answer.avatar).toMatch(/^\/api\/users\/avatar\/[0-9a-f-]{36}\?v=1$/);
        expect(Object.values(a).some((u) => answer.avatar === `/api/users/avatar/${u.id}?v=1`)).toBe(true);
      },
    },
  ),
  {
    name: "an SVG renamed .png is refused",
    method: "POST",
    url: "/api/users/upload-avatar",
    as: "eleve",
    body: () => form("avatar", svg(), "photo.png"),
    status: 415,
    expect: { code: "UNSUPPORTED_MEDIA_TYPE", message: "Veuillez sélectionner une image" },
  },
  {
    name: "an HTML page renamed .png is refused",
    method: "POST",
    url: "/api/users/upload-avatar",
    as: "eleve",
    body: () => form("avatar", html(), "photo.png"),
    status: 415,
    expect: { message: "Veuillez sélectionner une image" },
  },
  {
    name: "a 31 MB image is refused with the editor's words",
    method: "POST",
    url: "/api/users/upload-avatar",
    as: "eleve",
    body: () => {
      const big = new Uint8Array(31 * 1024 * 1024);
      big.set(png());
      return form("avatar", big, "grande.png");
    },
    status: 413,
    expect: { code: "PAYLOAD_TOO_LARGE", message: "Le fichier est trop volumineux. Taille maximale : 30MB" },
  },
  {
    name: "no file",
    method: "POST",
    url: "/api/users/upload-avatar",
    as: "eleve",
    body: () => form("photo", png(), "moi.png"),
    status: 400,
    expect: { message: "Veuillez sélectionner une image" },
  },
  { name: "JSON instead of a file", method: "POST", url: "/api/users/upload-avatar", as: "eleve", body: { avatar: "x" }, status: 415 },
  {
    name: "a GIF is kept as it is, with its own message",
    method: "POST",
    url: "/api/users/upload-avatar",
    as: "delegue",
    body: () => form("avatar", gif(), "anim.gif"),
    status: 200,
    expect: { message: SOCIAL_MESSAGES.avatarGifSaved, avatarVersion: 2 },
  },
];
describe("POST /api/users/upload-avatar", () => {
  scenarioTests(uploads, env);
  it("a refused file leaves nothing on disk and the version unchanged", async () => {
    const { eleve } = app.actors;
    expect(await avatarFolder(eleve.id)).toEqual([expect.stringMatching(/^1-[\w-]+\.png$/)]);
    const profile = (await (await app.ctx.request("GET", `/api/users/${eleve.id}`, { token: app.actors.prof.token })).json()) as {
      avatarVersion: number;
    };
    expect(profile.avatarVersion).toBe(1);
  });
  it("a picture is stored re-encoded, 512 px a side at most; what trailed it is gone", async () => {
    const { prof, eleve } = app.actors;
    const big = identiconPng("grande", 1200);
    const trailing = new TextEncoder().encode("<script>alert(1)</script>");
    const body = form("avatar", new Uint8Array([...big, ...trailing]), "grande.png");
    const res = await app.ctx.request("POST", "/api/users/upload-avatar", { token: prof.token, body });
    const { avatar } = (await res.json()) as AvatarUploadResponse;
    const served = new Uint8Array(await (await app.ctx.request("GET", avatar, { token: eleve.token })).arrayBuffer());
    expect(await new Bun.Image(served).metadata()).toMatchObject({ width: 512, height: 512, format: "png" });
    expect(new TextDecoder().decode(served)).not.toContain("<script>");
  });
  it("a file with a PNG signature that is no picture is refused", async () => {
    const broken = png().subarray(0, 40);
    const res = await app.ctx.request("POST", "/api/users/upload-avatar", {
      token: app.actors.prof.token,
      body: form("avatar", broken, "casse.png"),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ message: "Veuillez sélectionner une image" });
  });
  it("a new avatar replaces the old file", async () => {
    expect(await avatarFolder(app.actors.delegue.id)).toEqual([expect.stringMatching(/^2-[\w-]+\.gif$/)]);
  });
  it("the body limit is just over 30 MB: a far larger body is cut before it is read, with the same words", async () => {
    const big = new Uint8Array(AVATAR_MAX_BYTES + 3 * 1024 * 1024);
    const res = await app.ctx.request("POST", "/api/users/upload-avatar", {
      token: app.actors.eleve.token,
      body: form("avatar", big, "x.png"),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ message: SOCIAL_MESSAGES.avatarTooBig });
  });
});

const avatarOf =
  (who: keyof Actors, v = "1") =>
  (a: Actors) =>
    `/api/users/avatar/${a[who].id}?v=${v}`;
const serving: Scenario[] = [
  ...everyActor({ method: "GET", url: avatarOf("eleve") }, signedIn, "another user's avatar is visible to every logged-in user", {
    200: async (body, res) => {
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("etag")).toBeTruthy();
      expect(new TextEncoder().encode(body as string).length).toBeGreaterThan(0);
    },
  }),
  {
    name: "an old version in the URL is served briefly cached (the current picture)",
    method: "GET",
    url: avatarOf("delegue", "1"),
    as: "eleve",
    status: 200,
    expect: (_b, res) => {
      expect(res.headers.get("content-type")).toBe("image/gif");
      expect(res.headers.get("cache-control")).toBe("private, max-age=60");
    },
  },
];
describe("GET /api/users/avatar/:id", () => {
  scenarioTests(serving, env);
  it("answers 304 to a matching If-None-Match and serves a HEAD", async () => {
    const url = avatarOf("eleve")(app.actors);
    const first = await app.ctx.request("GET", url, { token: app.actors.prof.token });
    const etag = first.headers.get("etag")!;
    const again = await app.ctx.request("GET", url, { token: app.actors.prof.token, headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const head = await app.ctx.request("HEAD", url, { token: app.actors.prof.token });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/png");
  });
  it("is read with the session cookie too (an <img> sends no bearer header)", async () => {
    const login = await app.ctx.request("POST", "/api/users/login", { body: { username: "prof", password: app.actors.prof.password } });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("planify_session="))!;
    expect(cookie).toBeTruthy();
    const res = await app.ctx.request("GET", avatarOf("eleve")(app.actors), { headers: { cookie } });
    expect(res.status).toBe(200);
  });
  it("a user with no avatar: 404 in French", async () => {
    const fresh = await app.ctx.user({ role: "eleve", username: "sansphoto" });
    const res = await app.ctx.request("GET", `/api/users/avatar/${fresh.id}?v=0`, { token: app.actors.eleve.token });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: "Cet utilisateur n'a pas d'avatar." });
  });
  it("nobody can replace another user's avatar: an upload always changes the caller's own", async () => {
    const { eleve, etudiant } = app.actors;
    const before = await (await app.ctx.request("GET", avatarOf("eleve")(app.actors), { token: etudiant.token })).arrayBuffer();
    // Whatever else the request names, the upload belongs to the caller.
    const body = form("avatar", gif(), "pirate.gif", { userId: eleve.id, id: eleve.id });
    const res = await app.ctx.request("POST", `/api/users/upload-avatar?userId=${eleve.id}`, { token: etudiant.token, body });
    expect((await res.json()) as AvatarUploadResponse).toMatchObject({ avatar: `/api/users/avatar/${etudiant.id}?v=2` });
    const after = await app.ctx.request("GET", avatarOf("eleve")(app.actors), { token: etudiant.token });
    expect(after.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await after.arrayBuffer())).toEqual(new Uint8Array(before));
  });
});

describe("profile media and the start-up sweep", () => {
  it("avatars the rows point to survive the sweep of unreferenced files, however old", async () => {
    const { deps } = app.ctx;
    const stray = `avatars/${app.actors.eleve.id}/0-orphelin.png`;
    await deps.storage.write(stray, png());
    const kept = [...(await referencedProfileMedia(deps)).keys()].map((key) => key.slice(1));
    expect(kept).toHaveLength(5);
    // Two days later, every file is old enough to be swept if nothing points to it.
    await sweepUploadsAtStart(deps, await referencedProfileMedia(deps), { now: Date.now() + 48 * 3600_000 });
    for (const key of kept) expect(await isStored(deps, key), key).toBe(true);
    expect(await isStored(deps, stray)).toBe(false);
  });
});

describe("a refused avatar write", () => {
  it("leaves no new file behind when the database refuses the row's switch", async () => {
    const { ctx } = app;
    const me = await ctx.user({ role: "eleve" }, { questions: false });
    await refuseWrites(ctx.deps.engine, "refuse_avatar", "UPDATE OF avatar_version", "users", true);
    try {
      const res = await ctx.request("POST", "/api/users/upload-avatar", { token: me.token, body: form("avatar", png(), "moi.png") });
      expect(res.status).toBe(500);
      expect(await avatarFolder(me.id)).toEqual([]);
    } finally {
      await refuseWrites(ctx.deps.engine, "refuse_avatar", "UPDATE OF avatar_version", "users", false);
    }
  });
});
