import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { appError, validationError } from '../errors.js';
import type { Body } from '../services/validation/fields.js';

/*
 * API.md §1.2/§1.6: 415 (from the headers alone) → 413 → 400 INVALID_JSON → 400 VALIDATION_ERROR.
 *
 * Our header check runs first because koa-body never answers 415: a body whose type it was not
 * told about is silently left unread, and it ignores the request's charset (it decodes with its
 * own `encoding` option). Only a zero-length body escapes the 415: §1.2 makes it `{}` whatever
 * the headers, and for a chunked one we wait for its first event to know.
 *
 * koa-body then reads: only the methods that carry a body, only the JSON media types, 1 MiB by
 * Content-Length up front and while streaming (raw-body's 413, mapped to ours in `onError`).
 * It reads with its text reader, not its JSON parser, whose answers are not the contract's:
 * co-body decodes UTF-8 lossily (bad bytes become U+FFFD, not INVALID_JSON), throws on a
 * `__proto__` key (koa-body does not pass `onProtoPoisoning` on) yet keeps `constructor` and
 * `prototype`, and its strict mode makes a top-level scalar a parse error, not VALIDATION_ERROR.
 * So the last steps stay ours: decode strictly, JSON.parse (last duplicate key wins; a reviver
 * drops the unsafe keys at every depth), demand an object. koa-body decodes as 'binary' (latin1:
 * one char per byte) only so that the bytes come back intact for the strict decode; under that
 * name iconv-lite leaves the work to Node instead of its byte-by-byte latin1 table.
 *
 * A refused body stays unread (413, 415): the answer closes the connection rather than let Node
 * drain an upload of any size.
 */

/** API.md §1.12: request bodies up to 1 MiB. */
const BODY_LIMIT_BYTES = 1_048_576;

/** API.md §1.2, as `ctx.is()` patterns: for our 415 check and for what koa-body reads. */
const JSON_TYPES = ['application/json', 'application/*+json'];
const METHODS_WITH_BODY = [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE];
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
// A key can only be unsafe if its name (or a \u escape that could spell it) appears in the text.
const MAY_HOLD_UNSAFE_KEY = /__proto__|constructor|prototype|\\u/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

const readBodyAsLatin1 = koaBody({
  json: false,
  urlencoded: false,
  multipart: false,
  text: true,
  textTypes: JSON_TYPES,
  textLimit: BODY_LIMIT_BYTES,
  encoding: 'binary',
  parsedMethods: METHODS_WITH_BODY,
  onError: (error, ctx) => {
    throw refusedUnread(ctx, bodyReadError(error));
  },
});

/** Route middleware: reads the JSON object body into `ctx.state.body` (API.md §1.2); other methods keep `{}`. */
export const parseBody: Middleware = async (ctx, next) => {
  if (mayHaveBody(ctx)) ctx.state.body = await readJsonObject(ctx);
  await next();
};

/** GET/HEAD/OPTIONS bodies are never read (§1.15.3); neither is one announced as zero-length. */
function mayHaveBody(ctx: Context): boolean {
  const { headers } = ctx.req;
  const length = headers['content-length'];
  const hasBytes = headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  return hasBytes && (METHODS_WITH_BODY as string[]).includes(ctx.method);
}

async function readJsonObject(ctx: Context): Promise<Body> {
  if (!hasJsonHeaders(ctx)) return refuseUnlessEmpty(ctx);
  const bytes = await readBytes(ctx);
  if (bytes.length === 0) return {};
  const value = parseJson(bytes);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw validationError('', 'Request body must be a JSON object');
  }
  return value as Body;
}

/** A JSON media type, charset utf-8 if any, no Content-Encoding but `identity` (koa-body would inflate gzip, deflate, br). */
function hasJsonHeaders(ctx: Context): boolean {
  // Koa answers '' for a Content-Type whose parameters it cannot parse: such a body is read as UTF-8.
  const charset = ctx.request.charset.toLowerCase();
  const encoding = ctx.get('Content-Encoding');
  return Boolean(ctx.is(JSON_TYPES)) && (charset === '' || charset === 'utf-8') && (encoding === '' || encoding === 'identity');
}

/** §1.2: a zero-length body is `{}` whatever its headers. A chunked one's headers cannot tell; its first event can. */
async function refuseUnlessEmpty(ctx: Context): Promise<Body> {
  if (ctx.req.headers['content-length'] === undefined && (await endsWithoutData(ctx.req))) return {};
  throw refusedUnread(ctx, appError('UNSUPPORTED_MEDIA_TYPE'));
}

/** Waits for the first chunk or the end, taking nothing out of the stream; a request cut off counts as data. */
function endsWithoutData(req: IncomingMessage): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (empty: boolean) => {
      req.off('readable', onReadable).off('close', onClose);
      resolve(empty);
    };
    // 'readable' fires once bytes are buffered or the stream has ended with none.
    const onReadable = () => settle(req.readableLength === 0);
    const onClose = () => settle(false);
    req.on('readable', onReadable).on('close', onClose);
  });
}

/** The body's bytes, read by koa-body within the limit (its text reader, `next` left to us). */
async function readBytes(ctx: Context): Promise<Buffer> {
  await readBodyAsLatin1(ctx, async () => {});
  const text = ctx.request.body;
  // Only `ctx.state.body` holds the body; the latin1 text must not be mistaken for it.
  delete ctx.request.body;
  if (typeof text !== 'string') throw new Error('koa-body did not read a body that passed the JSON header check');
  return Buffer.from(text, 'latin1');
}

/** The error, answered with `Connection: close`: the rest of the body is never read (header comment). */
function refusedUnread(ctx: Context, error: unknown): unknown {
  ctx.set('Connection', 'close');
  return error;
}

/** raw-body's 413 (by Content-Length up front or while reading) maps to ours; a cut-short body is not JSON. */
function bodyReadError(error: Error): unknown {
  const status = (error as { status?: unknown }).status;
  if (status === 413) return appError('PAYLOAD_TOO_LARGE');
  if (status === 400) return appError('INVALID_JSON');
  return error;
}

function parseJson(bytes: Buffer): unknown {
  try {
    const text = strictUtf8.decode(bytes);
    // Duplicate keys: JSON.parse keeps the last one, as API.md §1.2 asks.
    return MAY_HOLD_UNSAFE_KEY.test(text) ? JSON.parse(text, dropUnsafeKeys) : JSON.parse(text);
  } catch {
    // Invalid UTF-8 lands here too: the bytes are not JSON text.
    throw appError('INVALID_JSON');
  }
}

/** JSON.parse reviver: returning undefined deletes the key, at every depth. */
function dropUnsafeKeys(key: string, value: unknown): unknown {
  return UNSAFE_KEYS.has(key) ? undefined : value;
}

/**
 * RFC 8058 one-click unsubscribe: mail providers POST a form holding `List-Unsubscribe=One-Click`
 * to the List-Unsubscribe URL, as multipart/form-data (which the RFC prefers) or urlencoded.
 */
const ONE_CLICK_FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * `parseBody` for the one-click unsubscribe route alone: a form body is accepted too. Its content
 * is not needed (the token is in the URL, and the POST itself is the one click), so it is read to
 * its end within the usual limit and dropped: `ctx.state.body` stays `{}`. Any other body goes
 * through `parseBody`'s checks unchanged (JSON, or 415).
 */
export const parseBodyOrOneClickForm: Middleware = async (ctx, next) => {
  if (!mayHaveBody(ctx) || !ctx.is(ONE_CLICK_FORM_TYPES)) return parseBody(ctx, next);
  if (Number(ctx.get('Content-Length')) > BODY_LIMIT_BYTES) throw refusedUnread(ctx, appError('PAYLOAD_TOO_LARGE'));
  if (!(await drainWithin(ctx.req, BODY_LIMIT_BYTES))) throw refusedUnread(ctx, appError('PAYLOAD_TOO_LARGE'));
  await next();
};

/** Reads a request body to its end, keeping nothing; false (and the rest left unread) once it passes `limit` bytes. */
function drainWithin(req: IncomingMessage, limit: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let received = 0;
    const settle = (finish: () => void) => {
      req.off('data', onData).off('end', onEnd).off('close', onClose);
      finish();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) return;
      req.pause();
      settle(() => resolve(false));
    };
    const onEnd = () => settle(() => resolve(true));
    // A body cut off before its end is no request to act on.
    const onClose = () => settle(() => reject(appError('MALFORMED_REQUEST')));
    req.on('data', onData).on('end', onEnd).on('close', onClose);
  });
}
