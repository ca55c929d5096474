import { Writable } from 'node:stream';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { appError } from '../errors.js';
import type { ServiceContext } from '../services/context.js';
import { can } from '../services/permissions.js';
import { UPLOAD_MIME } from '../services/uploads.js';

/*
 * Uploaded images over HTTP (issue 31 §3): reading `POST /api/v1/uploads`'s multipart body, and
 * serving `/uploads/<id>` beside the web app.
 */

/** Room for the multipart framing (boundaries, part headers, a small field or two) beyond the image itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** 403 unless the actor may write posts or comments (what an image goes into). After requireAuth. */
export const requireUploader: Middleware = async (ctx, next) => {
  if (!can(ctx.state.actor, 'post:create') && !can(ctx.state.actor, 'comment:create')) throw appError('NOT_ENOUGH_PERMISSION');
  await next();
};

/**
 * Reads the multipart body's field `file` into memory (`ctx.state.upload`): 413 UPLOAD_TOO_LARGE
 * by Content-Length before reading, or as soon as the file passes uploadMaxBytes while it is read
 * (the rest is never read: the connection closes); 400 UPLOAD_FILE_MISSING when the body is not
 * multipart or has no non-empty `file`.
 */
export function readUpload(services: ServiceContext): Middleware {
  const maxBytes = services.config.uploadMaxBytes;
  return async (ctx, next) => {
    const length = Number(ctx.get('Content-Length') || 'NaN');
    if (Number.isFinite(length) && length > maxBytes + MULTIPART_OVERHEAD) throw refuse(ctx, appError('UPLOAD_TOO_LARGE'));
    if (!ctx.is('multipart/form-data')) throw refuse(ctx, appError('UPLOAD_FILE_MISSING'));
    const chunks: Buffer[] = [];
    let sawFile = false;
    const read = koaBody({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      formidable: {
        maxFiles: 1,
        maxFields: 10,
        maxFieldsSize: 64 * 1024,
        maxFileSize: maxBytes,
        maxTotalFileSize: maxBytes,
        allowEmptyFiles: true,
        minFileSize: 0,
        filter: (part) => part.name === 'file',
        fileWriteStreamHandler: () => {
          sawFile = true;
          return new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
          });
        },
      },
      onError: (error) => {
        throw refuse(ctx, multipartError(error));
      },
    });
    await read(ctx, async () => undefined);
    const bytes = Buffer.concat(chunks);
    if (!sawFile || bytes.length === 0) throw appError('UPLOAD_FILE_MISSING');
    ctx.state.upload = bytes;
    await next();
  };
}

function refuse(ctx: Context, error: unknown): unknown {
  ctx.set('Connection', 'close');
  return error;
}

/** formidable's refusals: past a size limit is our 413, anything else a body we cannot read. */
function multipartError(error: Error): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 1009 || code === 1016) return appError('UPLOAD_TOO_LARGE');
  if (typeof code === 'number' && code >= 1000 && code < 1100) return appError('UPLOAD_FILE_MISSING');
  return error;
}

/** `/uploads/<64 hex>`. */
const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{64})$/;

/**
 * `GET /uploads/<id>`: the image with its sniffed type, never sniffed again by the browser, in a
 * sandbox should it be opened as a page, cached for a year (the id is its content's hash). An
 * unknown id is a plain 404. Before the web app, which answers any other path with its page.
 */
export function serveUploads(services: ServiceContext): Middleware {
  return async (ctx, next) => {
    const match = UPLOAD_PATH.exec(ctx.path);
    if (!match) {
      if (ctx.path.startsWith('/uploads/') && (ctx.method === 'GET' || ctx.method === 'HEAD')) return notFound(ctx);
      return next();
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const id = match[1]!;
    const row = await services.storage.uploads.get(id);
    const bytes = row ? await services.storage.uploadBytes.read(id) : undefined;
    if (!row || !bytes) return notFound(ctx);
    const etag = `"${id}"`;
    ctx.set('ETag', etag);
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.set('Cross-Origin-Resource-Policy', 'same-site');
    if (ctx.get('If-None-Match').split(',').some((tag) => tag.trim() === etag || tag.trim() === `W/${etag}`)) {
      ctx.status = 304;
      return;
    }
    ctx.status = 200;
    ctx.type = UPLOAD_MIME[row.type];
    ctx.body = bytes;
  };
}

function notFound(ctx: Context): void {
  ctx.status = 404;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = 'No such image\n';
}
