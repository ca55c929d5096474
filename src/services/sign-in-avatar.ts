/*
 * The picture a sign-in brings (issue 28: an SSO token's `avatarUrl`, an OpenID provider's
 * `picture`, GitHub's avatar) becomes the person's avatar. Pages may load images only from the
 * site and Gravatar (src/http/content-security.ts): reading a page must never make a visitor's
 * browser fetch from someone else's server. So the server fetches the picture once, after the
 * answer to the sign-in, and keeps it as an upload: the same checks and cleaning as an image a
 * user uploads (PNG, JPEG, GIF or WebP, re-encoded without metadata, at most uploadMaxBytes and
 * uploadMaxPixels), the same content-addressed row and bytes, served at /uploads/<id>.
 *
 * The fetch is guarded as webhook deliveries are: https only (as the claims are checked), no
 * loopback, private, link-local… address unless `avatarFetchAllowPrivate`, a connection only to the
 * addresses checked, no redirect followed, `avatarFetchTimeoutMs` for the whole of it. A picture
 * that cannot be had leaves the avatar as it was and logs a warning: the sign-in has long been
 * answered. A sign-in bringing the address already fetched fetches nothing.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { UploadRow, UserRow } from '../storage/types.js';
import { afterTheAnswer } from './background.js';
import type { ServiceContext } from './context.js';
import { cleanImage } from './uploads.js';
import { pinnedLookup } from './webhooks/deliver-exchange.js';
import { resolveWebhookTarget, WebhookTargetRefused } from './webhooks/target-guard.js';

/** After the answer, fetches the picture a sign-in brought unless it is the one the user's avatar came from. */
export function fetchAvatarLater(ctx: ServiceContext, user: UserRow, source: string | null): void {
  if (source === null || source === user.avatarSourceUrl) return;
  ctx.background.track(afterTheAnswer(() => fetchAvatar(ctx, user.id, source)));
}

/** Fetches, cleans and stores the picture and makes it the user's avatar; a failure keeps the avatar and is logged. */
export async function fetchAvatar(ctx: ServiceContext, userId: string, source: string): Promise<void> {
  const url = new URL(source);
  try {
    const image = await cleanImage(await download(ctx, url), ctx.config.uploadMaxPixels);
    const id = createHash('sha256').update(image.bytes).digest('hex');
    // The bytes first, then the row, as for uploads: a row never names missing bytes.
    await ctx.storage.uploadBytes.write(id, image.bytes);
    const now = new Date().toISOString();
    await ctx.storage.transaction(async (tx) => {
      const user = await tx.users.get(userId);
      if (!user) return;
      if (!(await tx.uploads.get(id))) {
        const row: UploadRow = { id, type: image.type, width: image.width, height: image.height, size: image.bytes.length, userId, createdAt: now };
        await tx.uploads.insert(row);
      }
      if (user.avatarUploadId !== id || user.avatarSourceUrl !== source) await tx.users.update(userId, { avatarUploadId: id, avatarSourceUrl: source, updatedAt: now });
    });
  } catch (error) {
    ctx.logger.warn({ err: error, userId, host: url.host }, 'the picture a sign-in brought could not be fetched; the avatar stays as it was');
  }
}

/** Rejects with the signal's reason once it fires. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

class AvatarRefused extends Error {
  override readonly name = 'AvatarRefused';
}

/** The picture's bytes: a 200 within the deadline, at most uploadMaxBytes, from an address the guard allows. */
async function download(ctx: ServiceContext, url: URL): Promise<Buffer> {
  if (url.protocol !== 'https:') throw new AvatarRefused(`not an https URL (${url.protocol})`);
  const signal = AbortSignal.timeout(ctx.config.avatarFetchTimeoutMs);
  // The deadline covers resolving the name too: a resolver that hangs must not hold the task.
  const resolving = resolveWebhookTarget(url, { allowPrivate: ctx.config.avatarFetchAllowPrivate, lookup: ctx.lookupAvatarHost }).catch((error: unknown) => {
    // The guard's words speak of webhook endpoints; the owner's switch here is a setting.
    if (error instanceof WebhookTargetRefused) throw new AvatarRefused(`${error.message.split(';')[0]}; the avatarFetchAllowPrivate setting allows such addresses`);
    throw error;
  });
  const target = await Promise.race([resolving, aborted(signal)]);
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const options = { method: 'GET', agent: false, lookup: pinnedLookup(target.addresses), signal, headers: { Accept: 'image/*' }, ...(ctx.avatarFetchCa ? { ca: ctx.avatarFetchCa } : {}) };
    // A fresh connection (agent: false): a pooled one could reach an address checked for another host.
    const outgoing = httpsRequest(url, options, resolve);
    outgoing.on('error', reject);
    outgoing.end();
  });
  try {
    if (response.statusCode !== 200) throw new AvatarRefused(`answered ${response.statusCode ?? 0}, not 200`);
    const limit = ctx.config.uploadMaxBytes;
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) throw new AvatarRefused(`is ${declared} bytes, more than uploadMaxBytes (${limit})`);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw new AvatarRefused(`is more than uploadMaxBytes (${limit}) bytes`);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  } finally {
    response.destroy();
  }
}
