import type { Middleware } from 'koa';
import { basePath } from '../config/public-url.js';
import type { Config } from '../config/types.js';
import { appError } from '../errors.js';

/**
 * Under a sub-path (issue 33 §2: `publicUrl` `https://example.com/feedback`), everything below this
 * middleware sees the paths it sees at a host's root: a proxy that passes the prefix through
 * (`proxyStripsPath` false, the default) has it taken off here (`/feedback` itself is `/`), and a
 * request outside it is the API's JSON 404; a proxy that strips it leaves nothing to do. What the
 * browser is told (links, redirects, cookie paths) carries the prefix either way.
 */
export function servePathUnderBase(config: Pick<Config, 'publicUrl' | 'proxyStripsPath'>): Middleware {
  const base = basePath(config.publicUrl);
  if (base === '' || config.proxyStripsPath) return (_ctx, next) => next();
  return async (ctx, next) => {
    const path = ctx.path;
    if (path !== base && !path.startsWith(`${base}/`)) throw appError('NOT_FOUND');
    // Setting the path keeps the query string; `ctx.originalUrl` still has the whole address.
    ctx.path = path.slice(base.length) || '/';
    await next();
  };
}
