import type { ChangelogEntriesRepo, ChangelogLinksRepo } from '../../types.js';
import { tableRepo } from '../core/table.js';
import { deleteBy, rowLimit, rowsOf, selectFrom } from '../notices/rows.js';
import type { Queryable } from '../queryable.js';
import { CHANGELOG_ENTRIES, CHANGELOG_LINKS } from './tables.js';

/** The time an entry is listed by (the index changelog_entries_by_time has the same expression). */
const SORT_TIME = 'COALESCE(published_at, publish_at, created_at)';

export function createChangelogEntriesRepo(db: Queryable): ChangelogEntriesRepo {
  return {
    ...tableRepo(db, CHANGELOG_ENTRIES),
    getBySlug: async (slug) => (await rowsOf(db, CHANGELOG_ENTRIES, `${selectFrom(CHANGELOG_ENTRIES)} WHERE slug = $1`, [slug]))[0],
    list: async ({ statuses, postId, offset, limit }) => {
      const where = `WHERE status = ANY($1::text[])${postId === undefined ? '' : ' AND id IN (SELECT entry_id FROM changelog_links WHERE post_id = $2)'}`;
      const params: unknown[] = postId === undefined ? [[...statuses]] : [[...statuses], postId];
      const counted = await db.query(`SELECT count(*)::int AS total FROM changelog_entries ${where}`, params);
      const n = params.length;
      const rows = await rowsOf(
        db,
        CHANGELOG_ENTRIES,
        `${selectFrom(CHANGELOG_ENTRIES)} ${where} ORDER BY ${SORT_TIME} DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, rowLimit(limit), Math.max(offset, 0)],
      );
      return { rows, total: Number(counted.rows[0]?.total ?? 0) };
    },
    claimDue: (now, limit) =>
      rowsOf(
        db,
        CHANGELOG_ENTRIES,
        `${selectFrom(CHANGELOG_ENTRIES)} WHERE status = 'scheduled' AND publish_at <= $1 ORDER BY publish_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [now, rowLimit(limit)],
      ),
    lock: async (id) => (await rowsOf(db, CHANGELOG_ENTRIES, `${selectFrom(CHANGELOG_ENTRIES)} WHERE id = $1 FOR UPDATE`, [id]))[0],
  };
}

export function createChangelogLinksRepo(db: Queryable): ChangelogLinksRepo {
  return {
    ...tableRepo(db, CHANGELOG_LINKS),
    listByEntry: (entryId) => rowsOf(db, CHANGELOG_LINKS, `${selectFrom(CHANGELOG_LINKS)} WHERE entry_id = $1 ORDER BY position, id`, [entryId]),
    deleteByEntry: (entryId) => deleteBy(db, CHANGELOG_LINKS.table, 'entry_id', entryId),
    deleteByPost: (postId) => deleteBy(db, CHANGELOG_LINKS.table, 'post_id', postId),
  };
}
