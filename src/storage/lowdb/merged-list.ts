import type { OrderedList } from './ordered-page.js';
import { compareTimed, type SortedList, type Timed } from './sorted-list.js';

/**
 * The rows of a `SortedList` and a few extra rows (none of them in it) in one (createdAt, id)
 * order, without copying the list: each extra row's position in the merge is worked out once, so a
 * lookup costs one binary search of the list and a walk over the extra rows. Meant for a handful of
 * extra rows, such as the entries of held comments (issue 31 §2) a viewer sees beside the others.
 */
export class MergedList<Row extends Timed> implements OrderedList<Row> {
  /** The merged position of each extra row. */
  private readonly positions: number[];

  /** `extra` must be in ascending (createdAt, id) order. */
  constructor(
    private readonly base: SortedList<Row> | undefined,
    private readonly extra: readonly Row[],
  ) {
    this.positions = extra.map((row, n) => n + (base?.rank(row) ?? 0));
  }

  get size(): number {
    return (this.base?.size ?? 0) + this.extra.length;
  }

  at(index: number): Row | undefined {
    if (index < 0 || index >= this.size) return undefined;
    let before = 0;
    for (let n = 0; n < this.extra.length; n++) {
      const position = this.positions[n]!;
      if (position === index) return this.extra[n];
      if (position > index) break;
      before++;
    }
    return this.base?.at(index - before);
  }

  indexOf(row: Timed): number {
    let before = 0;
    for (let n = 0; n < this.extra.length; n++) {
      const extra = this.extra[n]!;
      const order = compareTimed(extra, row);
      if (order === 0) return this.positions[n]!;
      if (order > 0) break;
      before++;
    }
    const index = this.base?.indexOf(row) ?? -1;
    return index < 0 ? -1 : index + before;
  }
}
