import type { CommentRow, JsonFacts, NotificationRow, PostRow, Repositories, RoadmapRow, UserRow } from '../../storage/types.js';
import type { Actor } from '../context.js';
import { can } from '../permissions.js';
import { isUuid } from '../validation/fields.js';
import { isVisibleRoadmap } from '../visibility.js';

/** One update of a digest, as the recipient may see it. */
export type DigestItem =
  /** `roadmapName` null: the post left the roadmaps the recipient can see. */
  | { kind: 'status'; roadmapName: string | null }
  | { kind: 'comment'; authorName: string; excerpt: string }
  | { kind: 'title'; oldTitle: string; newTitle: string }
  /** A duplicate the recipient followed was merged into this post (issue 30 §2). */
  | { kind: 'merged'; fromTitle: string };

/** Comment excerpts stop here (code points), so a digest of many comments stays short. */
const EXCERPT_LENGTH = 280;

/**
 * The rows' updates in order (createdAt, id), each checked again at send time against what the
 * recipient may see now (API.md §2.7); a row naming something they cannot see is dropped.
 */
export async function visibleItems(repos: Repositories, recipient: Actor, post: PostRow, rows: readonly NotificationRow[]): Promise<DigestItem[]> {
  const ordered = [...rows].sort(byCreation);
  const items: DigestItem[] = [];
  for (const row of ordered) {
    if (row.postId !== post.id) continue;
    const item = await itemOf(repos, recipient, post, row);
    if (item) items.push(item);
  }
  return items;
}

/** ISO timestamps of one format and lower-case ids sort as plain strings (no locale rules). */
function byCreation(a: NotificationRow, b: NotificationRow): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

async function itemOf(repos: Repositories, recipient: Actor, post: PostRow, row: NotificationRow): Promise<DigestItem | null> {
  if (row.kind === 'status') return statusItem(repos, recipient, row.facts);
  if (row.kind === 'comment') return commentItem(repos, recipient, post, row.facts);
  if (row.kind === 'merged') return typeof row.facts.fromTitle === 'string' ? { kind: 'merged', fromTitle: row.facts.fromTitle } : null;
  return titleItem(row.facts);
}

/**
 * A status change as the recipient sees the post's roadmap: a hidden (or since deleted) roadmap is
 * no roadmap, as on the site. Moved onto a roadmap they see: "is now <name>". Moved from one they
 * see to none they see: "taken off the roadmap" (what the site shows them too). Between roadmaps
 * they cannot see, nothing changed for them: skipped, so a hidden roadmap's name never reaches them.
 */
async function statusItem(repos: Repositories, recipient: Actor, facts: JsonFacts): Promise<DigestItem | null> {
  const from = await visibleRoadmap(repos, recipient, facts.fromRoadmapId);
  const to = await visibleRoadmap(repos, recipient, facts.toRoadmapId);
  if (to) return { kind: 'status', roadmapName: to.name };
  return from ? { kind: 'status', roadmapName: null } : null;
}

async function visibleRoadmap(repos: Repositories, recipient: Actor, id: unknown): Promise<RoadmapRow | null> {
  // Facts are stored JSON: anything but an id names nothing (and PostgreSQL would refuse it as a uuid).
  if (!isUuid(id)) return null;
  const roadmap = await repos.roadmaps.get(id);
  return isVisibleRoadmap(recipient, roadmap) ? roadmap : null;
}

/**
 * A comment still there and visible to the recipient: not spam, internal only for those who may
 * read internal notes. Their own comments are left out: nobody needs mail about what they wrote.
 */
async function commentItem(repos: Repositories, recipient: Actor, post: PostRow, facts: JsonFacts): Promise<DigestItem | null> {
  if (!isUuid(facts.commentId)) return null;
  const comment = await repos.comments.get(facts.commentId);
  if (!comment || !isVisibleComment(recipient, post, comment)) return null;
  const author = await repos.users.get(comment.userId);
  return { kind: 'comment', authorName: displayName(author), excerpt: excerptOf(comment.body) };
}

function isVisibleComment(recipient: Actor, post: PostRow, comment: CommentRow): boolean {
  if (comment.postId !== post.id || comment.isSpam || comment.userId === recipient.user.id) return false;
  return !comment.isInternal || can(recipient, 'comment:view_internal');
}

function titleItem(facts: JsonFacts): DigestItem | null {
  const { oldTitle, newTitle } = facts;
  if (typeof oldTitle !== 'string' || typeof newTitle !== 'string') return null;
  return { kind: 'title', oldTitle, newTitle };
}

/** The name people know the author by; a deleted author is "Someone". */
function displayName(user: UserRow | undefined): string {
  if (!user) return 'Someone';
  return user.name.trim() || user.username;
}

/** The comment on one line, whitespace collapsed, cut at a whole code point with "…". */
export function excerptOf(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  const points = [...flat];
  return points.length <= EXCERPT_LENGTH ? flat : `${points.slice(0, EXCERPT_LENGTH - 1).join('').trimEnd()}…`;
}
