import { createReadStream } from "node:fs";
import { open, stat, type FileHandle } from "node:fs/promises";
import { once } from "node:events";
import * as tar from "tar-stream";

// The backup archive is a plain ustar file written and read by tar-stream. Backups only hold
// regular files with short, known names; both sides stream in 1 MB chunks, never holding a
// whole file in memory, and every entry is hashed on the way through.

const BLOCK = 512;
const CHUNK = 1024 * 1024;

/** An archive that cannot be read: not a tar at all, or cut short. */
export class TarFormatError extends Error {
  constructor(
    message: string,
    readonly truncated = false,
  ) {
    super(message);
  }
}

/** Largest size the 11 octal digits of a ustar header hold (8 GiB). */
const MAX_SIZE = 0o77777777777;
/** ustar's prefix (155) + "/" + name (100): longer names would need a pax header, which older Planify versions cannot read. */
const MAX_NAME = 256;

function checkEntry(name: string, size: number) {
  if (Buffer.byteLength(name) > MAX_NAME) throw new Error(`Nom trop long pour l'archive : ${name}`);
  if (size > MAX_SIZE) throw new Error(`Fichier trop gros pour l'archive (8 Go au plus) : ${name}`);
}

const sha256Hex = (hasher: Bun.CryptoHasher) => hasher.digest("hex");

/** Size and SHA-256 of what went into (or came out of) the archive. */
export interface Written {
  size: number;
  sha256: string;
}

/** Writes a tar file entry by entry; `finish` closes it. */
export class TarWriter {
  private readonly pack = tar.pack();
  private readonly drained: Promise<void>;

  private constructor(private readonly fh: FileHandle) {
    // Copies what tar-stream produces to the file, in order, as it comes.
    this.drained = (async () => {
      let position = 0;
      for await (const chunk of this.pack as AsyncIterable<Uint8Array>) {
        await fh.write(chunk, 0, chunk.length, position);
        position += chunk.length;
      }
    })();
    // Observed here so an early failure is not an unhandled rejection; finish() and abort() await it.
    this.drained.catch(() => undefined);
  }

  /** Creates `path` (never overwrites an existing file). */
  static async create(path: string): Promise<TarWriter> {
    return new TarWriter(await open(path, "wx", 0o600));
  }

  private async entry(name: string, size: number, mtimeMs: number, fill: (write: (chunk: Uint8Array) => Promise<void>) => Promise<void>) {
    checkEntry(name, size);
    let done!: (error?: Error | null) => void;
    const ended = new Promise<void>((resolve, reject) => (done = (error) => (error ? reject(error) : resolve())));
    const sink = this.pack.entry({ name, size, mode: 0o600, mtime: new Date(Math.floor(mtimeMs / 1000) * 1000) }, done);
    await fill(async (chunk) => {
      if (!sink.write(chunk)) await Promise.race([once(sink, "drain"), ended]);
    });
    sink.end(undefined);
    await ended;
  }

  /** Adds a file from disk, streamed; fails if its size changes while it is read. */
  async addFile(name: string, source: string): Promise<Written> {
    const input = await open(source, "r");
    try {
      const { size, mtimeMs } = await input.stat();
      const hasher = new Bun.CryptoHasher("sha256");
      await this.entry(name, size, mtimeMs, async (write) => {
        for (let done = 0; done < size; ) {
          // A fresh buffer each time: tar-stream keeps the chunk until it is written out.
          const buffer = new Uint8Array(Math.min(CHUNK, size - done));
          const { bytesRead } = await input.read(buffer, 0, buffer.length, done);
          if (bytesRead === 0) throw new Error(`Le fichier ${source} a changé pendant la sauvegarde.`);
          const chunk = buffer.subarray(0, bytesRead);
          hasher.update(chunk);
          await write(chunk);
          done += bytesRead;
        }
      });
      return { size, sha256: sha256Hex(hasher) };
    } finally {
      await input.close();
    }
  }

  /**
   * Adds `size` bytes read from a stream (a file of the bucket), hashed on the way; fails if the
   * stream gives more or fewer bytes than announced (the object changed while it was read).
   */
  async addStream(name: string, size: number, mtimeMs: number, stream: ReadableStream<Uint8Array>): Promise<Written> {
    const hasher = new Bun.CryptoHasher("sha256");
    const changed = () => new Error(`Le fichier ${name} a changé pendant la sauvegarde.`);
    const reader = stream.getReader();
    try {
      await this.entry(name, size, mtimeMs, async (write) => {
        let done = 0;
        for (let next = await reader.read(); !next.done; next = await reader.read()) {
          if (done + next.value.length > size) throw changed();
          hasher.update(next.value);
          // A copy: the stream may reuse its buffer, and tar-stream keeps the chunk until it is written out.
          await write(next.value.slice());
          done += next.value.length;
        }
        if (done !== size) throw changed();
      });
    } finally {
      await reader.cancel().catch(() => undefined);
    }
    return { size, sha256: sha256Hex(hasher) };
  }

  /** Adds a small in-memory file (the manifest). */
  async addBytes(name: string, bytes: Uint8Array, mtimeMs: number): Promise<Written> {
    await this.entry(name, bytes.length, mtimeMs, (write) => write(bytes));
    return { size: bytes.length, sha256: sha256Hex(new Bun.CryptoHasher("sha256").update(bytes)) };
  }

  /** Writes the end-of-archive blocks, flushes to disk and closes. */
  async finish(): Promise<void> {
    this.pack.finalize();
    await this.drained;
    await this.fh.sync();
    await this.fh.close();
  }

  /** Closes without finishing (after a failure). */
  async abort(): Promise<void> {
    this.pack.destroy();
    // Aborting after a failure: that failure is what the caller reports, not this one.
    await this.drained.catch(() => undefined);
    await this.fh.close().catch(() => undefined);
  }
}

/** One entry met while reading; `body` streams its bytes (each chunk is valid only during the call). */
export interface TarEntry {
  name: string;
  size: number;
  /** "0" for a regular file. */
  type: string;
}

/** tar-stream's errors, told apart by their message: a header that is not tar, or data that stops early. */
function formatError(error: unknown): unknown {
  const message = error instanceof Error ? error.message : "";
  if (message.startsWith("Invalid tar header") || message === "Invalid header") return new TarFormatError("en-tête invalide");
  if (message === "Unexpected end of data") return new TarFormatError("archive tronquée", true);
  return error;
}

/**
 * Reads a tar file from start to end. For each entry `onEntry` returns a chunk consumer
 * (or null to skip the bytes); every entry's size and SHA-256 is computed either way.
 */
export async function readTar(
  path: string,
  onEntry: (entry: TarEntry) => Promise<((chunk: Uint8Array) => Promise<void> | void) | null>,
  onEntryEnd: (entry: TarEntry, written: Written) => Promise<void> | void,
): Promise<void> {
  if ((await stat(path)).size < BLOCK) throw new TarFormatError("fichier trop court");
  const extract = tar.extract();
  const input = createReadStream(path, { highWaterMark: CHUNK });
  input.on("error", (error) => extract.destroy(error));
  input.pipe(extract as unknown as NodeJS.WritableStream);
  try {
    for await (const body of extract) {
      const { header } = body;
      const entry: TarEntry = { name: header.name, size: header.size, type: header.type === "file" ? "0" : header.type };
      const sink = await onEntry(entry);
      const hasher = new Bun.CryptoHasher("sha256");
      let size = 0;
      for await (const chunk of body as AsyncIterable<Uint8Array>) {
        hasher.update(chunk);
        size += chunk.length;
        if (sink) await sink(chunk);
      }
      await onEntryEnd(entry, { size, sha256: sha256Hex(hasher) });
    }
  } catch (error) {
    throw formatError(error);
  } finally {
    input.destroy();
  }
}
