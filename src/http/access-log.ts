import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Config } from '../config/types.js';
import type { Logger } from '../logger.js';
import { clientAddress } from './client-address.js';

/**
 * One log line per request, once its answer is sent: method, path without the query (which may
 * hold a token), status, duration, bytes, request id and client address, at info (off with
 * `accessLog: false`). Refusals an operator must see are logged at warn whatever that setting:
 * failed sign-ins (with a hash of the email, never the address, password or token), permission
 * refusals and rate limits.
 */
export function accessLog(config: Pick<Config, 'accessLog' | 'trustProxy'>, logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      // 'close' comes for an answer sent and for a client that went away first alike.
      ctx.res.once('close', () => logRequest(ctx, config, logger, started));
    }
  };
}

function logRequest(ctx: Context, config: Pick<Config, 'accessLog' | 'trustProxy'>, logger: Logger, started: bigint): void {
  const warning = refusalOf(ctx);
  if (!warning && !config.accessLog) return;
  const line = {
    requestId: ctx.state.requestId as string | undefined,
    method: ctx.method,
    path: ctx.path,
    status: ctx.status,
    ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
    bytes: Number(ctx.res.getHeader('content-length') ?? 0),
    client: clientAddress(ctx, config.trustProxy),
    ...(warning === 'sign-in' ? { emailHash: emailHash(ctx.state.body?.email) } : {}),
  };
  if (warning) logger.warn(line, REFUSALS[warning]);
  else logger.info(line, 'request');
}

const REFUSALS = { 'sign-in': 'sign-in refused', permission: 'permission refused', 'rate-limit': 'rate limit reached' } as const;

function refusalOf(ctx: Context): keyof typeof REFUSALS | null {
  if (ctx.status === 429) return 'rate-limit';
  if (ctx.method === 'POST' && /^\/api\/v1\/auth\/login\/?$/i.test(ctx.path) && ctx.status >= 400 && ctx.status < 500) return 'sign-in';
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  return ctx.status === 403 && code === 'NOT_ENOUGH_PERMISSION' ? 'permission' : null;
}

/** The first 16 hex digits of SHA-256 of the lower-cased address: the same address gives the same hash, the log never holds the address. */
function emailHash(email: unknown): string | null {
  if (typeof email !== 'string' || email.trim() === '') return null;
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
}
