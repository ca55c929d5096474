import type { Context, Middleware } from 'koa';
import type { ServiceContext } from '../services/context.js';
import { boardAtom, changelogAtom } from './feed-documents.js';

/** `/b/<url>/feed.atom`: a board's newest ideas. */
const BOARD_FEED = /^\/b\/([^/]+)\/feed\.atom$/;
/** `/changelog/feed.atom`: what shipped. */
const CHANGELOG_FEED = /^\/changelog\/feed\.atom$/;

/**
 * Atom feeds (RFC 4287) beside the web app (issue 30): a displayed board's new ideas and the
 * changelog. Answered before the web app, which would otherwise answer any path with its HTML page;
 * an unknown or hidden board is a plain 404.
 */
export function serveFeeds(services: ServiceContext): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (CHANGELOG_FEED.test(ctx.path)) return sendAtom(ctx, await changelogAtom(services));
    const board = BOARD_FEED.exec(ctx.path);
    if (!board) return next();
    const url = safeDecode(board[1]!);
    if (url === null) return notFound(ctx);
    try {
      sendAtom(ctx, await boardAtom(services, url));
    } catch (error) {
      if ((error as { code?: string }).code === 'BOARD_NOT_FOUND') return notFound(ctx);
      throw error;
    }
  };
}

function sendAtom(ctx: Context, xml: string): void {
  ctx.status = 200;
  ctx.type = 'application/atom+xml; charset=utf-8';
  ctx.set('Cache-Control', 'no-cache');
  ctx.body = xml;
}

function notFound(ctx: Context): void {
  ctx.status = 404;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = 'No such feed\n';
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
