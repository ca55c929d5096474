/*
 * A changelog entry as the API answers it. Linked posts the viewer cannot see (their board is
 * hidden from them, API.md §2.7) are left out, and a roadmap hidden from them is no roadmap, so an
 * entry never tells what a hidden board or roadmap holds.
 */
import type { ChangelogEntryRow, ChangelogLabel, ChangelogStatus, PostRow, Repositories } from '../../storage/types.js';
import type { Viewer } from '../context.js';
import { canSeePost } from '../post-lookup.js';
import { type PublicUser, toPublicUser } from '../post-views.js';
import { visibleRoadmapId } from '../visibility.js';

/** A linked post: what a changelog page or a webhook needs to name and link it. */
export interface LinkedPostRef {
  postId: string;
  title: string;
  slug: string;
}

export interface ChangelogEntryView {
  entryId: string;
  slug: string;
  title: string;
  contentMarkdown: string | null;
  labels: ChangelogLabel[];
  status: ChangelogStatus;
  publishAt: string | null;
  publishedAt: string | null;
  moveToRoadmapId: string | null;
  author: PublicUser | null;
  posts: LinkedPostRef[];
  createdAt: string;
  updatedAt: string;
}

export function toLinkedPostRef(post: PostRow): LinkedPostRef {
  return { postId: post.id, title: post.title, slug: post.slug };
}

/** The entry's linked posts that exist and the viewer may see, in the author's order. */
export async function visibleLinkedPosts(repos: Repositories, viewer: Viewer, entryId: string): Promise<PostRow[]> {
  const links = await repos.changelogLinks.listByEntry(entryId);
  const posts = await repos.posts.getMany(links.map((link) => link.postId));
  const visible: PostRow[] = [];
  for (const link of links) {
    const post = posts.get(link.postId);
    if (post && (await canSeePost(repos, viewer, post))) visible.push(post);
  }
  return visible;
}

export async function renderEntries(repos: Repositories, viewer: Viewer, entries: readonly ChangelogEntryRow[]): Promise<ChangelogEntryView[]> {
  const authors = await repos.users.getMany([...new Set(entries.map((entry) => entry.authorId))]);
  const views: ChangelogEntryView[] = [];
  for (const entry of entries) {
    const author = authors.get(entry.authorId);
    const posts = await visibleLinkedPosts(repos, viewer, entry.id);
    views.push({
      entryId: entry.id,
      slug: entry.slug,
      title: entry.title,
      contentMarkdown: entry.contentMarkdown,
      labels: [...entry.labels],
      status: entry.status,
      publishAt: entry.publishAt,
      publishedAt: entry.publishedAt,
      moveToRoadmapId: await visibleRoadmapId(repos, viewer, entry.moveToRoadmapId),
      author: author ? toPublicUser(author) : null,
      posts: posts.map(toLinkedPostRef),
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
    });
  }
  return views;
}

export async function renderEntry(repos: Repositories, viewer: Viewer, entry: ChangelogEntryRow): Promise<ChangelogEntryView> {
  return (await renderEntries(repos, viewer, [entry]))[0]!;
}
