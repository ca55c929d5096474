import { type Corpus, textWords } from './corpus.js';
import { Random, Zipf } from './random.js';
import { TextGenerator } from './text.js';
import { FUNCTION_WORDS, PRODUCT_WORDS, SCRIPT_WORDS } from './vocabulary.js';

/*
 * Search queries and similar-post titles for the loads, built from the seeded vocabulary and
 * posts: 1-word queries of common and rare words, prefixes and other scripts; 2- and 3-word
 * queries of words that share a title. Deterministic, like the seed.
 */

/** A page-500 query needs more matches than this to answer a non-empty page (limit 10 → offset 4,990). */
export const DEEP_MATCHES = 5_000;
/** Words nobody searches for alone ("the", "to", "with"): left out of queries taken from titles. */
const FILLER: ReadonlySet<string> = new Set([...FUNCTION_WORDS, 'in', 'on']);

/** Queries of one word count, with how many posts each matches (per the corpus). */
export interface QueryList {
  queries: string[];
  matches: number[];
}

/** Queries as people type them: the page-1 list, in a mix of kinds. */
export function typedQueries(corpus: Corpus, words: 1 | 2 | 3, count: number): QueryList {
  const random = new Random(1000 + words);
  const zipf = new Zipf(PRODUCT_WORDS.length);
  const make = words === 1 ? () => oneWordQuery(random, zipf) : () => titleQuery(corpus, words, random);
  return measured(corpus, distinctQueries(make, count));
}

/**
 * Queries matching many posts, for page 500: the commonest words of random titles, so the words
 * co-occur. The list is the `count` distinct queries with the most matches; how many exceed
 * DEEP_MATCHES depends on the data set's size.
 */
export function deepQueries(corpus: Corpus, words: 1 | 2 | 3, count: number): QueryList {
  const random = new Random(2000 + words);
  const candidates = measured(corpus, distinctQueries(() => commonTitleWords(corpus, words, random), count * 3));
  const order = candidates.queries.map((_, i) => i).sort((a, b) => candidates.matches[b]! - candidates.matches[a]!);
  // Back in a shuffled order: the rotation then mixes heavier and lighter queries.
  const chosen = order.slice(0, count).sort((a, b) => hash(candidates.queries[a]!) - hash(candidates.queries[b]!));
  return { queries: chosen.map((i) => candidates.queries[i]!), matches: chosen.map((i) => candidates.matches[i]!) };
}

/** Titles someone might type for a new post: three in four new, one in four an existing post's title. */
export function similarTitles(corpus: Corpus, count: number): string[] {
  const random = new Random(3000);
  const texts = new TextGenerator(3001);
  return Array.from({ length: count }, () =>
    random.chance(0.25) ? corpus.titles[random.int(0, corpus.size - 1)]! : texts.post().title,
  );
}

/** "1-word queries: 300 bodies, median 1,234 matches, 120 over 5,000". */
export function summary(list: QueryList): string {
  const sorted = [...list.matches].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const deep = sorted.filter((matches) => matches > DEEP_MATCHES).length;
  const empty = sorted.filter((matches) => matches === 0).length;
  return `${list.queries.length} distinct queries, median ${median} matching posts, ${deep} with > ${DEEP_MATCHES}, ${empty} with none`;
}

function oneWordQuery(random: Random, zipf: Zipf): string {
  const roll = random.next();
  if (roll < 0.45) return PRODUCT_WORDS[zipf.draw(random)]!;
  if (roll < 0.65) return PRODUCT_WORDS[random.int(200, PRODUCT_WORDS.length - 1)]!;
  if (roll < 0.85) return prefix(PRODUCT_WORDS[zipf.draw(random)]!, random);
  if (roll < 0.93) return random.pick(Object.values(SCRIPT_WORDS).flat());
  // Capitals and missing accents must match too ("CSV", "Cafe").
  const word = PRODUCT_WORDS[zipf.draw(random)]!;
  return random.chance(0.5) ? word.toUpperCase() : word.normalize('NFKD').replace(/\p{M}/gu, '');
}

/** 2–3 words of one post's title, in order; the last one half typed now and then. */
function titleQuery(corpus: Corpus, words: number, random: Random): string {
  for (;;) {
    const candidates = titleWords(corpus, random).filter((word) => word.length >= 3);
    if (candidates.length < words) continue;
    const start = random.int(0, candidates.length - words);
    const chosen = candidates.slice(start, start + words);
    if (random.chance(0.3)) chosen[words - 1] = prefix(chosen[words - 1]!, random);
    return chosen.join(' ');
  }
}

function commonTitleWords(corpus: Corpus, words: number, random: Random): string {
  for (;;) {
    const title = [...new Set(titleWords(corpus, random))];
    if (title.length < words) continue;
    return title.sort((a, b) => corpus.frequency(b) - corpus.frequency(a)).slice(0, words).join(' ');
  }
}

/** The words of a random title, fillers left out. */
function titleWords(corpus: Corpus, random: Random): string[] {
  return textWords(corpus.titles[random.int(0, corpus.size - 1)]!).filter((word) => !FILLER.has(word));
}

/** The first 3 or more letters of a word (the whole word when it is short). */
function prefix(word: string, random: Random): string {
  const letters = Array.from(word);
  if (letters.length <= 4) return word;
  return letters.slice(0, random.int(3, letters.length - 1)).join('');
}

function distinctQueries(make: () => string, count: number): string[] {
  const queries = new Set<string>();
  // Bounded: a small corpus may not have `count` distinct queries of a kind.
  for (let tries = 0; queries.size < count && tries < count * 20; tries++) queries.add(make());
  return [...queries];
}

function measured(corpus: Corpus, queries: string[]): QueryList {
  return { queries, matches: queries.map((query) => corpus.matches(query)) };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
