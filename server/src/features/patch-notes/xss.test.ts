import { first } from "../../db/engine";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PatchNote } from "@planify/common/schemas/social";
import { appPerFile } from "../../../test/helpers";
import { markupProblems, XSS_VECTORS } from "../../../test/xss-vectors";
import { patchNotes } from "../../db/schema";

// A note's HTML is sanitised before it is stored: every injection vector comes back clean
// to a student reading it, and what is stored is exactly what is served.
const app = appPerFile();

const publish = async (html: string, method = "POST", url = "/api/patch-notes") => {
  const res = await app.ctx.request(method, url, { token: app.actors.admin.token, body: { title: "XSS", version: "0.0.1", html } });
  return ((await res.json()) as { note: PatchNote }).note;
};

describe("XSS vectors in patch notes", () => {
  XSS_VECTORS.forEach((vector, i) => {
    it(`vector ${i + 1} comes back clean: ${vector.slice(0, 60)}`, async () => {
      const created = await publish(`<p>avant</p>${vector}<p>après</p>`);
      const res = await app.ctx.request("GET", `/api/patch-notes/${created.id}`, { token: app.actors.eleve.token });
      const { html } = ((await res.json()) as { note: PatchNote }).note;
      expect(markupProblems(html)).toEqual([]);
      expect(html).toContain("<p>avant</p>");
      const row = (await first(app.ctx.deps.db.select({ html: patchNotes.html }).from(patchNotes).where(eq(patchNotes.id, created.id))))!;
      expect(row.html).toBe(html);
    });
  });

  it("edits are sanitised too", async () => {
    const created = await publish("<p>ok</p>");
    const edited = await publish(`<img src=x onerror=alert(1)><b>ok</b>`, "PUT", `/api/patch-notes/${created.id}`);
    expect(edited.html).toBe("<b>ok</b>");
  });
});
