// Writes the About page's legal documents (docs/legal/*.ts) as .docx files into
// web/public/documents, so that Vite copies them into the built app.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { AlignmentType, Document, Footer, HeadingLevel, Packer, PageNumber, Paragraph, TextRun } from "docx";
import { LEGAL_DOCUMENTS, type LegalDocumentId } from "../../docs/legal/manifest";
import type { LegalText } from "../../docs/legal/types";
import { ACCESSIBILITE } from "../../docs/legal/accessibilite";
import { CONFIDENTIALITE } from "../../docs/legal/confidentialite";
import { REGLEMENT } from "../../docs/legal/reglement";

const TEXTS: Record<LegalDocumentId, LegalText> = {
  reglement: REGLEMENT,
  confidentialite: CONFIDENTIALITE,
  accessibilite: ACCESSIBILITE,
};

// Not ./paths: import.meta.dir is Bun-only, and this module also runs under vitest.
const root = fileURLToPath(new URL("../..", import.meta.url));

export const LEGAL_DOCS_OUT = join(root, "web", "public", "documents");

function body(text: LegalText): Paragraph[] {
  const out: Paragraph[] = [];
  for (const p of text.intro) out.push(new Paragraph({ text: p, spacing: { after: 160 } }));
  for (const section of text.sections) {
    out.push(new Paragraph({ text: section.heading, heading: HeadingLevel.HEADING_1, spacing: { before: 320, after: 120 } }));
    for (const block of section.body) {
      if (typeof block === "string") out.push(new Paragraph({ text: block, spacing: { after: 140 } }));
      else for (const item of block) out.push(new Paragraph({ text: item, bullet: { level: 0 }, spacing: { after: 80 } }));
    }
  }
  return out;
}

/** Builds one document as .docx bytes. */
export async function buildLegalDoc(id: LegalDocumentId): Promise<Buffer> {
  const meta = LEGAL_DOCUMENTS.find((d) => d.id === id)!;
  const text = TEXTS[id];
  const doc = new Document({
    creator: "Planify",
    lastModifiedBy: "Planify",
    title: meta.title,
    description: meta.summary,
    styles: {
      default: {
        document: { run: { font: "Calibri", size: 22 }, paragraph: { spacing: { line: 300 } } },
        title: { run: { font: "Calibri", size: 44, bold: true, color: "312E81" } },
        heading1: { run: { font: "Calibri", size: 28, bold: true, color: "4F46E5" } },
      },
    },
    sections: [
      {
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    children: [`Planify — ${meta.title} — page `, PageNumber.CURRENT, " / ", PageNumber.TOTAL_PAGES],
                    size: 18,
                    color: "6B7280",
                  }),
                ],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({ text: meta.title, heading: HeadingLevel.TITLE, spacing: { after: 80 } }),
          new Paragraph({ children: [new TextRun({ text: text.subtitle, italics: true, color: "5B6475" })], spacing: { after: 320 } }),
          ...body(text),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

function newestSource(): number {
  const dir = join(root, "docs", "legal");
  const files = [...readdirSync(dir).map((f) => join(dir, f)), join(root, "scripts", "lib", "legal-docs.ts")];
  return Math.max(...files.map((f) => statSync(f).mtimeMs));
}

/**
 * Writes every document into `outDir` when one is missing or older than its sources;
 * returns the paths written (none when everything was up to date).
 */
export async function writeLegalDocs(outDir = LEGAL_DOCS_OUT, force = false): Promise<string[]> {
  const targets = LEGAL_DOCUMENTS.map((d) => ({ id: d.id, path: join(outDir, d.file) }));
  const newest = newestSource();
  const stale = force || targets.some((t) => !existsSync(t.path) || statSync(t.path).mtimeMs < newest);
  if (!stale) return [];
  mkdirSync(outDir, { recursive: true });
  for (const t of targets) writeFileSync(t.path, await buildLegalDoc(t.id));
  return targets.map((t) => t.path);
}
