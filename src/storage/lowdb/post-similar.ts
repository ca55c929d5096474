import type { PostRow, SimilarQuery } from '../types.js';
import type { ChunkedList } from './chunked-list.js';
import type { MemoryDb } from './memory-db.js';
import { byVotes, type PostCatalog, type PostEntry, titleKey } from './post-catalog.js';
import { hasBit, Scores } from './word-index.js';

/** A score level holding at most this many posts is collected by scanning the scores; a larger one by walking the votes order. */
const SCAN_LEVEL = 256;

/**
 * Posts like a title (API.md §8.2), ranked: exact duplicates of the title, then by how many of
 * the words the title holds (its score), then by votes and date; then posts holding a word only
 * in their content, by votes. Scores are counted per slot from the title index (one pass over
 * those words' posts); each score level, best first, is then read in votes order until `limit`
 * posts are found — a crowded level by walking the votes order, a thin one from the scores.
 */
export function similarPosts(db: MemoryDb, query: SimilarQuery): PostRow[] {
  if (query.limit <= 0 || query.words.length === 0) return [];
  const catalog = db.indexes.postCatalog;
  const accepts = similarFilter(db, query);
  const scores = new Scores(catalog.emptyScores(), query.words.length);
  for (const word of query.words) catalog.titles.scoreHolding(word, scores);
  const ranked: PostEntry[] = [];
  const taken = (entry: PostEntry) => ranked.includes(entry);
  const exact = (catalog.exactTitles.get(titleKey(query.titleWords)) ?? []).map((slot) => catalog.at(slot)!);
  ranked.push(...firstAccepted(exact.sort(byVotes), (entry) => accepts(entry.row), query.limit));
  for (let level = scores.levels.length - 1; level >= 1 && ranked.length < query.limit; level--) {
    const wanted = query.limit - ranked.length;
    const found =
      scores.levels[level]! <= SCAN_LEVEL ? scanLevel(catalog, scores, level) : inVotesOrder(catalog.byVotes.all, (slot) => scores.bySlot[slot] === level);
    ranked.push(...firstAccepted(found, (entry) => accepts(entry.row) && !taken(entry), wanted));
  }
  if (ranked.length < query.limit) ranked.push(...inContentOnly(catalog, query, scores.bySlot, (entry) => accepts(entry.row) && !taken(entry), query.limit - ranked.length));
  return ranked.map((entry) => entry.row);
}

/** The posts with this score, in votes order: from the list of slots scoring 2 or more, or a scan of every slot for score 1. */
function scanLevel(catalog: PostCatalog, scores: Scores, level: number): Iterable<PostEntry> {
  const found: PostEntry[] = [];
  const { bySlot } = scores;
  if (level >= 2) {
    for (const slot of scores.several) if (bySlot[slot] === level) found.push(catalog.at(slot)!);
  } else {
    for (let slot = 0; slot < bySlot.length; slot++) if (bySlot[slot] === level) found.push(catalog.at(slot)!);
  }
  return found.sort(byVotes);
}

/** The posts of a votes-ordered list whose slot passes `test`, lazily (the caller stops once it has enough). */
function* inVotesOrder(byVotesList: ChunkedList<PostEntry>, test: (slot: number) => boolean): Generator<PostEntry> {
  const parts = byVotesList.parts;
  const slotParts = byVotesList.tagParts;
  for (let p = 0; p < parts.length; p++) {
    const slots = slotParts[p]!;
    for (let i = 0; i < slots.length; i++) if (test(slots[i]!)) yield parts[p]![i]!;
  }
}

/** Posts holding one of the words in their content but none in their title, in votes order. */
function inContentOnly(
  catalog: PostCatalog,
  query: SimilarQuery,
  scores: Uint8Array,
  accepts: (entry: PostEntry) => boolean,
  wanted: number,
): PostEntry[] {
  const bits = catalog.emptyBits(0);
  for (const word of query.words) catalog.words.markHolding(word, bits);
  return firstAccepted(inVotesOrder(catalog.byVotes.all, (slot) => scores[slot] === 0 && hasBit(bits, slot)), accepts, wanted);
}

function firstAccepted(entries: Iterable<PostEntry>, accepts: (entry: PostEntry) => boolean, wanted: number): PostEntry[] {
  const out: PostEntry[] = [];
  if (wanted <= 0) return out;
  for (const entry of entries) {
    if (!accepts(entry)) continue;
    if (out.push(entry) >= wanted) break;
  }
  return out;
}

function similarFilter(db: MemoryDb, query: SimilarQuery): (post: PostRow) => boolean {
  const hidden = db.indexes.hiddenBoards;
  const held = db.indexes.heldPosts;
  return (post) => {
    // Held posts (issue 31 §2) are never similar to anything.
    if (held.has(post.id)) return false;
    if (query.boardId !== undefined && post.boardId !== query.boardId) return false;
    return !(query.visibleBoardsOnly && post.boardId !== null && hidden.has(post.boardId));
  };
}
