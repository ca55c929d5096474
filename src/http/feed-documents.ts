import { Feed } from 'feed';
import type { ChangelogEntryView } from '../services/changelog/views.js';
import type { ServiceContext } from '../services/context.js';
import { boardFeed } from '../services/feeds/board-feed.js';
import { changelogFeed } from '../services/feeds/changelog-feed.js';
import type { PostView } from '../services/post-views.js';
import { getSiteSettings } from '../services/settings.js';

/* The Atom documents of the feeds (RFC 4287), written by the `feed` library. */

/** Summaries stay short: a reader links to the page for the rest. */
const SUMMARY_LENGTH = 300;

interface FeedHead {
  page: string;
  title: string;
  description: string;
  updated: string;
  /** The site's title: the author of what names no author of its own. */
  site: string;
}

function newFeed(head: FeedHead): Feed {
  return new Feed({
    id: head.page,
    title: head.title,
    description: head.description,
    link: head.page,
    feedLinks: { atom: `${head.page}/feed.atom` },
    updated: new Date(head.updated),
    author: { name: head.site },
    generator: 'feedbackd',
    copyright: '',
  });
}

export async function boardAtom(services: ServiceContext, url: string): Promise<string> {
  const [{ board, posts }, settings] = await Promise.all([boardFeed(services, url), getSiteSettings(services)]);
  const site = siteUrl(services);
  const feed = newFeed({
    page: `${site}/b/${encodeURIComponent(board.url)}`,
    title: `${board.name} · ${settings.title}`,
    description: board.description ?? `New ideas on ${board.name}`,
    updated: posts[0]?.createdAt ?? board.updatedAt,
    site: settings.title,
  });
  for (const post of posts) feed.addItem(postItem(site, post));
  return feed.atom1();
}

export async function changelogAtom(services: ServiceContext): Promise<string> {
  const [entries, settings] = await Promise.all([changelogFeed(services), getSiteSettings(services)]);
  const site = siteUrl(services);
  const feed = newFeed({
    page: `${site}/changelog`,
    title: `Changelog · ${settings.title}`,
    description: `What is new, improved and fixed at ${settings.title}`,
    // Nothing shipped yet: the feed is as new as this answer.
    updated: entries[0]?.publishedAt ?? new Date().toISOString(),
    site: settings.title,
  });
  for (const entry of entries) feed.addItem(entryItem(site, entry));
  return feed.atom1();
}

function postItem(site: string, post: PostView) {
  return {
    id: `urn:uuid:${post.postId}`,
    title: post.title,
    link: `${site}/p/${encodeURIComponent(post.slug)}`,
    date: new Date(post.createdAt),
    published: new Date(post.createdAt),
    author: [{ name: post.author.name || post.author.username }],
    ...(post.contentMarkdown ? { description: escapeHtml(excerpt(post.contentMarkdown)) } : {}),
  };
}

function entryItem(site: string, entry: ChangelogEntryView) {
  const shipped = entry.posts.length > 0 ? ` Answers: ${entry.posts.map((post) => post.title).join('; ')}.` : '';
  const summary = `${entry.contentMarkdown ? excerpt(entry.contentMarkdown) : ''}${shipped}`.trim();
  const published = new Date(entry.publishedAt ?? entry.updatedAt);
  return {
    id: `urn:uuid:${entry.entryId}`,
    title: entry.title,
    link: `${site}/changelog/${encodeURIComponent(entry.slug)}`,
    date: published,
    published,
    ...(entry.author ? { author: [{ name: entry.author.name || entry.author.username }] } : {}),
    ...(summary ? { description: escapeHtml(summary) } : {}),
  };
}

const siteUrl = (services: ServiceContext) => services.config.publicUrl.replace(/\/+$/, '');

function excerpt(markdown: string): string {
  const text = markdown.replace(/\s+/g, ' ').trim();
  return text.length <= SUMMARY_LENGTH ? text : `${text.slice(0, SUMMARY_LENGTH - 1)}…`;
}

/** The summary is `type="html"` in the library's Atom: the words must not be read as markup. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

