import { open, type FileHandle } from "node:fs/promises";

// A minimal ustar writer and reader. Backups only hold regular files with short, known
// names, so this is all of tar we need; both sides stream in 1 MB chunks, never holding a
// whole file in memory, and every entry is hashed on the way through.

const BLOCK = 512;
const CHUNK = 1024 * 1024;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** An archive that cannot be read: not a tar at all, or cut short. */
export class TarFormatError extends Error {
  constructor(
    message: string,
    readonly truncated = false,
  ) {
    super(message);
  }
}
const truncated = () => new TarFormatError("archive tronquée", true);

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function putString(header: Uint8Array, offset: number, width: number, text: string) {
  const bytes = encoder.encode(text);
  if (bytes.length > width) throw new Error(`Nom trop long pour l'archive : ${text}`);
  header.set(bytes, offset);
}

/** Splits a path over ustar's prefix (155) and name (100) fields. */
function splitName(path: string): [prefix: string, name: string] {
  if (encoder.encode(path).length <= 100) return ["", path];
  for (let i = path.indexOf("/"); i > 0; i = path.indexOf("/", i + 1)) {
    const [prefix, name] = [path.slice(0, i), path.slice(i + 1)];
    if (encoder.encode(prefix).length <= 155 && encoder.encode(name).length <= 100) return [prefix, name];
  }
  throw new Error(`Nom trop long pour l'archive : ${path}`);
}

/** Largest size the 11 octal digits of a ustar header hold (8 GiB). */
const MAX_SIZE = 0o77777777777;

function header(path: string, size: number, mtimeMs: number): Uint8Array {
  if (size > MAX_SIZE) throw new Error(`Fichier trop gros pour l'archive (8 Go au plus) : ${path}`);
  const h = new Uint8Array(BLOCK);
  const [prefix, name] = splitName(path);
  putString(h, 0, 100, name);
  putString(h, 100, 8, octal(0o600, 8));
  putString(h, 108, 8, octal(0, 8));
  putString(h, 116, 8, octal(0, 8));
  putString(h, 124, 12, octal(size, 12));
  putString(h, 136, 12, octal(Math.floor(mtimeMs / 1000), 12));
  putString(h, 148, 8, "        ");
  putString(h, 156, 1, "0");
  putString(h, 257, 8, "ustar\u000000");
  putString(h, 345, 155, prefix);
  putString(
    h,
    148,
    8,
    octal(
      h.reduce((a, b) => a + b, 0),
      7,
    ) + " ",
  );
  return h;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;
const sha256Hex = (hasher: Bun.CryptoHasher) => hasher.digest("hex");

/** Size and SHA-256 of what went into (or came out of) the archive. */
export interface Written {
  size: number;
  sha256: string;
}

/** Writes a tar file entry by entry; `finish` closes it. */
export class TarWriter {
  private position = 0;
  private constructor(private readonly fh: FileHandle) {}

  /** Creates `path` (never overwrites an existing file). */
  static async create(path: string): Promise<TarWriter> {
    return new TarWriter(await open(path, "wx", 0o600));
  }

  private async write(bytes: Uint8Array) {
    await this.fh.write(bytes, 0, bytes.length, this.position);
    this.position += bytes.length;
  }

  /** Adds a file from disk, streamed; fails if its size changes while it is read. */
  async addFile(name: string, source: string): Promise<Written> {
    const input = await open(source, "r");
    try {
      const { size, mtimeMs } = await input.stat();
      await this.write(header(name, size, mtimeMs));
      const hasher = new Bun.CryptoHasher("sha256");
      const buffer = new Uint8Array(Math.min(CHUNK, Math.max(size, 1)));
      let done = 0;
      while (done < size) {
        const { bytesRead } = await input.read(buffer, 0, Math.min(buffer.length, size - done), done);
        if (bytesRead === 0) throw new Error(`Le fichier ${source} a changé pendant la sauvegarde.`);
        const chunk = buffer.subarray(0, bytesRead);
        hasher.update(chunk);
        await this.write(chunk);
        done += bytesRead;
      }
      await this.write(new Uint8Array(padding(size)));
      return { size, sha256: sha256Hex(hasher) };
    } finally {
      await input.close();
    }
  }

  /** Adds a small in-memory file (the manifest). */
  async addBytes(name: string, bytes: Uint8Array, mtimeMs: number): Promise<Written> {
    await this.write(header(name, bytes.length, mtimeMs));
    await this.write(bytes);
    await this.write(new Uint8Array(padding(bytes.length)));
    return { size: bytes.length, sha256: sha256Hex(new Bun.CryptoHasher("sha256").update(bytes)) };
  }

  /** Writes the end-of-archive blocks, flushes to disk and closes. */
  async finish(): Promise<void> {
    await this.write(new Uint8Array(BLOCK * 2));
    await this.fh.sync();
    await this.fh.close();
  }

  /** Closes without finishing (after a failure). */
  async abort(): Promise<void> {
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

function field(h: Uint8Array, offset: number, width: number): string {
  const raw = h.subarray(offset, offset + width);
  const end = raw.indexOf(0);
  return decoder.decode(end < 0 ? raw : raw.subarray(0, end));
}

function parseHeader(h: Uint8Array): TarEntry {
  const stored = Number.parseInt(field(h, 148, 8).trim() || "x", 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
  if (!Number.isFinite(stored) || stored !== sum) throw new TarFormatError("en-tête invalide");
  const size = Number.parseInt(field(h, 124, 12).trim() || "x", 8);
  if (!Number.isSafeInteger(size) || size < 0) throw new TarFormatError("taille invalide");
  const prefix = field(h, 345, 155);
  const name = field(h, 0, 100);
  return { name: prefix ? `${prefix}/${name}` : name, size, type: field(h, 156, 1) || "0" };
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
  const fh = await open(path, "r");
  try {
    const fileSize = (await fh.stat()).size;
    const h = new Uint8Array(BLOCK);
    const buffer = new Uint8Array(CHUNK);
    let position = 0;
    for (;;) {
      if (position + BLOCK > fileSize) throw position === 0 ? new TarFormatError("fichier trop court") : truncated();
      await fh.read(h, 0, BLOCK, position);
      position += BLOCK;
      if (h.every((b) => b === 0)) return;
      const entry = parseHeader(h);
      if (position + entry.size > fileSize) throw truncated();
      const sink = await onEntry(entry);
      const hasher = new Bun.CryptoHasher("sha256");
      for (let done = 0; done < entry.size; ) {
        const { bytesRead } = await fh.read(buffer, 0, Math.min(CHUNK, entry.size - done), position);
        if (bytesRead === 0) throw truncated();
        const chunk = buffer.subarray(0, bytesRead);
        hasher.update(chunk);
        if (sink) await sink(chunk);
        done += bytesRead;
        position += bytesRead;
      }
      position += padding(entry.size);
      await onEntryEnd(entry, { size: entry.size, sha256: sha256Hex(hasher) });
    }
  } finally {
    await fh.close();
  }
}
