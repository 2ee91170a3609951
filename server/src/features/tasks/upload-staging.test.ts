import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActors, createTestApp, type Actors, type TestContext } from "../../../test/helpers";
import { createTask, FIXTURES, filesForm, type EventJson } from "./test-support";
import { storedFiles } from "../../../test/stored-files";
import { refuseWrites } from "../../../test/refuse-writes";

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

describe("upload write path", () => {
  it("a database refusal after the files are written leaves no file, staged or placed", async () => {
    await refuseWrites(ctx.deps.engine, "refuse_files", "INSERT", "task_files", true);
    try {
      const res = await ctx.request("POST", `/api/events/${task.id}/submissions`, {
        token: a.eleve.token,
        body: filesForm([
          ["rapport.pdf", FIXTURES.pdf()],
          ["annexe.zip", FIXTURES.zip()],
        ]),
      });
      expect(res.status).toBe(500);
      expect(await storedFiles(ctx.deps)).toEqual([]);
      // Files reach the task folder only after the commit: it was never even created.
      expect(existsSync(join(ctx.deps.uploadsDir, "submissions", task.id))).toBe(false);
    } finally {
      await refuseWrites(ctx.deps.engine, "refuse_files", "INSERT", "task_files", false);
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
    expect(await storedFiles(ctx.deps)).toEqual([`attachments/${task.id}/${files[0]!.filename}`]);
    const download = await ctx.request("GET", `/api/events/${task.id}/attachments/${files[0]!.filename}/download`, {
      token: a.eleve.token,
    });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });
});
