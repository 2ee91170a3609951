import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { LEGAL_DOCUMENTS } from "../../docs/legal/manifest";
import { writeLegalDocs } from "./legal-docs";

/** Reads the entries of a ZIP archive through its central directory (stored or deflated). */
function unzip(buf: Buffer): Map<string, string> {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error("not a zip: no end of central directory");
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error("bad central directory entry");
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString("utf8", at + 46, at + 46 + nameLen);
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(dataStart, dataStart + size);
    entries.set(name, (method === 8 ? inflateRawSync(raw) : raw).toString("utf8"));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

describe("legal documents", () => {
  const out = mkdtempSync(join(tmpdir(), "planify-legal-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("writes the three documents as valid DOCX files carrying their titles", async () => {
    const written = await writeLegalDocs(out, true);
    expect(written).toHaveLength(3);
    for (const doc of LEGAL_DOCUMENTS) {
      const zip = unzip(readFileSync(join(out, doc.file)));
      expect(zip.get("[Content_Types].xml")).toContain("wordprocessingml.document.main+xml");
      const xml = zip.get("word/document.xml");
      expect(xml).toBeDefined();
      expect(xml).toContain(doc.title.replace(/'/g, "&apos;"));
    }
    const privacy = unzip(readFileSync(join(out, "planify-politique-de-confidentialite.docx"))).get("word/document.xml")!;
    for (const topic of ["Registre des pièces", "Durées de conservation", "Vos droits", "planify_session", "CNIL"])
      expect(privacy).toContain(topic);
  });

  it("does not rewrite documents that are up to date", async () => {
    const before = statSync(join(out, LEGAL_DOCUMENTS[0].file)).mtimeMs;
    expect(await writeLegalDocs(out)).toEqual([]);
    expect(statSync(join(out, LEGAL_DOCUMENTS[0].file)).mtimeMs).toBe(before);
  });
});
