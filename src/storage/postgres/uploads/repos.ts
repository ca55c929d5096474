import type { UploadBytes, UploadRow, UploadsRepo } from '../../types.js';
import type { CoreTable } from '../core/table.js';
import { tableRepo } from '../core/table.js';
import { rowsOf, selectFrom } from '../notices/rows.js';
import type { Queryable } from '../queryable.js';

/* How migration 15 (uploaded images, issue 31 §3) stores the contract's rows and the images' bytes. */

export const UPLOADS: CoreTable<UploadRow> = {
  table: 'uploads',
  name: 'uploads',
  columns: { id: 'id', type: 'type', width: 'width', height: 'height', size: 'size', userId: 'user_id', createdAt: 'created_at' },
};

export function createUploadsRepo(db: Queryable): UploadsRepo {
  return {
    ...tableRepo(db, UPLOADS),
    listCreatedBefore: (time, limit) =>
      rowsOf(db, UPLOADS, `${selectFrom(UPLOADS)} WHERE created_at < $1 ORDER BY created_at, id LIMIT $2`, [time, limit]),
    usedIds: async () => {
      const { rows } = await db.query(
        `SELECT DISTINCT m[1] AS id FROM (
           SELECT content_markdown AS t FROM posts WHERE strpos(content_markdown, '/uploads/') > 0
           UNION ALL SELECT post->>'contentMarkdown' FROM post_merges WHERE strpos(post->>'contentMarkdown', '/uploads/') > 0
           UNION ALL SELECT body FROM comments WHERE strpos(body, '/uploads/') > 0
           UNION ALL SELECT content_markdown FROM changelog_entries WHERE strpos(content_markdown, '/uploads/') > 0
         ) texts, regexp_matches(texts.t, '/uploads/([0-9a-f]{64})', 'g') AS m
         UNION SELECT avatar_upload_id FROM users WHERE avatar_upload_id IS NOT NULL`,
        [],
      );
      return new Set(rows.map((row) => String(row.id)));
    },
    sizeByUserSince: async (userId, time) => {
      const { rows } = await db.query('SELECT COALESCE(SUM(size), 0)::bigint AS total FROM uploads WHERE user_id = $1 AND created_at >= $2', [userId, time]);
      return Number(rows[0]?.total ?? 0);
    },
  };
}

/** The bytes of uploads in `upload_bytes`, shared by every server on the database. */
export function createUploadBytes(db: Queryable): UploadBytes {
  return {
    async write(id, bytes) {
      await db.query('INSERT INTO upload_bytes (id, data) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [id, bytes]);
    },
    async read(id) {
      const { rows } = await db.query('SELECT data FROM upload_bytes WHERE id = $1', [id]);
      const data = rows[0]?.data;
      return Buffer.isBuffer(data) ? data : undefined;
    },
    async remove(id) {
      await db.query('DELETE FROM upload_bytes WHERE id = $1', [id]);
    },
    async ids() {
      const { rows } = await db.query('SELECT id FROM upload_bytes ORDER BY id');
      return rows.map((row) => String(row.id));
    },
  };
}
