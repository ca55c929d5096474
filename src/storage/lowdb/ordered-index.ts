import type { RowIndex } from './table.js';

/**
 * The rows of a table that pass `includes`, kept sorted by `compare` under insertion and removal.
 * `compare` must be a total order over rows (end it with the id), so a stored row is found again
 * by binary search. For orders other than (createdAt, id), which SortedList covers.
 */
export class OrderedIndex<Row extends { id: string }> implements RowIndex<Row> {
  private readonly rows: Row[] = [];

  constructor(
    private readonly compare: (a: Row, b: Row) => number,
    private readonly includes: (row: Row) => boolean = () => true,
  ) {}

  get size(): number {
    return this.rows.length;
  }

  /** The row at `position` in ascending order. */
  at(position: number): Row | undefined {
    return this.rows[position];
  }

  /** The ascending position of this stored row, or -1 when the index does not hold it. */
  positionOf(row: Row): number {
    const position = this.firstWhere((held) => this.compare(held, row) >= 0);
    return this.rows[position]?.id === row.id ? position : -1;
  }

  /** The first position whose row satisfies `reached`, which must be false then true along the order. */
  firstWhere(reached: (row: Row) => boolean): number {
    let low = 0;
    let high = this.rows.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (reached(this.rows[middle]!)) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** Rows in ascending order, as a new array. */
  toArray(): Row[] {
    return this.rows.slice();
  }

  add(row: Row): void {
    if (!this.includes(row)) return;
    this.rows.splice(this.firstWhere((held) => this.compare(held, row) >= 0), 0, row);
  }

  remove(row: Row): void {
    const position = this.positionOf(row);
    if (position >= 0) this.rows.splice(position, 1);
  }
}
