import type { OrderedIndex } from './ordered-index.js';

/** A row that search routes find by name. */
export interface Named {
  id: string;
  name: string;
  createdAt: string;
}

/** Search order of API.md §1.9: lower-cased name, then createdAt, then id, all in code-unit order (the same in every locale). */
export function byLowerCasedName(a: Named, b: Named): number {
  return compareText(a.name.toLowerCase(), b.name.toLowerCase()) || compareText(a.createdAt, b.createdAt) || compareText(a.id, b.id);
}

/**
 * At most `limit` rows of an index ordered by `byLowerCasedName` whose name starts with `prefix`,
 * ignoring case and taking every character literally: they form one run of the index, found by
 * binary search.
 */
export function namesStartingWith<Row extends Named>(index: OrderedIndex<Row>, prefix: string, limit: number): Row[] {
  const lowerPrefix = prefix.toLowerCase();
  const rows: Row[] = [];
  for (let n = index.firstWhere((row) => row.name.toLowerCase() >= lowerPrefix); rows.length < limit; n++) {
    const row = index.at(n);
    if (!row?.name.toLowerCase().startsWith(lowerPrefix)) break;
    rows.push(row);
  }
  return rows;
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
