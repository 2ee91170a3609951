import { describe, expect, it } from "vitest";
import type { AvatarUploadResponse } from "@planify/common/schemas/social";
import { appPerFile, scenarioTests, type Scenario } from "../../../test/helpers";
import { identiconPng } from "../../demo/png";
import { referencedProfileMedia } from "../../lib/profile-media";
import { form, gif, png } from "./test-fixtures";
import { storedNames } from "../../../test/stored-files";

// The avatar crop (xPercent, yPercent: the square's centre; scale 1–3) is stored with the
// uncropped picture, returned with the user, and the owner can fetch that picture again.
const app = appPerFile();
const crop = { xPercent: 40, yPercent: 55.5, scale: 2.25 };
const withSource = (c: unknown = crop, source: Uint8Array | null = identiconPng("source", 900)) => {
  const body = form("avatar", png(), "avatar.jpg", { crop: typeof c === "string" ? c : JSON.stringify(c) });
  if (source) body.append("source", new File([source], "photo.png"));
  return body;
};
const versionOf = async (id: string) =>
  ((await (await app.ctx.request("GET", `/api/users/${id}`, { token: app.actors.admin.token })).json()) as { avatarVersion: number })
    .avatarVersion;

const refusals: Scenario[] = [
  {
    name: "a zoom over 3",
    method: "POST",
    url: "/api/users/upload-avatar",
    as: "eleve",
    body: () => withSource({ ...crop, scale: 3.5 }),
    status: 400,
    expect: { code: "VALIDATION", message: "Le zoom enregistré du recadrage doit être compris entre 1 et 3." },
  },
  {
    name: "a zoom under 1",
    method: "POST",
    url: "/api/users/upload-avatar",
    as: "eleve",
    body: () => withSource({ ...crop, scale: 0.5 }),
    status: 400,
    expect: { message: "Le zoom enregistré du recadrage doit être compris entre 1 et 3." },
  },
  {
    name: "a centre outside the picture",
    method: "POST",
    url: "/api/users/upload-avatar",
    as: "eleve",
    body: () => withSource({ ...crop, xPercent: 120 }),
    status: 400,
    expect: { message: "La position du recadrage doit être comprise entre 0 et 100 %." },
  },
  {
    name: "a crop that is no JSON",
    method: "POST",
    url: "/api/users/upload-avatar",
    as: "eleve",
    body: () => withSource("{x"),
    status: 400,
    expect: { message: "Le recadrage de l'avatar est illisible." },
  },
  {
    name: "a crop without its source picture",
    method: "POST",
    url: "/api/users/upload-avatar",
    as: "eleve",
    body: () => withSource(crop, null),
    status: 400,
    expect: { message: "Le recadrage de l'avatar s'envoie avec l'image d'origine." },
  },
  {
    name: "a source that is no picture",
    method: "POST",
    url: "/api/users/upload-avatar",
    as: "eleve",
    body: () => withSource(crop, new TextEncoder().encode("<html></html>")),
    status: 415,
    expect: { message: "Veuillez sélectionner une image" },
  },
  { name: "a guest cannot read a source", method: "GET", url: "/api/users/me/avatar-source", as: "guest", status: 401 },
  {
    name: "no source kept yet: 404 in French",
    method: "GET",
    url: "/api/users/me/avatar-source",
    as: "prof",
    status: 404,
    expect: { message: "Aucune image d'origine n'est gardée pour cet avatar : choisis une nouvelle image." },
  },
];

describe("avatar crop", () => {
  scenarioTests(refusals, () => app);

  it("a refused crop stores nothing: no file, same version", async () => {
    expect(await versionOf(app.actors.eleve.id)).toBe(0);
    expect(await storedNames(app.ctx.deps, `avatars/${app.actors.eleve.id}`)).toEqual([]);
  });

  it("is stored with the avatar, returned with the user, and the owner gets the uncropped picture back", async () => {
    const { eleve, prof } = app.actors;
    const res = await app.ctx.request("POST", "/api/users/upload-avatar", { token: eleve.token, body: withSource() });
    expect(res.status).toBe(200);
    expect((await res.json()) as AvatarUploadResponse).toMatchObject({ avatarVersion: 1, avatarCrop: crop });
    const seen = await (await app.ctx.request("GET", `/api/users/${eleve.id}`, { token: prof.token })).json();
    expect(seen).toMatchObject({ avatarCrop: crop });
    const source = await app.ctx.request("GET", "/api/users/me/avatar-source", { token: eleve.token });
    expect(source.status).toBe(200);
    expect(source.headers.get("content-type")).toBe("image/png");
    // The source keeps its own size (900 px), unlike the 512 px avatar.
    expect(await new Bun.Image(new Uint8Array(await source.arrayBuffer())).metadata()).toMatchObject({ width: 900, height: 900 });
    // Another user asking gets their own (none), never the eleve's.
    expect((await app.ctx.request("GET", "/api/users/me/avatar-source", { token: prof.token })).status).toBe(404);
    // The start-up sweep keeps the source the row points to.
    const kept = [...(await referencedProfileMedia(app.ctx.deps)).keys()].filter((k) => k.includes(eleve.id));
    expect(kept).toEqual([expect.stringMatching(/\/1-[\w-]+\.png$/), expect.stringMatching(/\/s1-[\w-]+\.png$/)]);
  });

  it("a new crop replaces the old files; a GIF clears the crop and the source", async () => {
    const { eleve } = app.actors;
    const folder = () => storedNames(app.ctx.deps, `avatars/${eleve.id}`);
    const again = await app.ctx.request("POST", "/api/users/upload-avatar", {
      token: eleve.token,
      body: withSource({ xPercent: 10, yPercent: 90, scale: 1 }),
    });
    expect(((await again.json()) as AvatarUploadResponse).avatarCrop).toEqual({ xPercent: 10, yPercent: 90, scale: 1 });
    expect(await folder()).toEqual([expect.stringMatching(/^2-/), expect.stringMatching(/^s2-/)]);
    const gifRes = await app.ctx.request("POST", "/api/users/upload-avatar", {
      token: eleve.token,
      body: form("avatar", gif(), "anim.gif", { crop: JSON.stringify(crop) }),
    });
    expect(((await gifRes.json()) as AvatarUploadResponse).avatarCrop).toBeNull();
    expect(await folder()).toEqual([expect.stringMatching(/^3-[\w-]+\.gif$/)]);
    expect((await app.ctx.request("GET", "/api/users/me/avatar-source", { token: eleve.token })).status).toBe(404);
  });
});
