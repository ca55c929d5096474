import { UniqueViolation } from '../types.js';
import { SortedList, type Timed } from './sorted-list.js';

/** Something kept in step with a table's rows. */
export interface RowIndex<Row> {
  add(row: Row): void;
  remove(row: Row): void;
  /** Optional: swaps a stored row for its new version more cheaply than remove + add. */
  replace?(before: Row, after: Row): void;
}

/** A uniqueness rule and its lookup map; `keyOf` returns undefined for rows the rule does not cover. */
export class UniqueIndex<Row extends { id: string }> implements RowIndex<Row> {
  private readonly ids = new Map<string, string>();

  constructor(
    readonly constraint: string,
    private readonly keyOf: (row: Row) => string | undefined,
  ) {}

  /** The id of the row holding this key. */
  lookup(key: string): string | undefined {
    return this.ids.get(key);
  }

  /** True when another row already holds this row's key. */
  conflicts(row: Row): boolean {
    const key = this.keyOf(row);
    if (key === undefined) return false;
    const holder = this.ids.get(key);
    return holder !== undefined && holder !== row.id;
  }

  add(row: Row): void {
    const key = this.keyOf(row);
    if (key !== undefined) this.ids.set(key, row.id);
  }

  remove(row: Row): void {
    const key = this.keyOf(row);
    if (key !== undefined && this.ids.get(key) === row.id) this.ids.delete(key);
  }
}

/** Rows grouped by a key (board, post, user…), each group sorted by (createdAt, id). */
export class GroupIndex<Row extends Timed> implements RowIndex<Row> {
  private readonly groups = new Map<string, SortedList<Row>>();

  constructor(private readonly keyOf: (row: Row) => string | null) {}

  /** The sorted rows of one group (undefined when the group is empty). */
  group(key: string): SortedList<Row> | undefined {
    return this.groups.get(key);
  }

  add(row: Row): void {
    const key = this.keyOf(row);
    if (key === null) return;
    let list = this.groups.get(key);
    if (!list) {
      list = new SortedList<Row>();
      this.groups.set(key, list);
    }
    list.add(row);
  }

  remove(row: Row): void {
    const key = this.keyOf(row);
    if (key === null) return;
    const list = this.groups.get(key);
    list?.remove(row);
    if (list?.size === 0) this.groups.delete(key);
  }

  replace(before: Row, after: Row): void {
    const key = this.keyOf(before);
    const list = key === null || key !== this.keyOf(after) ? undefined : this.groups.get(key);
    if (list) {
      list.replace(before, after);
      return;
    }
    this.remove(before);
    this.add(after);
  }
}

/** How many rows each key (user, post…) has; keeps counts without keeping the rows. */
export class CountIndex<Row> implements RowIndex<Row> {
  private readonly counts = new Map<string, number>();

  constructor(private readonly keyOf: (row: Row) => string | null) {}

  /** The number of rows holding this key (0 for none). */
  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  add(row: Row): void {
    const key = this.keyOf(row);
    if (key !== null) this.counts.set(key, this.count(key) + 1);
  }

  remove(row: Row): void {
    const key = this.keyOf(row);
    if (key === null) return;
    const count = this.count(key);
    if (count <= 1) this.counts.delete(key);
    else this.counts.set(key, count - 1);
  }
}

/** The ids of the rows matching a predicate (e.g. hidden boards). */
export class FlagIndex<Row extends { id: string }> implements RowIndex<Row> {
  private readonly ids = new Set<string>();

  constructor(private readonly matches: (row: Row) => boolean) {}

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** The ids of the rows carrying the flag. */
  get all(): ReadonlySet<string> {
    return this.ids;
  }

  /** How many rows carry the flag. */
  get size(): number {
    return this.ids.size;
  }

  add(row: Row): void {
    if (this.matches(row)) this.ids.add(row.id);
  }

  remove(row: Row): void {
    this.ids.delete(row.id);
  }
}

/** One table: rows by id, its uniqueness rules and its indexes. Checks come before changes, so a refused write changes nothing. */
export class Table<Row extends { id: string }> {
  private readonly rows = new Map<string, Row>();
  private readonly indexes: readonly RowIndex<Row>[];

  constructor(
    readonly name: string,
    private readonly uniques: readonly UniqueIndex<Row>[],
    indexes: readonly RowIndex<Row>[] = [],
  ) {
    this.indexes = [...uniques, ...indexes];
  }

  get size(): number {
    return this.rows.size;
  }

  get(id: string): Row | undefined {
    return this.rows.get(id);
  }

  /** Every row, in no particular order (a new array: a point-in-time copy). */
  all(): Row[] {
    return Array.from(this.rows.values());
  }

  /** Throws UniqueViolation when `row` cannot be inserted. */
  checkInsert(row: Row): void {
    if (this.rows.has(row.id)) throw new UniqueViolation(`${this.name}.id`);
    this.checkUniques(row);
  }

  /** Throws UniqueViolation when the stored row cannot be replaced by `row`. */
  checkUniques(row: Row): void {
    for (const unique of this.uniques) {
      if (unique.conflicts(row)) throw new UniqueViolation(unique.constraint);
    }
  }

  /** Adds a checked row. */
  add(row: Row): void {
    this.rows.set(row.id, row);
    for (const index of this.indexes) index.add(row);
  }

  /** Removes a stored row. */
  remove(row: Row): void {
    this.rows.delete(row.id);
    for (const index of this.indexes) index.remove(row);
  }

  /** Swaps a stored row for its checked new version (same id); indexes that can, update in place. */
  replace(before: Row, after: Row): void {
    this.rows.delete(before.id);
    this.rows.set(after.id, after);
    for (const index of this.indexes) {
      if (index.replace) index.replace(before, after);
      else {
        index.remove(before);
        index.add(after);
      }
    }
  }
}
