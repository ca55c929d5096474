import type { ChangelogEntriesRepo, ChangelogEntryRow, ChangelogLinkRow, ChangelogLinksRepo, ChangelogListRequest } from '../types.js';
import type { Access } from './access.js';
import type { MemoryDb } from './memory-db.js';
import { SortedList } from './sorted-list.js';
import { byKey, listed, tableRepo } from './table-repo.js';
import { GroupIndex, Table, UniqueIndex } from './table.js';

/* The issue-30 tables: changelog entries and the posts each links. */

export function changelogIndexes() {
  return {
    changelogBySlug: new UniqueIndex<ChangelogEntryRow>('changelogEntries.slug', (e) => e.slug),
    changelogInOrder: new SortedList<ChangelogEntryRow>(),
    changelogLinksByEntry: new GroupIndex<ChangelogLinkRow>((l) => l.entryId),
    changelogLinksByPost: new GroupIndex<ChangelogLinkRow>((l) => l.postId),
    changelogLinkByPair: new UniqueIndex<ChangelogLinkRow>('changelogLinks.entryPost', (l) => `${l.entryId}/${l.postId}`),
  };
}

type ChangelogIndexes = ReturnType<typeof changelogIndexes>;

export function changelogTables(i: ChangelogIndexes) {
  return {
    changelogEntries: new Table<ChangelogEntryRow>('changelogEntries', [i.changelogBySlug], [i.changelogInOrder]),
    changelogLinks: new Table<ChangelogLinkRow>('changelogLinks', [i.changelogLinkByPair], [i.changelogLinksByEntry, i.changelogLinksByPost]),
  };
}

/** The time an entry is listed by: when it came out, else when it is due, else when it was written. */
export function changelogSortTime(entry: ChangelogEntryRow): string {
  return entry.publishedAt ?? entry.publishAt ?? entry.createdAt;
}

function newestFirst(a: ChangelogEntryRow, b: ChangelogEntryRow): number {
  const [timeA, timeB] = [changelogSortTime(a), changelogSortTime(b)];
  if (timeA !== timeB) return timeA < timeB ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/** A changelog holds tens or hundreds of entries, written by the team: filtering and sorting them all per list is cheap. */
function listEntries(db: MemoryDb, request: ChangelogListRequest): { rows: ChangelogEntryRow[]; total: number } {
  const linked = request.postId === undefined ? undefined : new Set(listed(db.indexes.changelogLinksByPost.group(request.postId)).map((l) => l.entryId));
  const matching = db.indexes.changelogInOrder
    .toArray()
    .filter((entry) => request.statuses.includes(entry.status) && (linked === undefined || linked.has(entry.id)))
    .sort(newestFirst);
  return { rows: matching.slice(request.offset, request.offset + request.limit), total: matching.length };
}

function dueEntries(db: MemoryDb, now: string, limit: number): ChangelogEntryRow[] {
  return db.indexes.changelogInOrder
    .toArray()
    .filter((entry) => entry.status === 'scheduled' && entry.publishAt !== null && entry.publishAt <= now)
    .sort((a, b) => (a.publishAt! === b.publishAt! ? (a.id < b.id ? -1 : 1) : a.publishAt! < b.publishAt! ? -1 : 1))
    .slice(0, limit);
}

export function changelogEntriesRepo(access: Access): ChangelogEntriesRepo {
  return {
    ...tableRepo(access, 'changelogEntries'),
    getBySlug: (slug) => access.read((db) => byKey(db.tables.changelogEntries, db.indexes.changelogBySlug.lookup(slug))),
    list: (request) => access.read((db) => listEntries(db, request)),
    // One writer at a time holds this engine's transactions, so reading inside one is already a claim.
    claimDue: (now, limit) => access.read((db) => dueEntries(db, now, limit)),
    lock: (id) => access.read((db) => db.tables.changelogEntries.get(id)),
  };
}

export function changelogLinksRepo(access: Access): ChangelogLinksRepo {
  return {
    ...tableRepo(access, 'changelogLinks'),
    listByEntry: (entryId) => access.read((db) => listed(db.indexes.changelogLinksByEntry.group(entryId)).sort((a, b) => a.position - b.position)),
    deleteByEntry: (entryId) =>
      access.write((w) => {
        const rows = listed(w.db.indexes.changelogLinksByEntry.group(entryId));
        for (const row of rows) w.delete('changelogLinks', row.id);
        return rows.length;
      }),
    deleteByPost: (postId) =>
      access.write((w) => {
        const rows = listed(w.db.indexes.changelogLinksByPost.group(postId));
        for (const row of rows) w.delete('changelogLinks', row.id);
        return rows.length;
      }),
  };
}
