import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTACHMENT_EXTENSIONS, SUBMISSION_EXTENSIONS } from "@planify/common/constants/tasks";
import { ATTACHMENT_TYPES_ADD, ATTACHMENT_TYPES_EDIT, SUBMISSION_TYPES } from "../../../../web/src/features/tasks/model/accept-lists";
import { createActors, createTestApp, type Actors, type TestContext } from "../../../test/helpers";
import { createTask, FIXTURES, filesForm } from "./test-support";

// The web's file pickers offer what the server accepts, and nothing it refuses: each list the
// web sets as `accept` is read here and one real file of every offered type is uploaded.
let ctx: TestContext;
let actors: Actors;
let taskId: string;

beforeAll(async () => {
  ctx = createTestApp();
  actors = await createActors(ctx);
  taskId = (await createTask(ctx, actors.prof.token, { titre: "Dépôt", submissionEnabled: true })).id;
});
afterAll(() => ctx.close());

const extensions = (accept: string) => accept.split(",").map((e) => e.replace(/^\./, ""));
const bytesOf = (ext: string) => FIXTURES[(ext === "jpg" ? "jpeg" : ext) as keyof typeof FIXTURES]();

describe("the web's accept lists equal the server's", () => {
  it("attachments when adding: the server's full attachment list", () => {
    expect(extensions(ATTACHMENT_TYPES_ADD).sort()).toEqual([...ATTACHMENT_EXTENSIONS].sort());
  });
  it("hand-ins: the server's submission list", () => {
    expect(extensions(SUBMISSION_TYPES).sort()).toEqual([...SUBMISSION_EXTENSIONS].sort());
  });
  it("attachments when editing: the server's list without archives (spec 3)", () => {
    expect(extensions(ATTACHMENT_TYPES_EDIT).sort()).toEqual(["doc", "docx", "jpeg", "jpg", "pdf", "png", "svg"]);
  });

  it("every type offered to attach is stored by the server", async () => {
    const offered = extensions(ATTACHMENT_TYPES_ADD);
    const form = filesForm(offered.map((ext) => [`fichier.${ext}`, bytesOf(ext)] as [string, Uint8Array]));
    const res = await ctx.request("POST", `/api/events/${taskId}/attachments`, { token: actors.prof.token, body: form });
    expect(res.status).toBe(201);
    const { files } = (await res.json()) as { files: { originalname: string }[] };
    expect(files.map((f) => f.originalname).sort()).toEqual(offered.map((ext) => `fichier.${ext}`).sort());
  });

  it("every type offered to hand in is stored by the server", async () => {
    const offered = extensions(SUBMISSION_TYPES);
    const form = filesForm(offered.map((ext) => [`rendu.${ext}`, bytesOf(ext)] as [string, Uint8Array]));
    const res = await ctx.request("POST", `/api/events/${taskId}/submissions`, { token: actors.eleve.token, body: form });
    expect(res.status).toBe(201);
    const { files } = (await res.json()) as { files: { originalname: string }[] };
    expect(files.map((f) => f.originalname).sort()).toEqual(offered.map((ext) => `rendu.${ext}`).sort());
  });

  it("a type the web does not offer for hand-ins is refused by the server", async () => {
    const res = await ctx.request("POST", `/api/events/${taskId}/submissions`, {
      token: actors.eleve.token,
      body: filesForm([["image.png", FIXTURES.png()]]),
    });
    expect(res.status).toBe(415);
  });
});
