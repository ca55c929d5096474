import { Feed } from 'feed';
import type { Context, Middleware } from 'koa';
import type { ServiceContext } from '../services/context.js';
import { boardFeed } from '../services/feeds/board-feed.js';
import type { PostView } from '../services/post-views.js';
import { getSiteSettings } from '../services/settings.js';

/** `/b/<url>/feed.atom`: a board's newest ideas. */
const BOARD_FEED = /^\/b\/([^/]+)\/feed\.atom$/;

/** Summaries stay short: a reader links to the idea for the rest. */
const SUMMARY_LENGTH = 300;

/**
 * Atom feeds (RFC 4287) beside the web app: a displayed board's new ideas. Answered before the web
 * app, which would otherwise answer any path with its HTML page; an unknown or hidden board is a
 * plain 404.
 */
export function serveFeeds(services: ServiceContext): Middleware {
  return async (ctx, next) => {
    const board = BOARD_FEED.exec(ctx.path);
    if (!board || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
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

async function boardAtom(services: ServiceContext, url: string): Promise<string> {
  const [{ board, posts }, settings] = await Promise.all([boardFeed(services, url), getSiteSettings(services)]);
  const site = services.config.publicUrl.replace(/\/+$/, '');
  const boardPage = `${site}/b/${encodeURIComponent(board.url)}`;
  const feed = new Feed({
    id: boardPage,
    title: `${board.name} · ${settings.title}`,
    description: board.description ?? `New ideas on ${board.name}`,
    link: boardPage,
    feedLinks: { atom: `${boardPage}/feed.atom` },
    updated: new Date(posts[0]?.createdAt ?? board.updatedAt),
    generator: 'feedbackd',
    copyright: '',
  });
  for (const post of posts) feed.addItem(postItem(site, post));
  return feed.atom1();
}

function postItem(site: string, post: PostView) {
  const link = `${site}/p/${encodeURIComponent(post.slug)}`;
  return {
    id: `urn:uuid:${post.postId}`,
    title: post.title,
    link,
    date: new Date(post.createdAt),
    published: new Date(post.createdAt),
    author: [{ name: post.author.name || post.author.username }],
    ...(post.contentMarkdown ? { description: escapeHtml(excerpt(post.contentMarkdown)) } : {}),
  };
}

function excerpt(markdown: string): string {
  const text = markdown.replace(/\s+/g, ' ').trim();
  return text.length <= SUMMARY_LENGTH ? text : `${text.slice(0, SUMMARY_LENGTH - 1)}…`;
}

/** The summary is `type="html"` in the library's Atom: the idea's own words must not be read as markup. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
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
