import { SortedList, type Timed } from './sorted-list.js';
import type { RowIndex } from './table.js';

/** The rows matching a predicate (e.g. displayed boards), kept sorted by (createdAt, id) so a filtered list needs no scan. */
export class SortedSubset<Row extends Timed> implements RowIndex<Row> {
  /** The matching rows, ascending. */
  readonly list = new SortedList<Row>();

  constructor(private readonly matches: (row: Row) => boolean) {}

  add(row: Row): void {
    if (this.matches(row)) this.list.add(row);
  }

  replace(before: Row, after: Row): void {
    if (this.matches(before) && this.matches(after)) {
      this.list.replace(before, after);
      return;
    }
    this.remove(before);
    this.add(after);
  }

  remove(row: Row): void {
    // Rows are immutable, so the row removed is the one that was added and matches the same way.
    if (this.matches(row)) this.list.remove(row);
  }
}
