// Fixtures shared by the task tests: task bodies, real file bytes of each accepted type and
// small request helpers. Not a test file itself.
import { strToU8, zipSync } from "fflate";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { TestContext } from "../../../test/helpers";

/** A valid homework body for BUT1 group A (the test clock is Monday 16 Nov 2026, 10:00 Paris). */
export function taskBody(overrides: Record<string, unknown> = {}) {
  return {
    titre: "Maquette du portfolio",
    type: "devoir",
    matiere: "Développement web",
    date: "2026-11-20",
    heure: "18:00",
    description: "<p>Rendre la <strong>maquette</strong>.</p>",
    groupes: ["A"],
    groupe: "A",
    year: "BUT1",
    ...overrides,
  };
}

export interface EventJson {
  _id: string;
  id: string;
  titre: string;
  year: string;
  groupes: string[];
  groupe: string;
  description: string;
  checked: boolean;
  archived: boolean;
  hidden: boolean;
  late: boolean;
  submissionEnabled: boolean;
  start: string;
  end: string;
  attachments: { filename: string; originalname: string; size: number; url: string }[];
}

/** Creates a task through the API and returns its answer (throws on refusal). */
export async function createTask(ctx: TestContext, token: string, overrides: Record<string, unknown> = {}): Promise<EventJson> {
  const res = await ctx.request("POST", "/api/events", { token, body: taskBody(overrides) });
  const json = (await res.json()) as { event: EventJson; message?: string };
  if (res.status !== 201) throw new Error(`create task: ${res.status} ${JSON.stringify(json)}`);
  return json.event;
}

/** Ids of the tasks GET /events returns to this caller. */
export async function visibleIds(ctx: TestContext, token: string): Promise<string[]> {
  const res = await ctx.request("GET", "/api/events", { token });
  const json = (await res.json()) as { events: EventJson[] };
  return json.events.map((e) => e.id);
}

const bytes = (...parts: (string | number[] | Uint8Array)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...strToU8(p)] : [...p])));

const FIXED_TIME = new Date("2026-01-05T10:00:00Z");

/** Minimal but real file contents, recognised by their signatures. */
export const FIXTURES = {
  pdf: () => bytes("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
  png: () =>
    bytes(
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13],
      "IHDR",
      [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89],
    ),
  jpeg: () => bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], "JFIF", [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]),
  svg: () =>
    bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
  zip: () => zipSync({ "notes.txt": strToU8("bonjour") }, { mtime: FIXED_TIME }),
  docx: () =>
    zipSync(
      {
        "[Content_Types].xml": strToU8(
          '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        ),
        "_rels/.rels": strToU8('<?xml version="1.0"?><Relationships/>'),
        "word/document.xml": strToU8('<?xml version="1.0"?><w:document/>'),
      },
      { mtime: FIXED_TIME },
    ),
  doc: () => bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Array(504).fill(0)),
  rar: () => bytes("Rar!", [0x1a, 0x07, 0x00, 0xcf, 0x90, 0x73, 0, 0, 0x0d, 0, 0, 0, 0, 0, 0, 0]),
  /** An ELF executable header: what a renamed program looks like. */
  elf: () => bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0], new Array(56).fill(0)),
} as const;

/** A multipart body of named files. */
export function filesForm(files: [name: string, content: Uint8Array][], field = "files"): FormData {
  const form = new FormData();
  for (const [name, content] of files) form.append(field, new File([content], name));
  return form;
}

/** Every file under a folder (relative paths), to prove what is and is not on disk. */
export function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(root, path));
    }
  };
  walk(root);
  return out.sort();
}
