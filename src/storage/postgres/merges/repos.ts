import type { PostMergeRow, PostMergesRepo } from '../../types.js';
import type { CoreTable } from '../core/table.js';
import { tableRepo } from '../core/table.js';
import { rowsOf, selectFrom } from '../notices/rows.js';
import type { Queryable } from '../queryable.js';

/* How migration 11 (merged posts, issue 30 §2) stores the contract's rows. */

export const POST_MERGES: CoreTable<PostMergeRow> = {
  table: 'post_merges',
  name: 'postMerges',
  columns: { id: 'id', intoPostId: 'into_post_id', post: 'post', moves: 'moves', mergedBy: 'merged_by', createdAt: 'created_at' },
};

export function createPostMergesRepo(db: Queryable): PostMergesRepo {
  return {
    ...tableRepo(db, POST_MERGES),
    getBySlug: async (slug) => (await rowsOf(db, POST_MERGES, `${selectFrom(POST_MERGES)} WHERE (post->>'slug') COLLATE "C" = $1`, [slug]))[0],
    listInto: (postId) => rowsOf(db, POST_MERGES, `${selectFrom(POST_MERGES)} WHERE into_post_id = $1 ORDER BY created_at, id`, [postId]),
  };
}
