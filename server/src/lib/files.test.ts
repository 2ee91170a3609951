import { describe, expect, it } from "vitest";
import { attachmentDisposition, cleanOriginalName } from "./files";

describe("original names are data, never paths", () => {
  it.each([
    ["../../etc/passwd.pdf", "passwd.pdf"],
    ["C:\\Users\\léa\\rapport final.docx", "rapport final.docx"],
    ["bad\u0000na\u202eme\n.pdf", "badname.pdf"],
    ["...cache.pdf", "cache.pdf"],
    ["", "fichier"],
    ["/", "fichier"],
  ])("%j → %j", (raw, clean) => {
    expect(cleanOriginalName(raw)).toBe(clean);
  });

  it("cuts long names to 200 characters and keeps the extension", () => {
    const name = cleanOriginalName(`${"a".repeat(300)}.pdf`);
    expect(name).toHaveLength(200);
    expect(name.endsWith("a.pdf")).toBe(true);
  });
});

describe("Content-Disposition", () => {
  it("gives an ASCII fallback and the UTF-8 name (RFC 5987)", () => {
    expect(attachmentDisposition('Énoncé "final"; v2 (1).pdf')).toBe(
      `attachment; filename="Enonce _final__ v2 (1).pdf"; filename*=UTF-8''%C3%89nonc%C3%A9%20%22final%22%3B%20v2%20%281%29.pdf`,
    );
  });
});
