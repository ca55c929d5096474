import { foldLetters } from './letters.js';

/*
 * Search words (API.md §8.1), the one definition both storage engines and the services share:
 * fold letters as transliteration does but keep every script, lower-case, split into maximal runs
 * of letters and digits. `Dark-Mode` → dark, mode; `Тёмная тема` → темная, тема; `暗色模式` is one word.
 */

/**
 * Stored words are cut to this many code points. A query holds at most 200 code points, so a query
 * word is a prefix of a long word exactly when it is a prefix of the word's first 200 code points;
 * the cut bounds memory and keeps every word far below PostgreSQL's lexeme limit (2,047 bytes).
 */
export const MAX_WORD_LENGTH = 200;

/** Words of 1–2 code points and these never make two posts similar (API.md §8.2). */
const STOP_WORDS: ReadonlySet<string> = new Set([
  'the', 'and', 'for', 'with', 'not', 'are', 'can', 'you', 'but', 'from', 'this', 'that', 'add', 'please',
]);
const MIN_SIMILAR_WORD_LENGTH = 3;
const WORD = /[\p{L}\p{N}]+/gu;
const ASCII_WORD = /[a-z0-9]+/g;
const NOT_ASCII = /[^\p{ASCII}]/u;

/** The search words of a text, in order, repeats kept, each cut to MAX_WORD_LENGTH code points. */
export function searchWords(text: string): string[] {
  // Plain ASCII is the common case and folds to itself: the same words, several times faster.
  const words = (!NOT_ASCII.test(text) ? text.toLowerCase().match(ASCII_WORD) : foldLetters(text).toLowerCase().match(WORD)) ?? [];
  return words.some((word) => word.length > MAX_WORD_LENGTH) ? words.map(cutWord) : words;
}

/** The distinct search words of a post (its title and Markdown content), in order of appearance: what both engines store. */
export function postSearchWords(title: string, contentMarkdown: string | null): string[] {
  return distinctWords(searchWords(title), contentMarkdown);
}

/** `postSearchWords` for a title already split into its words. */
export function distinctWords(titleWords: readonly string[], contentMarkdown: string | null): string[] {
  const words = new Set(titleWords);
  if (contentMarkdown !== null) for (const word of searchWords(contentMarkdown)) words.add(word);
  return [...words];
}

/** The words of a `query`, distinct, in the order given; none for a query of only punctuation or symbols. */
export function queryWords(query: string): string[] {
  return [...new Set(searchWords(query))];
}

/** The words of a title that count for similarity (API.md §8.2): distinct, 3 or more code points, no stop word. */
export function similarityWords(title: string): string[] {
  return [...new Set(searchWords(title))].filter(
    (word) => codePoints(word) >= MIN_SIMILAR_WORD_LENGTH && !STOP_WORDS.has(word),
  );
}

function cutWord(word: string): string {
  if (word.length <= MAX_WORD_LENGTH) return word;
  return Array.from(word).slice(0, MAX_WORD_LENGTH).join('');
}

function codePoints(word: string): number {
  let count = 0;
  for (const _ of word) count++;
  return count;
}
