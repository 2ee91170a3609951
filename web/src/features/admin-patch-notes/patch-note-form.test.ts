import { describe, expect, it } from "vitest";
import { EMPTY_NOTE, noteBody } from "./patch-note-form";

describe("patch-note editor", () => {
  it("needs a title and some content (text or an image)", () => {
    expect(noteBody(EMPTY_NOTE, true)).toBe("Titre et contenu requis");
    expect(noteBody({ ...EMPTY_NOTE, title: "1.8", html: "<p>&nbsp; </p>" }, true)).toBe("Titre et contenu requis");
    expect(noteBody({ ...EMPTY_NOTE, title: "  ", html: "<p>Nouveau</p>" }, true)).toBe("Titre et contenu requis");
    expect(
      noteBody({ ...EMPTY_NOTE, title: " 1.8 ", version: " 1.8.0 ", html: '<p><img src="data:image/png;base64,AAAA"></p>' }, false),
    ).toEqual({
      title: "1.8",
      version: "1.8.0",
      html: '<p><img src="data:image/png;base64,AAAA"></p>',
      notify: true,
      published: false,
    });
  });
});
