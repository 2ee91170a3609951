import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { streamOf, type Storage } from "./storage";

/**
 * One file of an archive: its path inside the ZIP and either its key in storage (stored as
 * is; read as a stream from disk or S3) or the text it is made of, produced piece by piece only when the consumer pulls
 * (compressed; a generator keeps a long JSON file out of memory).
 */
export type ZipEntry = {
  name: string;
  /** Modification time (ms); ZIP dates must fall between 1980 and 2099. */
  mtime?: number;
} & ({ storage: Storage; key: string } | { pieces: () => Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array> });

const encoder = new TextEncoder();

/** Reads an entry's content chunk by chunk: the file's stream, or the pieces as bytes. */
function contentReader(item: ZipEntry): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> } {
  if ("key" in item) return streamOf(item.storage.body(item.key)).getReader();
  // Pieces may come from database pages read as the consumer pulls (async, as queries are).
  const source = item.pieces();
  const pieces = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
  return {
    read: async () => {
      const next = await pieces.next();
      if (next.done) return { done: true };
      return { done: false, value: typeof next.value === "string" ? encoder.encode(next.value) : next.value };
    },
    cancel: async () => void (await pieces.return?.()),
  };
}

/** Name part of a ZIP path: no folder separators, control or reserved characters, no leading dots. */
export function zipSegment(raw: string, fallback: string): string {
  const clean = raw
    .replace(/[\p{Cc}\p{Cf}\\/:*?"<>|]/gu, "_")
    .trim()
    .replace(/^\.+/, "")
    .slice(0, 150);
  return clean || fallback;
}

/** Makes names unique inside one folder: "rapport.pdf", "rapport (2).pdf", ... */
export function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf(".");
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    seen.add(candidate.toLowerCase());
    return candidate;
  });
}

/** How many bytes of files are read between two collections (1 GiB: 32 of them, a few ms each). */
const COLLECT_EVERY_BYTES = 32 << 20;

/**
 * A ZIP of stored files (and generated texts) as a byte stream. Files are stored (their
 * formats are already compressed) and read chunk by chunk only when the consumer pulls:
 * memory stays flat whatever the total size.
 */
export function zipStream(entries: ZipEntry[]): ReadableStream<Uint8Array> {
  const ready: Uint8Array[] = [];
  let finished = false;
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else ready.push(chunk);
    if (final) finished = true;
  });
  let next = 0;
  let ended = false;
  let entry: ZipPassThrough | ZipDeflate | null = null;
  let sinceCollect = 0;
  let reader: { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> } | null = null;

  /** Moves the archive forward until it has bytes to hand out (or is complete). */
  async function advance() {
    while (ready.length === 0 && !finished && !failure) {
      if (!entry) {
        const item = entries[next++];
        if (!item) {
          if (!ended) zip.end();
          ended = true;
          continue;
        }
        entry = "key" in item ? new ZipPassThrough(item.name) : new ZipDeflate(item.name, { level: 6 });
        if (item.mtime) entry.mtime = Math.min(Math.max(item.mtime, Date.UTC(1980, 1, 1)), Date.UTC(2099, 0, 1));
        zip.add(entry);
        reader = contentReader(item);
      }
      const { value, done } = await reader!.read();
      if (done || !value) {
        entry.push(new Uint8Array(0), true);
        entry = null;
        reader = null;
      } else {
        entry.push(value);
        // The file's chunks (512 KiB each) are garbage once sent, but the collector runs
        // late: tens of MiB piled up before it did (measured by npm run bench). A collection
        // every 32 MiB keeps the server's memory flat whatever the archive's size.
        sinceCollect += value.byteLength;
        if (sinceCollect >= COLLECT_EVERY_BYTES) {
          sinceCollect = 0;
          Bun.gc(true);
        }
      }
    }
  }

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await advance();
        if (failure) return controller.error(failure);
        const chunk = ready.shift();
        if (chunk) controller.enqueue(chunk);
        if (finished && ready.length === 0) controller.close();
      },
      async cancel() {
        // The client has left; a source that cannot be cancelled is dropped with the stream.
        await reader?.cancel().catch(() => undefined);
        zip.terminate();
      },
    },
    { highWaterMark: 1 },
  );
}

/** A ZIP file name made of letters, digits, dot, underscore and hyphen only. */
export function zipFileName(title: string, prefix = "depots"): string {
  const slug = title
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, 80);
  return `${prefix}${slug ? `-${slug}` : ""}.zip`;
}
