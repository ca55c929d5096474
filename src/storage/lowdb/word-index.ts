import { ChunkedList } from './chunked-list.js';

/** A growable list of slot numbers (small integers naming posts), compact and fast to scan. */
class SlotList {
  private data = new Int32Array(4);
  length = 0;

  push(slot: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = slot;
  }

  /** Removes one occurrence of `slot` (order is not kept). */
  remove(slot: number): void {
    const position = this.data.subarray(0, this.length).indexOf(slot);
    if (position < 0) return;
    this.length--;
    this.data[position] = this.data[this.length]!;
  }

  /** The slot pushed last (-1 when empty). */
  get last(): number {
    return this.length === 0 ? -1 : this.data[this.length - 1]!;
  }

  forEach(visit: (slot: number) => void): void {
    for (let i = 0; i < this.length; i++) visit(this.data[i]!);
  }

  /** Sets the bit of every slot held. */
  markIn(bits: Uint32Array): void {
    const { data, length } = this;
    for (let i = 0; i < length; i++) {
      const slot = data[i]!;
      const word = slot >>> 5;
      bits[word] = bits[word]! | (1 << (slot & 31));
    }
  }
}

/** One stored word: its one shared string and the slots of the posts holding it. */
interface Posting {
  word: string;
  slots: SlotList;
}

const byWord = (a: Posting, b: Posting): number => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

/**
 * An inverted index: each word → the slots of the posts holding it, and (with `prefixes`) the
 * words in sorted order, so the words starting with a prefix are one contiguous run. Kept up to
 * date one post at a time; each word's string is stored once, however many posts hold it.
 */
export class WordIndex {
  private readonly postings = new Map<string, Posting>();
  private readonly vocabulary: ChunkedList<Posting> | undefined;

  constructor(options: { prefixes: boolean }) {
    this.vocabulary = options.prefixes ? new ChunkedList<Posting>(byWord) : undefined;
  }

  /**
   * Records that the post in `slot` holds the words of each list (repeats allowed); returns the
   * shared instances of its distinct words, in order of appearance.
   */
  add(slot: number, ...lists: ReadonlyArray<readonly string[]>): string[] {
    const distinct: string[] = [];
    for (const words of lists) {
      for (const word of words) {
        let posting = this.postings.get(word);
        if (!posting) {
          posting = { word, slots: new SlotList() };
          this.postings.set(word, posting);
          this.vocabulary?.add(posting);
        }
        // A post's words are added together, so a repeat finds its slot last in the list.
        if (posting.slots.last === slot) continue;
        posting.slots.push(slot);
        distinct.push(posting.word);
      }
    }
    return distinct;
  }

  /** Forgets that the post in `slot` holds `words`. */
  remove(slot: number, words: readonly string[]): void {
    for (const word of words) {
      const posting = this.postings.get(word);
      if (!posting) continue;
      posting.slots.remove(slot);
      if (posting.slots.length === 0) {
        this.postings.delete(word);
        this.vocabulary?.remove(posting);
      }
    }
  }

  /** Visits the slots of the posts holding exactly `word`. */
  eachHolding(word: string, visit: (slot: number) => void): void {
    this.postings.get(word)?.slots.forEach(visit);
  }

  /** How many (word, post) pairs have a word starting with `prefix`, counted up to `cap` at most. */
  countWithPrefix(prefix: string, cap: number): number {
    let count = 0;
    this.eachWordWithPrefix(prefix, (posting) => {
      count += posting.slots.length;
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

const EMPTY = new SlotList();

/** Whether one of `words` starts with `prefix`. */
export function holdsPrefix(words: readonly string[], prefix: string): boolean {
  for (const word of words) if (word.startsWith(prefix)) return true;
  return false;
}
