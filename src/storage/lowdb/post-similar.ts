import type { PostRow, SimilarQuery } from '../types.js';
import type { MemoryDb } from './memory-db.js';
import { byVotes, type PostEntry } from './post-catalog.js';
import { pageOf } from './post-search.js';

/** Above any number of shared title words (a title has at most 200 characters), so an exact title ranks first. */
const EXACT_TITLE = 1_000;

/**
 * Posts like a title (API.md §8.2): every post whose title holds one of the words is scored by
 * how many it holds (an exact title scores highest) and ranked by score, then votes and date;
 * when those are fewer than `limit`, posts holding a word only in their content follow by votes.
 * Only whole words are looked up, so the work is the size of those words' posting lists.
 */
export function similarPosts(db: MemoryDb, query: SimilarQuery): PostRow[] {
  if (query.limit <= 0 || query.words.length === 0) return [];
  const catalog = db.indexes.postCatalog;
  const accepts = similarFilter(db, query);
  const mark = catalog.newMark();
  const scored: PostEntry[] = [];
  for (const word of query.words) {
    catalog.titles.eachHolding(word, (slot) => {
      const entry = catalog.at(slot)!;
      if (entry.mark !== mark) {
        entry.mark = mark;
        entry.score = sameWords(entry.titleWords, query.titleWords) ? EXACT_TITLE : 0;
        scored.push(entry);
      }
      entry.score++;
    });
  }
  const ranked = pageOf(scored.filter((entry) => accepts(entry.row)), byScore, 0, query.limit);
  if (ranked.length < query.limit) {
    const inContent: PostEntry[] = [];
    for (const word of query.words) {
      catalog.words.eachHolding(word, (slot) => {
        const entry = catalog.at(slot)!;
        if (entry.mark === mark) return;
        entry.mark = mark;
        if (accepts(entry.row)) inContent.push(entry);
      });
    }
    ranked.push(...pageOf(inContent, byVotes, 0, query.limit - ranked.length));
  }
  return ranked.map((entry) => entry.row);
}

function byScore(a: PostEntry, b: PostEntry): number {
  return b.score - a.score || byVotes(a, b);
}

function similarFilter(db: MemoryDb, query: SimilarQuery): (post: PostRow) => boolean {
  const hidden = db.indexes.hiddenBoards;
  return (post) => {
    if (query.boardId !== undefined && post.boardId !== query.boardId) return false;
    return !(query.visibleBoardsOnly && post.boardId !== null && hidden.has(post.boardId));
  };
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((word, i) => word === b[i]);
}
