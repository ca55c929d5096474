import type { Context, Middleware } from 'koa';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';

/** The only body a 500 ever has (API.md §1.11): nothing about the failure leaks to clients. */
const SERVER_ERROR_BODY = Object.freeze({ message: 'Something went wrong!', code: 'SERVER_ERROR' });

/** The error body of API.md §1.4: `{ message, code }`, plus `errors` for VALIDATION_ERROR only. */
export function errorBody(error: AppError): Record<string, unknown> {
  const body: Record<string, unknown> = { message: error.message, code: error.code };
  if (error.code === 'VALIDATION_ERROR' && error.errors) body.errors = error.errors;
  return body;
}

/**
 * The one error middleware, first in the chain: everything below just throws. AppErrors answer
 * with their status and body; anything else is logged with the request id and becomes a 500.
 */
export function handleErrors(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // Routing already answered unknown paths, so this is a handler that set no response:
      // a bug to log, not Koa's plain-text 404.
      if (ctx.body === undefined && ctx.status === 404) throw new Error(`no response set for ${ctx.method} ${ctx.path}`);
    } catch (error) {
      respondWithError(ctx, error, logger);
    }
  };
}

function respondWithError(ctx: Context, error: unknown, logger: Logger): void {
  if (error instanceof AppError) {
    ctx.status = error.status;
    sendJson(ctx, errorBody(error));
    return;
  }
  // `err` gets pino's error serializer (type, message, stack); the path leaves out the query string.
  logger.error({ requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, err: error }, 'request failed');
  if (ctx.headerSent) return;
  ctx.status = 500;
  sendJson(ctx, SERVER_ERROR_BODY);
}

/** Koa keeps a Content-Type a handler set before throwing; an error body is always JSON. */
function sendJson(ctx: Context, body: object): void {
  ctx.body = body;
  ctx.type = 'json';
}
