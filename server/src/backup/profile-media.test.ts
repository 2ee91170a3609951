import { afterAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../db/client";
import { identiconPng } from "../demo/png";
import { createTestApp } from "../../test/helpers";
import { createBackup } from "./create";
import { restoreBackup } from "./restore";

// A backup carries the avatars and profile music: after a restore on another folder, the
// same accounts are served the same bytes.
const root = mkdtempSync(join(tmpdir(), "planify-profile-backup-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function appOn(dataDir: string) {
  mkdirSync(join(dataDir, "uploads"), { recursive: true });
  const handle = openDatabase(join(dataDir, "planify.db"));
  return { ctx: createTestApp({ db: handle.db, engine: handle.engine, uploadsDir: join(dataDir, "uploads") }), handle };
}

describe("profile media in backups", () => {
  it("an avatar and a profile music survive a backup and a restore byte for byte", async () => {
    const source = join(root, "source");
    const { ctx, handle } = appOn(source);
    writeFileSync(join(source, "jwt-secret"), "s".repeat(64), { mode: 0o600 });
    const student = await ctx.user({ role: "eleve" });
    const avatarForm = new FormData();
    avatarForm.append("avatar", new File([identiconPng("sauvegarde", 96)], "moi.png", { type: "image/png" }));
    const avatar = (await (await ctx.request("POST", "/api/users/upload-avatar", { token: student.token, body: avatarForm })).json()) as {
      avatarVersion: number;
    };
    const mp3 = readFileSync(fileURLToPath(new URL("../demo/assets/profile-melody.mp3", import.meta.url)));
    const musicForm = new FormData();
    musicForm.append("music", new File([mp3], "air.mp3", { type: "audio/mpeg" }));
    musicForm.append("title", "Air");
    const music = (await (await ctx.request("POST", "/api/users/upload-music", { token: student.token, body: musicForm })).json()) as {
      musicSrc: string;
    };
    const served = async (c: typeof ctx, url: string) => {
      const res = await c.request("GET", url, { token: student.token });
      expect(res.status, url).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    const avatarUrl = `/api/users/avatar/${student.id}?v=${avatar.avatarVersion}`;
    const before = { avatar: await served(ctx, avatarUrl), music: await served(ctx, music.musicSrc) };
    expect(before.music.equals(mp3)).toBe(true);

    const archive = join(root, "sauvegarde.tar");
    await createBackup({ dataDir: source, target: archive, version: "0.1.0" });
    const restored = join(root, "restauree");
    await restoreBackup(archive, restored, "0.1.0");

    // The files themselves are in the restored folder, under the same names.
    const files = (dir: string) =>
      readdirSync(join(dir, "uploads", "avatars", student.id)).concat(readdirSync(join(dir, "uploads", "music", student.id)));
    expect(files(restored)).toEqual(files(source));
    const again = appOn(restored);
    try {
      expect((await served(again.ctx, avatarUrl)).equals(before.avatar)).toBe(true);
      expect((await served(again.ctx, music.musicSrc)).equals(before.music)).toBe(true);
    } finally {
      again.handle.close();
      handle.close();
    }
  });
});
