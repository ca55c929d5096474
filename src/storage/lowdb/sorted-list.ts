/** What the ordered indexes sort by: creation time, then id. */
export interface Timed {
  id: string;
  createdAt: string;
}

/** Orders rows by (createdAt, id) ascending; ISO timestamps of one format compare as strings. */
export function compareTimed(a: Timed, b: Timed): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/** Rows kept sorted by (createdAt, id) under insertion and removal; new rows usually append. */
export class SortedList<Row extends Timed> {
  private readonly rows: Row[] = [];

  get size(): number {
    return this.rows.length;
  }

  /** The row at `index` in ascending order. */
  at(index: number): Row | undefined {
    return this.rows[index];
  }

  add(row: Row): void {
    const last = this.rows[this.rows.length - 1];
    if (!last || compareTimed(last, row) < 0) {
      this.rows.push(row);
      return;
    }
    this.rows.splice(this.lowerBound(row), 0, row);
  }

  /** Removes the row with this (createdAt, id); the row must be the one that was added. */
  remove(row: Row): void {
    const index = this.lowerBound(row);
    if (this.rows[index]?.id === row.id) this.rows.splice(index, 1);
  }

  /** Swaps a stored row for its new version: in place when (createdAt, id) is unchanged, so no rows move. */
  replace(before: Row, after: Row): void {
    const index = compareTimed(before, after) === 0 ? this.indexOf(before) : -1;
    if (index >= 0) {
      this.rows[index] = after;
      return;
    }
    this.remove(before);
    this.add(after);
  }

  /** The ascending position of the row with this (createdAt, id), or -1 when it is not in the list. */
  indexOf(row: Timed): number {
    const index = this.lowerBound(row);
    return this.rows[index]?.id === row.id ? index : -1;
  }

  /** How many rows of the list come before `row` in (createdAt, id) order. */
  rank(row: Timed): number {
    return this.lowerBound(row);
  }

  /** Rows in ascending order, as a new array. */
  toArray(): Row[] {
    return this.rows.slice();
  }

  /** The newest `count` rows after skipping the `skip` newest, newest first. */
  newest(count: number, skip = 0): Row[] {
    const end = Math.max(0, this.rows.length - skip);
    return this.rows.slice(Math.max(0, end - count), end).reverse();
  }

  /** First index whose row is not before `row`. */
  private lowerBound(row: Timed): number {
    let low = 0;
    let high = this.rows.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareTimed(this.rows[middle]!, row) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
