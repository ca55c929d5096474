import { searchWords } from '../../text/search-words.js';
import type { PostRow, PostTagRow, VoteRow } from '../types.js';
import { compareTimed } from './sorted-list.js';
import { OrderedPosts } from './ordered-posts.js';
import type { RowIndex } from './table.js';
import { WordIndex } from './word-index.js';

/** What the catalog knows of one post besides its words (which the word indexes hold): its row, slot and vote count. */
export interface PostEntry {
  row: PostRow;
  /** A small integer naming the post in the word index and in bit sets; reused after the post is gone. */
  slot: number;
  votes: number;
  /** The tags the post carries (issue 31 §1), in the order they were added. */
  tagIds: readonly string[];
}

/** Most posts carry no tag: they share one empty list. */
const NO_TAGS: readonly string[] = Object.freeze([]);

/** Posts by (createdAt, id) ascending. */
export function byCreated(a: PostEntry, b: PostEntry): number {
  return compareTimed(a.row, b.row);
}

/** The votes order of API.md §8.1: vote count, then createdAt, then id, all descending. */
export function byVotes(a: PostEntry, b: PostEntry): number {
  if (a.votes !== b.votes) return b.votes - a.votes;
  return compareTimed(b.row, a.row);
}

/**
 * The posts as search and the votes order need them, kept in step with the posts and votes
 * tables write by write (and so undone with a rolled-back transaction): an inverted index of
 * every post's search words (prefix lookups) and of its title's words (whole words), and the
 * posts by date and by votes — all of them, per board and per roadmap — where a vote moves one post.
 */
export class PostCatalog {
  readonly words = new WordIndex({ prefixes: true });
  readonly titles = new WordIndex({ prefixes: false });
  /** Slots by their whole title's words joined by spaces: the exact duplicates of a title. */
  readonly exactTitles = new Map<string, number[]>();
  readonly byCreated = new OrderedPosts(byCreated);
  readonly byVotes = new OrderedPosts(byVotes);
  private readonly entries = new Map<string, PostEntry>();
  private readonly slots: Array<PostEntry | undefined> = [];
  private readonly freeSlots: number[] = [];
  /** Votes of posts that are not stored (a transaction may write a vote before its post, or delete them after). */
  private readonly strayVotes = new Map<string, number>();
  /** Tags of posts that are not stored, for the same reason. */
  private readonly strayTags = new Map<string, readonly string[]>();
  /** While a whole database loads, the orders are built once at the end instead of row by row. */
  private orderDeferred = false;
  private scratch = new Uint32Array(0);
  private scores = new Uint8Array(0);

  /** The catalog as seen by the posts table. */
  readonly onPosts: RowIndex<PostRow> = {
    add: (row) => this.addPost(row),
    remove: (row) => this.removePost(row),
    replace: (before, after) => this.replacePost(before, after),
  };

  /** The catalog as seen by the votes table. */
  readonly onVotes: RowIndex<VoteRow> = {
    add: (vote) => this.countVote(vote.postId, 1),
    remove: (vote) => this.countVote(vote.postId, -1),
  };

  /** The catalog as seen by the post–tag links table. */
  readonly onPostTags: RowIndex<PostTagRow> = {
    add: (link) => this.tagPost(link, 'add'),
    remove: (link) => this.tagPost(link, 'remove'),
  };

  /** The post in `slot`. */
  at(slot: number): PostEntry | undefined {
    return this.slots[slot];
  }

  /** The entry of a stored post. */
  entryOf(postId: string): PostEntry | undefined {
    return this.entries.get(postId);
  }

  /** How many posts the catalog holds. */
  get size(): number {
    return this.entries.size;
  }

  /** A zeroed bit set with one bit per slot: scratch memory, valid until the next call. */
  emptyBits(which: 0 | 1): Uint32Array {
    const words = (this.slots.length + 31) >>> 5;
    if (this.scratch.length < words * 2) this.scratch = new Uint32Array(words * 4);
    const half = this.scratch.length >>> 1;
    const bits = this.scratch.subarray(which * half, which * half + words);
    bits.fill(0);
    return bits;
  }

  /** A zeroed count per slot: scratch memory, valid until the next call. */
  emptyScores(): Uint8Array {
    if (this.scores.length < this.slots.length) this.scores = new Uint8Array(this.slots.length * 2);
    const scores = this.scores.subarray(0, this.slots.length);
    scores.fill(0);
    return scores;
  }

  /** Stops keeping the orders until `buildOrders` (loading a whole database). */
  deferOrders(): void {
    this.orderDeferred = true;
  }

  /** Builds both orders from every entry, one sort each. */
  buildOrders(): void {
    const entries = [...this.entries.values()];
    this.byCreated.rebuild(entries);
    this.byVotes.rebuild(entries);
    this.orderDeferred = false;
  }

  private addPost(row: PostRow): void {
    const slot = this.freeSlots.pop() ?? this.slots.length;
    const votes = this.strayVotes.get(row.id) ?? 0;
    this.strayVotes.delete(row.id);
    const tagIds = this.strayTags.get(row.id) ?? NO_TAGS;
    this.strayTags.delete(row.id);
    const entry: PostEntry = { row, slot, votes, tagIds };
    this.slots[slot] = entry;
    this.indexWords(entry);
    this.entries.set(row.id, entry);
    this.order(entry, 'add');
  }

  private removePost(row: PostRow): void {
    const entry = this.entries.get(row.id);
    if (!entry) return;
    this.order(entry, 'remove');
    this.unindexWords(entry);
    this.entries.delete(row.id);
    if (entry.votes !== 0) this.strayVotes.set(row.id, entry.votes);
    if (entry.tagIds.length > 0) this.strayTags.set(row.id, entry.tagIds);
    this.slots[entry.slot] = undefined;
    this.freeSlots.push(entry.slot);
  }

  /** An edit keeps the entry: words are indexed again only when title or content changed. */
  private replacePost(before: PostRow, after: PostRow): void {
    const entry = this.entries.get(before.id);
    if (!entry) {
      this.addPost(after);
      return;
    }
    this.order(entry, 'remove');
    const textChanged = before.title !== after.title || before.contentMarkdown !== after.contentMarkdown;
    if (textChanged) this.unindexWords(entry);
    entry.row = after;
    if (textChanged) this.indexWords(entry);
    this.order(entry, 'add');
  }

  /** Words are not kept per post (a third of the catalog's memory): a removal splits the row again. */
  private indexWords(entry: PostEntry): void {
    const { title, contentMarkdown } = entry.row;
    const titleWords = searchWords(title);
    this.words.add(entry.slot, titleWords, contentMarkdown === null ? [] : searchWords(contentMarkdown));
    this.titles.add(entry.slot, titleWords);
    const key = titleKey(titleWords);
    const same = this.exactTitles.get(key);
    if (same) same.push(entry.slot);
    else this.exactTitles.set(key, [entry.slot]);
  }

  private unindexWords(entry: PostEntry): void {
    const { title, contentMarkdown } = entry.row;
    const titleWords = searchWords(title);
    this.words.remove(entry.slot, titleWords);
    if (contentMarkdown !== null) this.words.remove(entry.slot, searchWords(contentMarkdown));
    this.titles.remove(entry.slot, titleWords);
    const key = titleKey(titleWords);
    const same = this.exactTitles.get(key)?.filter((slot) => slot !== entry.slot) ?? [];
    if (same.length > 0) this.exactTitles.set(key, same);
    else this.exactTitles.delete(key);
  }

  private countVote(postId: string, change: 1 | -1): void {
    const entry = this.entries.get(postId);
    if (!entry) {
      const votes = (this.strayVotes.get(postId) ?? 0) + change;
      if (votes === 0) this.strayVotes.delete(postId);
      else this.strayVotes.set(postId, votes);
      return;
    }
    if (!this.orderDeferred) this.byVotes.remove(entry);
    entry.votes += change;
    if (!this.orderDeferred) this.byVotes.add(entry);
  }

  /** A link moves one post into or out of its tag's lists; the post's other lists stay as they are. */
  private tagPost(link: PostTagRow, change: 'add' | 'remove'): void {
    const entry = this.entries.get(link.postId);
    const before = entry?.tagIds ?? this.strayTags.get(link.postId) ?? NO_TAGS;
    const after = change === 'add' ? [...before, link.tagId] : before.filter((tagId) => tagId !== link.tagId);
    if (!entry) {
      if (after.length > 0) this.strayTags.set(link.postId, after);
      else this.strayTags.delete(link.postId);
      return;
    }
    if (change === 'remove' && !this.orderDeferred) this.orderInTag(entry, link.tagId, 'remove');
    entry.tagIds = after;
    if (change === 'add' && !this.orderDeferred) this.orderInTag(entry, link.tagId, 'add');
  }

  private orderInTag(entry: PostEntry, tagId: string, change: 'add' | 'remove'): void {
    this.byCreated.tagged(entry, tagId, change);
    this.byVotes.tagged(entry, tagId, change);
  }

  private order(entry: PostEntry, change: 'add' | 'remove'): void {
    if (this.orderDeferred) return;
    this.byCreated[change](entry);
    this.byVotes[change](entry);
  }
}

/** The key of a title in `exactTitles`. */
export function titleKey(titleWords: readonly string[]): string {
  return titleWords.join(' ');
}
