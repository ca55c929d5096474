import type { PostText } from './text.js';

/*
 * What the bench knows of the seeded posts' text, to build query lists whose match counts are
 * known before the load: which posts hold each word. Words are split close to API.md §8.1 (NFKD,
 * no marks, lower case, runs of letters and digits); the few letters §1.8 maps (ß → ss) only
 * shift a rare count, and counts only choose queries, they are never checked against answers.
 */

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text as the bench counts them. */
export function textWords(text: string): string[] {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().match(WORD) ?? [];
}

/** The seeded posts' titles, and an index from word to the posts (by seeding order) holding it. */
export class Corpus {
  readonly titles: string[] = [];
  private readonly postings = new Map<string, number[]>();
  private hits = new Uint8Array(0);

  /** Records the next post. */
  add(text: PostText): void {
    const post = this.titles.length;
    this.titles.push(text.title);
    const words = new Set([...textWords(text.title), ...textWords(text.contentMarkdown)]);
    for (const word of words) {
      const list = this.postings.get(word);
      if (list) list.push(post);
      else this.postings.set(word, [post]);
    }
  }

  get size(): number {
    return this.titles.length;
  }

  /** How many posts hold `word` itself (not as a prefix). */
  frequency(word: string): number {
    return this.postings.get(word)?.length ?? 0;
  }

  /** How many posts match `query` as §8.1 says: every query word a prefix of one of the post's words. */
  matches(query: string): number {
    const words = [...new Set(textWords(query))];
    if (words.length === 0) return this.size;
    // hits[p] === k: post p matched the first k query words; one pass per word, no sets.
    if (this.hits.length !== this.size) this.hits = new Uint8Array(this.size);
    this.hits.fill(0);
    words.forEach((prefix, k) => {
      for (const [word, posts] of this.postings) {
        if (!word.startsWith(prefix)) continue;
        for (const post of posts) if (this.hits[post] === k) this.hits[post] = k + 1;
      }
    });
    let count = 0;
    for (const hit of this.hits) if (hit === words.length) count++;
    return count;
  }
}
