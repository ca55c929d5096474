import type { Context } from 'koa';

/**
 * The client address for rate limits (API.md §1.14): the socket peer, or behind a trusted proxy
 * the right-most `X-Forwarded-For` entry, the one the proxy added (entries to its left are client-supplied).
 */
export function clientAddress(ctx: Pick<Context, 'get' | 'req'>, trustProxy: boolean): string {
  const socketAddress = ctx.req.socket.remoteAddress ?? '';
  if (!trustProxy) return socketAddress;
  const entries = ctx.get('x-forwarded-for').split(',');
  return entries.at(-1)?.trim() || socketAddress;
}
