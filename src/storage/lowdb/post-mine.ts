import type { MinePostsFilter, PostQuery, PostRow } from '../types.js';
import type { MemoryDb } from './memory-db.js';
import type { PostEntry } from './post-catalog.js';
import { bitsOfAll, entryOrder, pageOf, type RowFilter } from './post-search.js';
import { hasBit } from './word-index.js';

/**
 * A page of one person's posts (those they wrote, or voted for), from the indexes by user: a
 * person's posts and votes are few next to the board's, so they are gathered, filtered (search
 * words by the word index's bit sets) and ordered, rather than found by walking every post.
 */
export function minePosts(db: MemoryDb, query: PostQuery, mine: MinePostsFilter, accepts: RowFilter): PostRow[] {
  const catalog = db.indexes.postCatalog;
  const words = query.words !== undefined && query.words.length > 0 ? bitsOfAll(catalog, query.words) : undefined;
  const entries: PostEntry[] = [];
  for (const postId of postIdsOf(db, mine)) {
    const entry = catalog.entryOf(postId);
    if (entry && (!words || hasBit(words, entry.slot)) && accepts(entry.row)) entries.push(entry);
  }
  return pageOf(entries, entryOrder(query), query.offset, query.limit).map((entry) => entry.row);
}

function postIdsOf(db: MemoryDb, mine: MinePostsFilter): string[] {
  if (mine.kind === 'posted') return (db.indexes.postsByUser.group(mine.userId)?.toArray() ?? []).map((post) => post.id);
  return (db.indexes.votesByUser.group(mine.userId)?.toArray() ?? []).map((vote) => vote.postId);
}
