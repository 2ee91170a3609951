import { afterAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../db/client";
import { identiconPng } from "../demo/png";
import { createActors, createTestApp } from "../../test/helpers";
import { uploadedPng } from "../features/item-creator/test-kit";
import { createTask, FIXTURES, filesForm, listFiles } from "../features/tasks/test-support";
import { createBackup } from "./create";
import { restoreBackup } from "./restore";
import { readTar } from "./tar";
import { STAGED_SUFFIX, STAGING_DIR } from "../lib/files";

// A backup holds exactly the uploaded files its database snapshot points to: every kind that
// rows reference (attachments, hand-ins, avatars, music, item art), and nothing else — not a
// file whose row came after the snapshot, nor a stray file no row ever pointed to. Restored,
// such a file would be an orphan the start-up sweep spares for an hour.
const root = mkdtempSync(join(tmpdir(), "planify-backup-refs-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function appOn(dataDir: string) {
  mkdirSync(join(dataDir, "uploads"), { recursive: true });
  const handle = openDatabase(join(dataDir, "planify.db"));
  return { ctx: createTestApp({ db: handle.db, engine: handle.engine, uploadsDir: join(dataDir, "uploads") }), handle };
}

const post = async (ctx: ReturnType<typeof createTestApp>, url: string, token: string, body: FormData, status = 201) => {
  const res = await ctx.request("POST", url, { token, body });
  expect(res.status, `${url}: ${await res.clone().text()}`).toBe(status);
  return res;
};

const avatarForm = (seed: string) => {
  const form = new FormData();
  form.append("avatar", new File([identiconPng(seed, 64)], "moi.png", { type: "image/png" }));
  return form;
};

describe("files in a backup", () => {
  it("are exactly those the snapshot's rows point to: every kind is there, a file committed after the snapshot and a stray file are not, and a restore leaves no orphan", async () => {
    const source = join(root, "source");
    const { ctx, handle } = appOn(source);
    writeFileSync(join(source, "jwt-secret"), "s".repeat(64), { mode: 0o600 });
    const a = await createActors(ctx);
    const task = await createTask(ctx, a.prof.token, { submissionEnabled: true });
    await post(ctx, `/api/events/${task.id}/attachments`, a.prof.token, filesForm([["sujet.pdf", FIXTURES.pdf()]]));
    await post(ctx, `/api/events/${task.id}/submissions`, a.eleve.token, filesForm([["copie.pdf", FIXTURES.pdf()]]));
    await post(ctx, "/api/users/upload-avatar", a.eleve.token, avatarForm("avant"), 200);
    const music = new FormData();
    music.append(
      "music",
      new File([readFileSync(fileURLToPath(new URL("../demo/assets/profile-melody.mp3", import.meta.url)))], "air.mp3", {
        type: "audio/mpeg",
      }),
    );
    music.append("title", "Air");
    await post(ctx, "/api/users/upload-music", a.eleve.token, music, 200);
    await uploadedPng(ctx, a.admin.token);
    // What a crash between writing a profile file and switching the row leaves: no row points to it.
    const stray = join(source, "uploads", "avatars", a.etudiant.id, "999-crashpendantlenvoi.png");
    mkdirSync(join(stray, ".."), { recursive: true });
    writeFileSync(stray, identiconPng("perdu", 16));
    const atSnapshot = listFiles(join(source, "uploads")).filter((p) => !p.includes("999-crash"));
    expect(atSnapshot.map((p) => p.split("/")[0]).sort()).toEqual(["attachments", "avatars", "item-assets", "music", "submissions"]);

    // Uploads keep coming while the backup runs: these rows are not in its snapshot.
    const archive = join(root, "sauvegarde.tar");
    let lateFiles: string[] = [];
    await createBackup({
      dataDir: source,
      target: archive,
      version: "0.1.0",
      afterSnapshot: async () => {
        await post(ctx, `/api/events/${task.id}/submissions`, a.delegue.token, filesForm([["tardif.pdf", FIXTURES.pdf()]]));
        await post(ctx, "/api/users/upload-avatar", a.delegue.token, avatarForm("pendant"), 200);
        await uploadedPng(ctx, a.admin.token);
        lateFiles = listFiles(join(source, "uploads")).filter((p) => !atSnapshot.includes(p) && !p.includes("999-crash"));
      },
    });
    const names: string[] = [];
    await readTar(
      archive,
      async () => null,
      (e) => void names.push(e.name),
    );
    expect(names.filter((n) => n.startsWith("uploads/")).sort()).toEqual(atSnapshot.map((p) => `uploads/${p}`));
    expect(lateFiles).toHaveLength(3);

    // Restored, every file has its row: nothing for a sweep to find, nothing missing.
    const restored = join(root, "restauree");
    await restoreBackup(archive, restored, "0.1.0");
    expect(listFiles(join(restored, "uploads")).filter((p) => !p.startsWith(".tmp/"))).toEqual(atSnapshot);
    const again = appOn(restored);
    try {
      for (const p of atSnapshot.filter((f) => f.startsWith("submissions/") || f.startsWith("attachments/"))) {
        const rows = again.handle.sqlite.query("SELECT count(*) AS n FROM task_files WHERE stored_name = ?").get(p.split("/").pop()!) as {
          n: number;
        };
        expect(rows.n, p).toBe(1);
      }
    } finally {
      again.handle.close();
      handle.close();
    }
  });

  it("a database from before item art (no item_assets table, as before its migration) is still backed up with its files", async () => {
    const source = join(root, "ancienne");
    mkdirSync(join(source, "uploads", "item-assets"), { recursive: true });
    const handle = openDatabase(join(source, "planify.db"));
    handle.sqlite.exec("PRAGMA foreign_keys = OFF");
    handle.sqlite.exec("DROP TABLE item_assets");
    handle.sqlite.exec(
      "INSERT INTO tasks (id, titre, type, matiere, date, heure, deadline_at, year, created_at, updated_at) VALUES ('t1', 'Rendu', 'devoir', 'Maths', '2026-11-23', '08:00', 0, 'BUT1', 'x', 'x')",
    );
    handle.sqlite.exec(
      "INSERT INTO task_files (stored_name, task_id, kind, original_name, ext, size, created_at) VALUES ('AbCdEfGhIjKlMnOpQr12.pdf', 't1', 'attachment', 'sujet.pdf', 'pdf', 1, 0)",
    );
    handle.close();
    mkdirSync(join(source, "uploads", "attachments", "t1"), { recursive: true });
    writeFileSync(join(source, "uploads", "attachments", "t1", "AbCdEfGhIjKlMnOpQr12.pdf"), FIXTURES.pdf());
    const { manifest } = await createBackup({ dataDir: source, target: join(root, "ancienne.tar"), version: "0.1.0" });
    expect(manifest.files.map((f) => f.path).filter((p) => p.startsWith("uploads/"))).toEqual([
      "uploads/attachments/t1/AbCdEfGhIjKlMnOpQr12.pdf",
    ]);
    expect(manifest.missing).toEqual([]);
  });

  it("a file a row points to but that is gone from the disk is reported in missing", async () => {
    const source = join(root, "manquant");
    const { ctx, handle } = appOn(source);
    try {
      const a = await createActors(ctx);
      const task = await createTask(ctx, a.prof.token);
      await post(ctx, `/api/events/${task.id}/attachments`, a.prof.token, filesForm([["sujet.pdf", FIXTURES.pdf()]]));
      const [gone] = listFiles(join(source, "uploads")).filter((p) => p.startsWith("attachments/"));
      rmSync(join(source, "uploads", gone!));
      const { manifest } = await createBackup({ dataDir: source, target: join(root, "manquant.tar"), version: "0.1.0" });
      expect(manifest.missing).toEqual([gone]);
      expect(manifest.files.map((f) => f.path)).not.toContain(`uploads/${gone}`);
    } finally {
      handle.close();
    }
  });

  it("a hand-in whose row is committed but whose file is still staged is archived where it belongs, and restored there", async () => {
    const source = join(root, "en-route");
    const { ctx, handle } = appOn(source);
    try {
      const a = await createActors(ctx);
      const task = await createTask(ctx, a.prof.token, { submissionEnabled: true });
      await post(ctx, `/api/events/${task.id}/submissions`, a.eleve.token, filesForm([["copie.pdf", FIXTURES.pdf()]]));
      const [placed] = listFiles(join(source, "uploads")).filter((p) => p.startsWith("submissions/"));
      // The instant between the commit and the move out of the staging folder.
      const staged = join(source, "uploads", STAGING_DIR, `${placed!.split("/").pop()}${STAGED_SUFFIX}`);
      mkdirSync(join(staged, ".."), { recursive: true });
      renameSync(join(source, "uploads", placed!), staged);
      const archive = join(root, "en-route.tar");
      const { manifest } = await createBackup({ dataDir: source, target: archive, version: "0.1.0" });
      expect(manifest.missing).toEqual([]);
      expect(manifest.files.map((f) => f.path)).toContain(`uploads/${placed}`);
      const restored = join(root, "en-route-restauree");
      await restoreBackup(archive, restored, "0.1.0");
      expect(readFileSync(join(restored, "uploads", placed!))).toEqual(readFileSync(staged));
    } finally {
      handle.close();
    }
  });
});
