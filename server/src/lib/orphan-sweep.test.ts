import { afterEach, describe, expect, it } from "vitest";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { listFiles } from "../features/tasks/test-support";
import { sweepMessage, sweepUploads } from "./orphan-sweep";

// The start-up sweep on a real folder: what a crash can leave behind, and what must survive.
const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

const NOW = Date.now();
const HOURS = 3_600_000;

/** Writes a file whose modification time is `ageMs` in the past. */
function put(root: string, rel: string, ageMs: number, content = rel): string {
  const path = join(root, rel);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  const t = (NOW - ageMs) / 1000;
  utimesSync(path, t, t);
  return path;
}

describe("start-up sweep of the uploads folder", () => {
  it("removes old unreferenced and staged files, keeps referenced ones however old, and young ones", async () => {
    const root = mkdtempSync(join(tmpdir(), "planify-sweep-"));
    roots.push(root);
    const kept = put(root, "attachments/t1/gardeAAAAAAAAAAAAAAAA.pdf", 400 * 24 * HOURS);
    const keptHandIn = put(root, "submissions/t1/rendu-BBBBBBBBBBBBBBBB.pdf", 2 * HOURS);
    put(root, "attachments/t1/orphelinCCCCCCCCCCCC.pdf", 2 * HOURS);
    put(root, "submissions/t2/orphelinDDDDDDDDDDDD.zip", 3 * HOURS);
    put(root, "egare.bin", 2 * HOURS);
    put(root, ".tmp/coupeEEEEEEEEEEEEEEEE.pdf.part", 2 * HOURS);
    put(root, "attachments/t3/vieux.part", 2 * HOURS);
    const young = put(root, "attachments/t1/recentFFFFFFFFFFFFF.pdf", 10 * 60_000);
    const youngStaged = put(root, ".tmp/en-coursGGGGGGGGGGG.pdf.part", 5 * 60_000);
    const referenced = new Map([
      ["gardeAAAAAAAAAAAAAAAA.pdf", kept],
      ["rendu-BBBBBBBBBBBBBBBB.pdf", keptHandIn],
    ]);

    const result = await sweepUploads(root, referenced, { now: NOW });

    expect(result).toEqual({ orphans: 3, staged: 2, recovered: 0 });
    expect(listFiles(root)).toEqual([
      ".tmp/en-coursGGGGGGGGGGG.pdf.part",
      "attachments/t1/gardeAAAAAAAAAAAAAAAA.pdf",
      "attachments/t1/recentFFFFFFFFFFFFF.pdf",
      "submissions/t1/rendu-BBBBBBBBBBBBBBBB.pdf",
    ]);
    expect([young, youngStaged].every((p) => existsSync(p))).toBe(true);
    // Folders emptied by the sweep go too.
    expect(existsSync(join(root, "submissions", "t2"))).toBe(false);
    expect(existsSync(join(root, "attachments", "t3"))).toBe(false);
    expect(sweepMessage(result)).toBe(
      "Nettoyage des fichiers déposés : 3 fichier(s) orphelin(s) supprimé(s), 2 fichier(s) temporaire(s) supprimé(s), 0 fichier(s) remis en place.",
    );
  });

  it("moves a staged file into place when its row was committed before the crash", async () => {
    const root = mkdtempSync(join(tmpdir(), "planify-sweep-"));
    roots.push(root);
    put(root, ".tmp/committedHHHHHHHHHH.pdf.part", 5 * HOURS, "%PDF contenu");
    const target = join(root, "submissions", "t9", "committedHHHHHHHHHH.pdf");
    const result = await sweepUploads(root, new Map([["committedHHHHHHHHHH.pdf", target]]), { now: NOW });
    expect(result).toEqual({ orphans: 0, staged: 0, recovered: 1 });
    expect(readFileSync(target, "utf8")).toBe("%PDF contenu");
    expect(listFiles(root)).toEqual(["submissions/t9/committedHHHHHHHHHH.pdf"]);
  });

  it("says nothing on a clean folder, and copes with a missing one", async () => {
    const root = mkdtempSync(join(tmpdir(), "planify-sweep-"));
    roots.push(root);
    const ref = put(root, "attachments/t1/seulIIIIIIIIIIIIIII.png", 9 * HOURS);
    const clean = await sweepUploads(root, new Map([["seulIIIIIIIIIIIIIII.png", ref]]), { now: NOW });
    expect(sweepMessage(clean)).toBeNull();
    expect(listFiles(root)).toEqual(["attachments/t1/seulIIIIIIIIIIIIIII.png"]);
    expect(await sweepUploads(join(root, "absent"), new Map(), { now: NOW })).toEqual({ orphans: 0, staged: 0, recovered: 0 });
  });
});
