import { pipeline, type Readable } from 'node:stream';
import type { Context, Middleware } from 'koa';
import { compressBytes, compressStream, compressText, type Encoding } from './compressors.js';

/** Smaller answers are sent as they are: the bytes saved would not pay for the work and the header. */
export const MIN_COMPRESSED_BYTES = 1024;

/** Statuses whose body Koa drops. */
const BODILESS = new Set([204, 205, 304]);
const COMPRESSIBLE_TYPE = /^(text\/|application\/([\w.-]+\+)?(json|xml|javascript)\b)/i;

type Content = string | Buffer | Readable;

/**
 * Compresses answers of MIN_COMPRESSED_BYTES or more with brotli or gzip, as the request's
 * Accept-Encoding allows; never for HEAD (same headers as GET but the plain Content-Length), nor
 * without Accept-Encoding. Mounted for the API only: the web app's files are compressed at build
 * time. Errors thrown below pass through untouched (the error middleware above writes them).
 */
export function compressAnswers(): Middleware {
  return async (ctx, next) => {
    await next();
    const content = compressibleContent(ctx);
    if (content === undefined) return;
    ctx.vary('Accept-Encoding');
    const encoding = ctx.method === 'HEAD' ? null : preferredEncoding(ctx);
    if (!encoding) return;
    ctx.body = await compressed(content, encoding);
    ctx.set('Content-Encoding', encoding);
    weakenEtag(ctx);
  };
}

/** br, then gzip: the first the client accepts (q-values, `*` and `identity` as RFC 9110 says); null for neither. */
export function preferredEncoding(ctx: Context): Encoding | null {
  // The server's order wins over the client's: browsers list gzip first, and brotli is the smaller.
  if (ctx.acceptsEncodings('br') === 'br') return 'br';
  if (ctx.acceptsEncodings('gzip') === 'gzip') return 'gzip';
  return null;
}

/** The answer's bytes to compress, or undefined when it is not worth compressing or not ours to. */
function compressibleContent(ctx: Context): Content | undefined {
  if (ctx.headerSent || BODILESS.has(ctx.status) || ctx.response.get('Content-Encoding')) return undefined;
  if (!COMPRESSIBLE_TYPE.test(ctx.response.type)) return undefined;
  const body: unknown = ctx.body;
  if (isStream(body)) {
    const length = ctx.response.length;
    return length !== undefined && length < MIN_COMPRESSED_BYTES ? undefined : body;
  }
  const content = typeof body === 'string' || Buffer.isBuffer(body) ? body : isJson(body) ? JSON.stringify(body) : undefined;
  return content !== undefined && Buffer.byteLength(content) >= MIN_COMPRESSED_BYTES ? content : undefined;
}

function compressed(content: Content, encoding: Encoding): Promise<Buffer> | Readable {
  if (typeof content === 'string') return compressText(content, encoding);
  if (Buffer.isBuffer(content)) return compressBytes(content, encoding);
  // An error of the source destroys the compressor with it, and Koa reports that as the answer's error.
  return pipeline(content, compressStream(encoding), () => {});
}

/** The bytes differ per encoding, the meaning does not: a weak ETag still revalidates (If-None-Match compares weakly). */
function weakenEtag(ctx: Context): void {
  const etag = ctx.response.get('ETag');
  if (etag && !etag.startsWith('W/')) ctx.set('ETag', `W/${etag}`);
}

function isStream(body: unknown): body is Readable {
  return typeof (body as Readable | null)?.pipe === 'function';
}

/** What Koa would send as JSON: a plain object or an array (not a Blob, ReadableStream or Response). */
function isJson(body: unknown): body is object {
  if (Array.isArray(body)) return true;
  if (body === null || typeof body !== 'object') return false;
  const prototype = Object.getPrototypeOf(body);
  return prototype === Object.prototype || prototype === null;
}
