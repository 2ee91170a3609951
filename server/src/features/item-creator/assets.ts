import { join } from "node:path";
import { ITEM_CREATOR_LIMITS as L, ITEM_CREATOR_MESSAGES as M } from "@planify/common/constants/item-creator";
import type { ItemUploadResponse } from "@planify/common/schemas/item-creator";
import { eq } from "drizzle-orm";
import { first } from "../../db/engine";
import type { AppDeps } from "../../deps";
import { itemAssets } from "../../db/schema";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { cleanOriginalName, detectedExtension } from "../../lib/files";
import { serveInline } from "../../lib/http-range";
import { randomToken } from "../../lib/ids";
import type { JournalActor } from "../../lib/journal";
import { recordAdminAction } from "../../lib/journal";
import { svgProblem } from "./svg-check";

/** Images of created items live in storage as item-assets/<random>.<ext>; the row in item_assets keeps them. */
export const ITEM_ASSETS_DIR = "item-assets";
const URL_PREFIX = "/api/items/assets/";
const NAME = /^[A-Za-z0-9_-]{16,40}\.(png|jpg|gif|webp|svg)$/;

/** The content type of each stored extension: decided from the bytes, never from the file's name. */
const TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp", svg: "image/svg+xml" };

/** The URL a layer's `src` takes for a stored asset. */
export const assetUrl = (name: string) => `${URL_PREFIX}${name}`;

/** The stored name behind an asset URL, or null when the URL is not one of ours. */
export function assetNameFromUrl(src: string): string | null {
  if (!src.startsWith(URL_PREFIX)) return null;
  const name = src.slice(URL_PREFIX.length);
  return NAME.test(name) ? name : null;
}

/** The stored extension of a file, judged by its content: a PNG named .gif is a PNG; HTML named .png is nothing. */
async function sniff(file: File): Promise<"png" | "jpg" | "gif" | "webp" | "svg"> {
  const name = cleanOriginalName(file.name ?? "");
  const detected = await detectedExtension(file);
  if (detected === "png" || detected === "jpg" || detected === "gif" || detected === "webp") return detected;
  if (detected && detected !== "xml") throw new AppError("UNSUPPORTED_MEDIA_TYPE", M.uploadNotImage(name));
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", M.uploadNotImage(name));
  }
  const head = text
    .replace(/^\uFEFF/, "")
    .replace(/^\s*<\?xml[^>]*\?>/i, "")
    .replace(/^(\s*<!--[\s\S]*?-->)*/, "")
    .replace(/^\s*<!DOCTYPE\s+svg[^>]*>/i, "")
    .trimStart();
  if (!/^<svg[\s>/]/i.test(head)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", M.uploadNotImage(name));
  if (svgProblem(text)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", M.uploadSvgUnsafe(name));
  return "svg";
}

/** The files of the multipart field `files` (one or several). */
function filesField(body: unknown): File[] {
  const value = body && typeof body === "object" ? (body as Record<string, unknown>).files : undefined;
  return (Array.isArray(value) ? value : [value]).filter((v): v is File => v instanceof Blob && v.size > 0);
}

/**
 * POST /items/upload (admin): every file is checked before any is written (count, size,
 * content); then each is written (staged, then moved in) and recorded, so that a layer can
 * only point to an image that passed these checks.
 */
export async function uploadAssets(deps: AppDeps, actor: JournalActor, body: unknown): Promise<ItemUploadResponse> {
  const files = filesField(body);
  if (files.length === 0) throw badRequest(M.uploadNone);
  if (files.length > L.uploadFilesMax) throw badRequest(M.uploadTooMany);
  const checked: { file: File; ext: string; originalName: string }[] = [];
  for (const file of files) {
    const originalName = cleanOriginalName(file.name ?? "");
    if (file.size > L.uploadBytesMax) throw new AppError("PAYLOAD_TOO_LARGE", M.uploadTooBig(originalName));
    checked.push({ file, ext: await sniff(file), originalName });
  }
  const written: string[] = [];
  const out: ItemUploadResponse["files"] = [];
  try {
    for (const { file, ext, originalName } of checked) {
      const name = `${randomToken(15)}.${ext}`;
      // Whole or absent (lib/storage); until its row commits, the start-up sweep may take it.
      await deps.storage.write(`${ITEM_ASSETS_DIR}/${name}`, file);
      written.push(name);
      out.push({ url: assetUrl(name), name: originalName, size: file.size, type: TYPES[ext]! });
    }
    const at = deps.now();
    await deps.db.transaction(async (tx) => {
      for (const [i, f] of out.entries()) {
        const name = written[i]!;
        await tx
          .insert(itemAssets)
          .values({ name, contentType: f.type, size: f.size, originalName: f.name, uploadedBy: actor.id, createdAt: at });
      }
      await recordAdminAction(tx, actor, {
        action: "item.upload",
        summary: `${out.length} image${out.length > 1 ? "s" : ""} téléversée${out.length > 1 ? "s" : ""} pour le créateur d'items`,
        details: { files: out.map((f) => ({ url: f.url, name: f.name, type: f.type, size: f.size })) },
        at,
      });
    });
  } catch (error) {
    await deps.storage.remove(written.map((name) => `${ITEM_ASSETS_DIR}/${name}`));
    throw error;
  }
  return { success: true, files: out };
}

/** GET /items/assets/:name: public like the catalogue; names are random, so cached for good. */
export async function serveAsset(deps: AppDeps, request: Request, name: string): Promise<Response> {
  const row = NAME.test(name) ? await first(deps.db.select().from(itemAssets).where(eq(itemAssets.name, name))) : undefined;
  if (!row) throw notFound(M.assetNotFound);
  return await serveInline(request, deps.storage, {
    key: `${ITEM_ASSETS_DIR}/${name}`,
    missing: M.assetNotFound,
    contentType: row.contentType,
    etag: `"i-${name}"`,
    cacheControl: "public, max-age=31536000, immutable",
  });
}

/** Every stored asset file, keyed as the start-up sweep of unreferenced uploads expects (backups use it too). */
export async function referencedItemAssets(deps: Pick<AppDeps, "db" | "uploadsDir">): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const { name } of await deps.db.select({ name: itemAssets.name }).from(itemAssets)) {
    const path = join(deps.uploadsDir, ITEM_ASSETS_DIR, name);
    out.set(path.slice(deps.uploadsDir.length), path);
  }
  return out;
}
