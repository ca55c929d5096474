import { ChunkedList } from './chunked-list.js';

/**
 * The slots (small integers naming posts) of the posts holding one word: a list while they are
 * few, one bit per slot once a list would be larger than that (a common word held by most posts),
 * so marking a common word's posts in a bit set is an OR of words, not a loop over every post.
 */
class SlotSet {
  private list: number[] | undefined = [];
  private bits: Uint32Array | undefined;
  size = 0;

  /** Adds a slot the set does not hold. */
  add(slot: number): void {
    this.size++;
    if (this.bits) setBit(this.grownTo(slot), slot);
    // Past 2,048 slots, bits take less room than the list once one in 32 posts holds the word.
    else if (this.size > 2_048 && this.size * 32 > slot) this.toBits(slot);
    else this.list!.push(slot);
  }

  remove(slot: number): void {
    if (this.bits) {
      if (!hasBit(this.bits, slot)) return;
      this.bits[slot >>> 5] = this.bits[slot >>> 5]! & ~(1 << (slot & 31));
      this.size--;
      return;
    }
    const list = this.list!;
    const position = list.indexOf(slot);
    if (position < 0) return;
    this.size--;
    list[position] = list[this.size]!;
    list.pop();
  }

  /** Whether the slot was the last one added, or is held at all once the set is bits: a post's repeated word. */
  heldLast(slot: number): boolean {
    if (this.bits) return hasBit(this.bits, slot);
    return this.size > 0 && this.list![this.size - 1] === slot;
  }

  forEach(visit: (slot: number) => void): void {
    if (!this.bits) {
      for (let i = 0; i < this.size; i++) visit(this.list![i]!);
      return;
    }
    const bits = this.bits;
    for (let w = 0; w < bits.length; w++) {
      let word = bits[w]!;
      while (word !== 0) {
        const low = word & -word;
        visit(w * 32 + 31 - Math.clz32(low));
        word ^= low;
      }
    }
  }

  /** Adds one to the score of every slot held (see `Scores`). */
  scoreIn(scores: Scores): void {
    this.forEach((slot) => {
      scores.raise(slot);
    });
  }

  /** Sets the bit of every slot held. */
  markIn(target: Uint32Array): void {
    if (this.bits) {
      const bits = this.bits;
      const words = Math.min(bits.length, target.length);
      for (let w = 0; w < words; w++) target[w] = target[w]! | bits[w]!;
      return;
    }
    const list = this.list!;
    for (let i = 0; i < this.size; i++) setBit(target, list[i]!);
  }

  private toBits(slot: number): void {
    const list = this.list!;
    this.list = undefined;
    this.bits = new Uint32Array(0);
    for (let i = 0; i < this.size - 1; i++) setBit(this.grownTo(list[i]!), list[i]!);
    setBit(this.grownTo(slot), slot);
  }

  private grownTo(slot: number): Uint32Array {
    const needed = (slot >>> 5) + 1;
    if (this.bits!.length < needed) {
      const grown = new Uint32Array(Math.max(needed, this.bits!.length * 2));
      grown.set(this.bits!);
      this.bits = grown;
    }
    return this.bits!;
  }
}

/**
 * A score per slot (how many of some words a post holds, at most 255), how many slots hold each
 * score, and the slots scoring 2 or more (usually few: the posts sharing several words).
 */
export class Scores {
  readonly bySlot: Uint8Array;
  readonly levels: number[];
  readonly several: number[] = [];

  constructor(bySlot: Uint8Array, top: number) {
    this.bySlot = bySlot;
    this.levels = new Array<number>(Math.min(top, 255) + 1).fill(0);
  }

  raise(slot: number): void {
    const score = this.bySlot[slot]!;
    if (score === this.levels.length - 1) return;
    this.bySlot[slot] = score + 1;
    this.levels[score]!--;
    this.levels[score + 1]!++;
    if (score === 1) this.several.push(slot);
  }
}

/** Sets a slot's bit. */
export function setBit(bits: Uint32Array, slot: number): void {
  bits[slot >>> 5] = bits[slot >>> 5]! | (1 << (slot & 31));
}

/** Whether a slot's bit is set. */
export function hasBit(bits: Uint32Array, slot: number): boolean {
  return (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;
}

/** How many bits are set. */
export function countBits(bits: Uint32Array): number {
  let count = 0;
  for (let w = 0; w < bits.length; w++) {
    let v = bits[w]!;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

/** One stored word and the slots of the posts holding it. */
interface Posting {
  word: string;
  slots: SlotSet;
}

const byWord = (a: Posting, b: Posting): number => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

/**
 * An inverted index: each word → the slots of the posts holding it, and (with `prefixes`) the
 * words in sorted order, so the words starting with a prefix are one contiguous run. Kept up to
 * date one post at a time.
 */
export class WordIndex {
  private readonly postings = new Map<string, Posting>();
  private readonly vocabulary: ChunkedList<Posting> | undefined;

  constructor(options: { prefixes: boolean }) {
    this.vocabulary = options.prefixes ? new ChunkedList<Posting>(byWord) : undefined;
  }

  /** Records that the post in `slot` holds the words of each list (repeats allowed). */
  add(slot: number, ...lists: ReadonlyArray<readonly string[]>): void {
    for (const words of lists) {
      for (const word of words) {
        let posting = this.postings.get(word);
        if (!posting) {
          posting = { word, slots: new SlotSet() };
          this.postings.set(word, posting);
          this.vocabulary?.add(posting);
        }
        // A post's words are added together, so a repeat finds its slot added last.
        if (!posting.slots.heldLast(slot)) posting.slots.add(slot);
      }
    }
  }

  /** Forgets that the post in `slot` holds `words` (repeats allowed). */
  remove(slot: number, words: readonly string[]): void {
    for (const word of words) {
      const posting = this.postings.get(word);
      if (!posting) continue;
      posting.slots.remove(slot);
      if (posting.slots.size === 0) {
        this.postings.delete(word);
        this.vocabulary?.remove(posting);
      }
    }
  }

  /** Adds one to the score of every post holding exactly `word`. */
  scoreHolding(word: string, scores: Scores): void {
    this.postings.get(word)?.slots.scoreIn(scores);
  }

  /** Sets the bit of every post holding exactly `word`. */
  markHolding(word: string, bits: Uint32Array): void {
    this.postings.get(word)?.slots.markIn(bits);
  }

  /** How many (word, post) pairs have a word starting with `prefix`, counted up to `cap` at most. */
  countWithPrefix(prefix: string, cap: number): number {
    let count = 0;
    this.eachWordWithPrefix(prefix, (posting) => {
      count += posting.slots.size;
      return count < cap;
    });
    return Math.min(count, cap);
  }

  /** Visits the slots of every word starting with `prefix` (a post holding two such words comes twice). */
  eachWithPrefix(prefix: string, visit: (slot: number) => void): void {
    this.eachWordWithPrefix(prefix, (posting) => {
      posting.slots.forEach(visit);
      return true;
    });
  }

  /** Sets the bit of every post holding a word that starts with `prefix`. */
  markWithPrefix(prefix: string, bits: Uint32Array): void {
    this.eachWordWithPrefix(prefix, (posting) => {
      posting.slots.markIn(bits);
      return true;
    });
  }

  private eachWordWithPrefix(prefix: string, visit: (posting: Posting) => boolean): void {
    if (!this.vocabulary) throw new Error('this word index has no prefix lookups');
    this.vocabulary.walkFrom({ word: prefix, slots: EMPTY }, (posting) => posting.word.startsWith(prefix) && visit(posting));
  }
}

const EMPTY = new SlotSet();
