import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { appError } from '../errors.js';
import type { UploadRow, UploadsRepo, UploadType } from '../storage/types.js';
import type { Actor, ServiceContext } from './context.js';

/*
 * Uploaded images (issue 31 §3). The checks, in this order (the route has already answered 401,
 * 403, 429 RATE_LIMITED, 413 UPLOAD_TOO_LARGE and 400 UPLOAD_FILE_MISSING):
 *   400 UPLOAD_TYPE_NOT_ALLOWED   the bytes are not PNG, JPEG, GIF or WebP (whatever the name or declared type)
 *   400 UPLOAD_NOT_AN_IMAGE       they claim to be one but do not decode (damaged, cut short)
 *   413 UPLOAD_TOO_MANY_PIXELS    width × height (× frames) beyond uploadMaxPixels
 *   429 UPLOAD_QUOTA_EXCEEDED     the user's uploads of the last 24 hours plus this one beyond uploadDailyQuotaBytes
 * The image is re-encoded in its own format without its metadata (EXIF, GPS, XMP, ICC, comments),
 * JPEG turned upright first (its orientation tag goes with the metadata). The id is the sha256 of
 * the stored bytes: the same image twice is stored once, and answering it again costs no quota.
 */

/** The formats accepted, by the MIME type file-type reads from the bytes. */
const ACCEPTED: Readonly<Record<string, UploadType>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The Content-Type an upload is served with. */
export const UPLOAD_MIME: Readonly<Record<UploadType, string>> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** The path an upload is served at (beside the web app, outside /api/v1). */
export function uploadPath(id: string): string {
  return `/uploads/${id}`;
}

/** An upload as the API answers it. */
export interface UploadView {
  uploadId: string;
  url: string;
  type: UploadType;
  width: number;
  height: number;
  size: number;
}

export function uploadView(row: UploadRow): UploadView {
  return { uploadId: row.id, url: uploadPath(row.id), type: row.type, width: row.width, height: row.height, size: row.size };
}

const DAY_MS = 86_400_000;

/** Checks, strips and stores one image the actor sent; answers the stored upload (an identical one already stored, if any). */
export async function createUpload(ctx: ServiceContext, actor: Actor, bytes: Buffer): Promise<UploadView> {
  const image = await cleanImage(bytes, ctx.config.uploadMaxPixels);
  const id = createHash('sha256').update(image.bytes).digest('hex');
  const known = await ctx.storage.uploads.get(id);
  if (known) {
    // Written again (a no-op when there): a sweep on another server may have just removed them.
    await ctx.storage.uploadBytes.write(id, image.bytes);
    return uploadView(known);
  }
  const now = new Date();
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const withinQuota = async (uploads: UploadsRepo) =>
    (await uploads.sizeByUserSince(actor.user.id, since)) + image.bytes.length <= ctx.config.uploadDailyQuotaBytes;
  // Refused before any bytes are written; checked again with the row, where uploads sent at once are counted.
  if (!(await withinQuota(ctx.storage.uploads))) throw appError('UPLOAD_QUOTA_EXCEEDED');
  // The bytes first, then the row: a row never names missing bytes; bytes without a row are swept later.
  await ctx.storage.uploadBytes.write(id, image.bytes);
  const row: UploadRow = { id, type: image.type, width: image.width, height: image.height, size: image.bytes.length, userId: actor.user.id, createdAt: now.toISOString() };
  const stored = await ctx.storage.transaction(async (tx) => {
    const same = await tx.uploads.get(id);
    if (same) return same;
    if (!(await withinQuota(tx.uploads))) throw appError('UPLOAD_QUOTA_EXCEEDED');
    return tx.uploads.insert(row);
  });
  return uploadView(stored);
}

interface CleanImage {
  type: UploadType;
  width: number;
  height: number;
  bytes: Buffer;
}

/** The image re-encoded in its own format without metadata, or the refusal (type, decoding, pixels). */
export async function cleanImage(bytes: Buffer, maxPixels: number): Promise<CleanImage> {
  const sniffed = await fileTypeFromBuffer(bytes);
  const type = sniffed ? ACCEPTED[sniffed.mime] : undefined;
  if (type === undefined) throw appError('UPLOAD_TYPE_NOT_ALLOWED');
  const animated = type === 'gif' || type === 'webp';
  let metadata: Metadata;
  try {
    // No pixel limit while measuring (the header only): the limit is ours, with its own answer.
    metadata = await sharp(bytes, { animated, limitInputPixels: false }).metadata();
  } catch {
    throw appError('UPLOAD_NOT_AN_IMAGE');
  }
  if (metadata.format !== type && !(type === 'jpeg' && metadata.format === 'jpeg')) throw appError('UPLOAD_NOT_AN_IMAGE');
  const width = metadata.width;
  const frameHeight = metadata.pageHeight ?? metadata.height;
  const frames = metadata.pages ?? 1;
  if (!width || !frameHeight) throw appError('UPLOAD_NOT_AN_IMAGE');
  if (width * frameHeight * frames > maxPixels) throw appError('UPLOAD_TOO_MANY_PIXELS');
  try {
    let pipeline = sharp(bytes, { animated, limitInputPixels: false, failOn: 'truncated' });
    if (type === 'jpeg') pipeline = pipeline.rotate(); // upright by its orientation tag, which is stripped
    const { data, info } = await pipeline.toFormat(type).toBuffer({ resolveWithObject: true });
    return { type, width: info.width, height: info.pageHeight ?? info.height, bytes: data };
  } catch {
    throw appError('UPLOAD_NOT_AN_IMAGE');
  }
}

/** Uploads removed per sweep: the rest wait for the next one. */
const SWEEP_BATCH = 500;
/** Aged uploads read per sweep (rows are small; a board has thousands of images, not millions). */
const SWEEP_LIST_LIMIT = 100_000;

/** Per service context: when each upload was last found in use. */
const foundInUse = new WeakMap<ServiceContext, Map<string, number>>();

/**
 * Removes the uploads older than uploadOrphanMs that no post, merged post, comment or changelog
 * entry names and that are nobody's avatar (serve's worker, now and then). Reading every text is the cost, so it happens only
 * when an upload has aged past the window since the last reading, or one found in use then was
 * last checked a window ago (an edit may have dropped it since): a board whose images are all in
 * use reads its texts once per window, not once per sweep. Safe on several servers at once:
 * deleting a row twice is a no-op, and the bytes go after their row. Returns how many were removed.
 */
export async function sweepOrphanUploads(ctx: ServiceContext, now = Date.now()): Promise<number> {
  const before = new Date(now - ctx.config.uploadOrphanMs).toISOString();
  const inUse = foundInUse.get(ctx) ?? new Map<string, number>();
  foundInUse.set(ctx, inUse);
  const aged = await ctx.storage.uploads.listCreatedBefore(before, SWEEP_LIST_LIMIT);
  const unsure = aged.filter((upload) => (inUse.get(upload.id) ?? Number.NEGATIVE_INFINITY) <= now - ctx.config.uploadOrphanMs);
  if (unsure.length === 0) return 0;
  const used = await ctx.storage.uploads.usedIds();
  for (const id of inUse.keys()) if (!used.has(id)) inUse.delete(id);
  let removed = 0;
  for (const upload of unsure) {
    if (used.has(upload.id)) {
      inUse.set(upload.id, now);
      continue;
    }
    if (removed === SWEEP_BATCH) break;
    const bytes = await ctx.storage.uploadBytes.read(upload.id);
    if (await ctx.storage.transaction((tx) => tx.uploads.delete(upload.id))) removed++;
    await ctx.storage.uploadBytes.remove(upload.id);
    // The same image uploaded again meanwhile (its row is back): its bytes go back too.
    if (bytes && (await ctx.storage.uploads.get(upload.id))) await ctx.storage.uploadBytes.write(upload.id, bytes);
  }
  if (removed > 0) ctx.logger.info({ removed }, 'removed uploaded images no post or comment uses');
  return removed;
}

/** Per service context: the ids whose bytes had no row at the previous sweep. */
const rowlessBefore = new WeakMap<ServiceContext, Set<string>>();

/**
 * Removes bytes whose row is missing (a process stopped between writing an image's bytes and its
 * row) once they were already without a row at the previous sweep: an upload under way writes its
 * row milliseconds after its bytes, sweeps are a minute apart. Returns how many were removed.
 */
export async function sweepRowlessBytes(ctx: ServiceContext): Promise<number> {
  const ids = await ctx.storage.uploadBytes.ids();
  const rows = await ctx.storage.uploads.getMany(ids);
  const rowless = new Set(ids.filter((id) => !rows.has(id)));
  const before = rowlessBefore.get(ctx) ?? new Set<string>();
  let removed = 0;
  for (const id of rowless) {
    if (!before.has(id)) continue;
    if (await ctx.storage.uploads.get(id)) continue;
    await ctx.storage.uploadBytes.remove(id);
    rowless.delete(id);
    removed++;
  }
  rowlessBefore.set(ctx, rowless);
  return removed;
}
