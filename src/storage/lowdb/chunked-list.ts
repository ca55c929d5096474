/** Chunks are split past this length: inserts and removals move at most this many items. */
const MAX_CHUNK = 512;

/**
 * Items kept sorted by `compare` in a list of small sorted chunks, so inserting or removing one
 * item in a list of 100k moves a few hundred references instead of the whole array (a vote moves
 * one post in the votes order), and position `n` is reached by skipping whole chunks.
 * `compare` must be a total order (end it with an id) and must not change for an item while the
 * list holds it: to re-key an item, remove it, change it, add it again.
 */
export class ChunkedList<T> {
  private chunks: T[][] = [];
  /** With `tagOf`: each item's tag, chunk by chunk, in small-integer arrays a loop reads without touching the items. */
  private tags: number[][] = [];
  private count = 0;

  constructor(
    private readonly compare: (a: T, b: T) => number,
    private readonly tagOf?: (item: T) => number,
  ) {}

  /** A list holding `items`, which must already be sorted by `compare`. */
  static fromSorted<T>(items: readonly T[], compare: (a: T, b: T) => number, tagOf?: (item: T) => number): ChunkedList<T> {
    const list = new ChunkedList(compare, tagOf);
    const half = MAX_CHUNK >> 1;
    for (let from = 0; from < items.length; from += half) {
      const chunk = items.slice(from, from + half);
      list.chunks.push(chunk);
      if (tagOf) list.tags.push(chunk.map(tagOf));
    }
    list.count = items.length;
    return list;
  }

  get size(): number {
    return this.count;
  }

  /** The chunks, in order: for tight loops over many items (a callback per item costs more than the work). */
  get parts(): ReadonlyArray<readonly T[]> {
    return this.chunks;
  }

  /** The tags of the chunks' items, chunk by chunk (empty without `tagOf`). */
  get tagParts(): ReadonlyArray<readonly number[]> {
    return this.tags;
  }

  add(item: T): void {
    if (this.chunks.length === 0) {
      this.chunks.push([item]);
      if (this.tagOf) this.tags.push([this.tagOf(item)]);
      this.count = 1;
      return;
    }
    const c = Math.min(this.chunkFor(item), this.chunks.length - 1);
    const chunk = this.chunks[c]!;
    const position = this.positionIn(chunk, item);
    chunk.splice(position, 0, item);
    if (this.tagOf) this.tags[c]!.splice(position, 0, this.tagOf(item));
    this.count++;
    if (chunk.length > MAX_CHUNK) {
      const half = chunk.length >> 1;
      this.chunks.splice(c + 1, 0, chunk.splice(half));
      if (this.tagOf) this.tags.splice(c + 1, 0, this.tags[c]!.splice(half));
    }
  }

  /** Removes the item comparing equal to `item`; false when the list does not hold one. */
  remove(item: T): boolean {
    const c = this.chunkFor(item);
    const chunk = this.chunks[c];
    if (!chunk) return false;
    const position = this.positionIn(chunk, item);
    if (position >= chunk.length || this.compare(chunk[position]!, item) !== 0) return false;
    chunk.splice(position, 1);
    if (this.tagOf) this.tags[c]!.splice(position, 1);
    this.count--;
    if (chunk.length === 0) {
      this.chunks.splice(c, 1);
      if (this.tagOf) this.tags.splice(c, 1);
    }
    return true;
  }

  /** Items `offset`..`offset + limit` in order. */
  slice(offset: number, limit: number): T[] {
    const out: T[] = [];
    this.walk(offset, (item) => {
      out.push(item);
      return out.length < limit;
    });
    return out;
  }

  /** Visits items in order from position `offset` until `visit` returns false. */
  walk(offset: number, visit: (item: T) => boolean): void {
    let skip = Math.max(offset, 0);
    for (const chunk of this.chunks) {
      if (skip >= chunk.length) {
        skip -= chunk.length;
        continue;
      }
      for (let i = skip; i < chunk.length; i++) if (!visit(chunk[i]!)) return;
      skip = 0;
    }
  }

  /** Visits items in reverse order from position `offset` counted from the end until `visit` returns false. */
  walkBackward(offset: number, visit: (item: T) => boolean): void {
    let skip = Math.max(offset, 0);
    for (let c = this.chunks.length - 1; c >= 0; c--) {
      const chunk = this.chunks[c]!;
      if (skip >= chunk.length) {
        skip -= chunk.length;
        continue;
      }
      for (let i = chunk.length - 1 - skip; i >= 0; i--) if (!visit(chunk[i]!)) return;
      skip = 0;
    }
  }

  /** Every item in order, or in reverse order. */
  *values(backward: boolean): Generator<T> {
    if (!backward) {
      for (const chunk of this.chunks) yield* chunk;
      return;
    }
    for (let c = this.chunks.length - 1; c >= 0; c--) {
      const chunk = this.chunks[c]!;
      for (let i = chunk.length - 1; i >= 0; i--) yield chunk[i]!;
    }
  }

  /** Visits items in order from the first one not before `probe` until `visit` returns false. */
  walkFrom(probe: T, visit: (item: T) => boolean): void {
    const first = this.chunkFor(probe);
    for (let c = first; c < this.chunks.length; c++) {
      const chunk = this.chunks[c]!;
      for (let i = c === first ? this.positionIn(chunk, probe) : 0; i < chunk.length; i++) {
        if (!visit(chunk[i]!)) return;
      }
    }
  }

  /** Every item in order, as a new array. */
  toArray(): T[] {
    return this.chunks.flat();
  }

  /** The first chunk whose last item is not before `item` (chunks.length when there is none). */
  private chunkFor(item: T): number {
    let low = 0;
    let high = this.chunks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const chunk = this.chunks[middle]!;
      if (this.compare(chunk[chunk.length - 1]!, item) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The first position in `chunk` whose item is not before `item`. */
  private positionIn(chunk: T[], item: T): number {
    let low = 0;
    let high = chunk.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(chunk[middle]!, item) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
