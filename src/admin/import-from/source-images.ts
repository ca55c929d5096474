import { createHash } from 'node:crypto';
import { AppError } from '../../errors.js';
import type { ServiceContext } from '../../services/context.js';
import { cleanImage, uploadPath } from '../../services/uploads.js';
import type { Repositories, UploadRow } from '../../storage/types.js';
import type { SourceImage } from './source-model.js';

/** An image of the source, checked and cleaned as an upload is: its upload row (without its uploader yet). */
export type PreparedImage = Omit<UploadRow, 'userId'>;

/** The images ready to be named in texts: by the text that stands for each in the source. */
export interface PreparedImages {
  byRef: Map<string, PreparedImage>;
  /** Images refused (not an image, too many pixels…): their link stays in the text as it was. */
  notes: string[];
}

/**
 * Checks and cleans every image as an upload is (PNG, JPEG, GIF or WebP, re-encoded without
 * metadata, at most uploadMaxPixels), before the import's transaction: sharp's work is slow, and
 * the bytes go first, as for uploads (a row never names missing bytes; bytes left by an import
 * that failed afterwards are swept). A dry run writes no bytes.
 */
export async function prepareImages(ctx: ServiceContext, images: readonly SourceImage[], dryRun: boolean): Promise<PreparedImages> {
  const byRef = new Map<string, PreparedImage>();
  const notes: string[] = [];
  const now = new Date().toISOString();
  for (const image of images) {
    let cleaned: Awaited<ReturnType<typeof cleanImage>>;
    try {
      cleaned = await cleanImage(Buffer.from(image.bytes), ctx.config.uploadMaxPixels);
    } catch (error) {
      notes.push(`skipped images ${image.ref}: ${error instanceof AppError ? error.message : String(error)}; its link stays in the text`);
      continue;
    }
    const id = createHash('sha256').update(cleaned.bytes).digest('hex');
    if (!dryRun) await ctx.storage.uploadBytes.write(id, cleaned.bytes);
    byRef.set(image.ref, { id, type: cleaned.type, width: cleaned.width, height: cleaned.height, size: cleaned.bytes.length, createdAt: now });
  }
  return { byRef, notes };
}

/** A text with each image's reference replaced by its address here; `onUse` is told each image it names. */
export function withImages(text: string, images: PreparedImages, onUse: (image: PreparedImage) => void): string {
  let result = text;
  for (const [ref, image] of images.byRef) {
    if (!result.includes(ref)) continue;
    result = result.split(ref).join(uploadPath(image.id));
    onUse(image);
  }
  return result;
}

/** Stores the upload rows of the images the texts name (the first text's author as the uploader); answers how many were new. */
export async function storeImageRows(tx: Repositories, used: ReadonlyMap<string, { image: PreparedImage; userId: string }>, dryRun: boolean): Promise<{ created: number; alreadyHere: number }> {
  let created = 0;
  let alreadyHere = 0;
  for (const { image, userId } of used.values()) {
    if (await tx.uploads.get(image.id)) {
      alreadyHere += 1;
      continue;
    }
    if (!dryRun) await tx.uploads.insert({ ...image, userId });
    created += 1;
  }
  return { created, alreadyHere };
}
