import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { Config } from '../config/types.js';
import { isReadableFormat, type Logger } from '../logger.js';
import { clientAddress } from './client-address.js';

type AccessConfig = Pick<Config, 'accessLog' | 'trustProxy' | 'logFormat'>;

/** What is known of a request once its answer is sent. */
interface RequestLine {
  requestId: string | undefined;
  method: string;
  path: string;
  status: number;
  ms: number;
  bytes: number;
  client: string;
  emailHash?: string | null;
}

/**
 * One log line per request, once its answer is sent: method, path without the query (which may
 * hold a token), status, duration, bytes, request id and client address, at info (off with
 * `accessLog: false`). Refusals an operator must see are logged at warn whatever that setting:
 * failed sign-ins (with a hash of the email, never the address, password or token), permission
 * refusals and rate limits. In the readable format each is one short line, and the web app's
 * hashed files go to debug: the fields spread over eight lines buried everything else.
 */
export function accessLog(config: AccessConfig, logger: Logger): Middleware {
  const write = isReadableFormat(config.logFormat) ? writeReadable : writeJson;
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      // 'close' comes for an answer sent and for a client that went away first alike.
      ctx.res.once('close', () => logRequest(ctx, config, started, (line, warning) => write(logger, line, warning, ctx.state.webAsset === true)));
    }
  };
}

type Refusal = keyof typeof REFUSALS;

function logRequest(ctx: Context, config: AccessConfig, started: bigint, write: (line: RequestLine, warning: Refusal | null) => void): void {
  const warning = refusalOf(ctx);
  if (!warning && !config.accessLog) return;
  const line: RequestLine = {
    requestId: ctx.state.requestId as string | undefined,
    method: ctx.method,
    path: ctx.path,
    status: ctx.status,
    ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
    bytes: Number(ctx.res.getHeader('content-length') ?? 0),
    client: clientAddress(ctx, config.trustProxy),
    ...(warning === 'sign-in' ? { emailHash: emailHash(ctx.state.body?.email) } : {}),
  };
  write(line, warning);
}

/** For a collector: every field, under a fixed message. */
function writeJson(logger: Logger, line: RequestLine, warning: Refusal | null): void {
  if (warning) logger.warn(line, REFUSALS[warning]);
  else logger.info(line, 'request');
}

/** For a person: `GET /b/ideas 200 3 ms`; a refusal adds who asked, so a guessing attack still shows. */
function writeReadable(logger: Logger, line: RequestLine, warning: Refusal | null, webAsset: boolean): void {
  const text = `${line.method} ${line.path} ${line.status} ${Math.round(line.ms)} ms`;
  if (warning) logger.warn(`${REFUSALS[warning]}: ${text} from ${line.client}${line.emailHash ? `, email hash ${line.emailHash}` : ''}`);
  else if (webAsset) logger.debug(text);
  else logger.info(text);
}

const REFUSALS = { 'sign-in': 'sign-in refused', permission: 'permission refused', 'rate-limit': 'rate limit reached' } as const;

function refusalOf(ctx: Context): Refusal | null {
  if (ctx.status === 429) return 'rate-limit';
  // Every way of signing in (issue 28): a guessing attack shows whichever way it comes.
  if (ctx.method === 'POST' && /^\/api\/v1\/auth\/(login|sso|magic-link\/login|oidc\/exchange)\/?$/i.test(ctx.path) && ctx.status >= 400 && ctx.status < 500) return 'sign-in';
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  return ctx.status === 403 && code === 'NOT_ENOUGH_PERMISSION' ? 'permission' : null;
}

/** The first 16 hex digits of SHA-256 of the lower-cased address: the same address gives the same hash, the log never holds the address. */
function emailHash(email: unknown): string | null {
  if (typeof email !== 'string' || email.trim() === '') return null;
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
}
