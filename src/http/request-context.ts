import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { Config } from '../config/types.js';
import { appError } from '../errors.js';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The client's `X-Request-Id` when it is safe to echo and log, else a new UUID v4 (API.md §1.11). */
export function requestIdFor(incoming: string): string {
  return CLIENT_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The headers every response carries besides CORS's origin (API.md §1.3, §1.10). */
export function everyResponseHeaders(requestId: string): Record<string, string> {
  return {
    'X-Request-Id': requestId,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Expose-Headers': 'X-Request-Id',
  };
}

/**
 * Gives each request its id and default state, and stamps the headers every response carries,
 * errors included (API.md §1.3, §1.10): set before `next()` so a later throw keeps them.
 */
export function requestContext(config: Pick<Config, 'corsOrigins'>): Middleware {
  const allowOrigin = corsOriginPolicy(config.corsOrigins);
  return async (ctx, next) => {
    const requestId = requestIdFor(ctx.get('x-request-id'));
    ctx.state.requestId = requestId;
    ctx.state.body = {};
    ctx.state.viewer = null;
    ctx.set(everyResponseHeaders(requestId));
    allowOrigin(ctx);
    // Node would answer this one itself, bare (server.ts turns that off): RFC 9112 §3.2 wants a 400.
    if (lacksHost(ctx.req)) {
      ctx.set('Connection', 'close');
      throw appError('MALFORMED_REQUEST');
    }
    await next();
  };
}

function lacksHost(req: IncomingMessage): boolean {
  return req.httpVersion === '1.1' && req.headers.host === undefined;
}

type OriginPolicy = (ctx: Context) => void;

/** `*` for everyone by default; with a list, echo a listed Origin only (API.md §1.10). */
function corsOriginPolicy(origins: Config['corsOrigins']): OriginPolicy {
  if (origins === '*') return (ctx) => ctx.set('Access-Control-Allow-Origin', '*');
  const allowed = new Set(origins);
  return (ctx) => {
    // Vary on every answer, not only the allowed ones: a shared cache must never reuse one origin's answer for another.
    ctx.vary('Origin');
    const origin = ctx.get('origin');
    if (allowed.has(origin)) ctx.set('Access-Control-Allow-Origin', origin);
  };
}
