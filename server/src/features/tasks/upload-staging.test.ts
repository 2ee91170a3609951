import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActors, createTestApp, type Actors, type TestContext } from "../../../test/helpers";
import { createTask, FIXTURES, filesForm, listFiles, type EventJson } from "./test-support";

// Uploads are staged, recorded, then moved into place: a refused database write leaves
// nothing behind, and a normal upload ends in its task folder with the same bytes.
let ctx: TestContext;
let a: Actors;
let task: EventJson;

beforeAll(async () => {
  ctx = createTestApp();
  a = await createActors(ctx);
  task = await createTask(ctx, a.prof.token, { submissionEnabled: true });
});
afterAll(() => ctx.close());

/** A trigger that makes the database refuse every new task_files row (on or off), as a full disk would. */
async function refuseFileRows(on: boolean): Promise<void> {
  const { raw, kind } = ctx.deps.engine;
  if (kind === "sqlite") {
    await raw.run(
      on
        ? "CREATE TRIGGER refuse_files BEFORE INSERT ON task_files BEGIN SELECT RAISE(ABORT, 'disque plein'); END"
        : "DROP TRIGGER refuse_files",
    );
  } else if (on) {
    await raw.run("CREATE FUNCTION refuse_files() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disque plein'; END $$");
    await raw.run("CREATE TRIGGER refuse_files BEFORE INSERT ON task_files FOR EACH ROW EXECUTE FUNCTION refuse_files()");
  } else {
    await raw.run("DROP TRIGGER refuse_files ON task_files");
    await raw.run("DROP FUNCTION refuse_files()");
  }
}

describe("upload write path", () => {
  it("a database refusal after the files are written leaves no file, staged or placed", async () => {
    await refuseFileRows(true);
    try {
      const res = await ctx.request("POST", `/api/events/${task.id}/submissions`, {
        token: a.eleve.token,
        body: filesForm([
          ["rapport.pdf", FIXTURES.pdf()],
          ["annexe.zip", FIXTURES.zip()],
        ]),
      });
      expect(res.status).toBe(500);
      expect(listFiles(ctx.deps.uploadsDir)).toEqual([]);
      // Files reach the task folder only after the commit: it was never even created.
      expect(existsSync(join(ctx.deps.uploadsDir, "submissions", task.id))).toBe(false);
    } finally {
      await refuseFileRows(false);
    }
  });

  it("a normal upload lands in its task folder, nothing stays staged, and downloads the same bytes", async () => {
    const bytes = FIXTURES.docx();
    const res = await ctx.request("POST", `/api/events/${task.id}/attachments`, {
      token: a.prof.token,
      body: filesForm([["sujet.docx", bytes]]),
    });
    expect(res.status).toBe(201);
    const { files } = (await res.json()) as { files: { filename: string }[] };
    expect(listFiles(ctx.deps.uploadsDir)).toEqual([`attachments/${task.id}/${files[0]!.filename}`]);
    const download = await ctx.request("GET", `/api/events/${task.id}/attachments/${files[0]!.filename}/download`, {
      token: a.eleve.token,
    });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });
});
