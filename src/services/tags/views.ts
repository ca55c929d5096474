/*
 * How tags are shown (issue 31 §1, API.md §8.9): a tag in the tag routes' answers, and a post's
 * tags as a Post carries them. A private tag is seen only by those who may assign tags.
 */
import type { Repositories, TagRow } from '../../storage/types.js';
import type { Viewer } from '../context.js';
import { can } from '../permissions.js';

/** A tag in the answers of the tag routes. */
export interface TagView {
  tagId: string;
  name: string;
  color: string;
  public: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A tag as a Post carries it (API.md §8.9). */
export interface TagRef {
  tagId: string;
  name: string;
  color: string;
}

export function toTagView(tag: TagRow): TagView {
  return { tagId: tag.id, name: tag.name, color: tag.color, public: tag.public, createdAt: tag.createdAt, updatedAt: tag.updatedAt };
}

export function toTagRef(tag: TagRow): TagRef {
  return { tagId: tag.id, name: tag.name, color: tag.color };
}

/** Whether the viewer sees private tags: those who may assign tags. */
export function seesPrivateTags(viewer: Viewer): boolean {
  return can(viewer, 'tag:assign');
}

/** Every tag the viewer may see, by name. */
export async function visibleTags(repos: Repositories, viewer: Viewer): Promise<TagRow[]> {
  const tags = await repos.tags.list();
  return seesPrivateTags(viewer) ? tags : tags.filter((tag) => tag.public);
}

/**
 * The tags of each post the viewer may see, by name (then id), as a Post carries them; a post
 * without any is absent from the map. The tags are read whole (a board has tens of them).
 */
export async function tagsOfPosts(repos: Repositories, viewer: Viewer, postIds: readonly string[]): Promise<Map<string, TagRef[]>> {
  const found = new Map<string, TagRef[]>();
  if (postIds.length === 0) return found;
  const links = await repos.postTags.listByPosts(postIds);
  if (links.length === 0) return found;
  const tags = await visibleTags(repos, viewer);
  const rank = new Map(tags.map((tag, index) => [tag.id, index]));
  const byPost = new Map<string, number[]>();
  for (const link of links) {
    const index = rank.get(link.tagId);
    if (index === undefined) continue;
    const list = byPost.get(link.postId) ?? [];
    list.push(index);
    byPost.set(link.postId, list);
  }
  for (const [postId, indexes] of byPost) found.set(postId, indexes.sort((a, b) => a - b).map((index) => toTagRef(tags[index]!)));
  return found;
}
