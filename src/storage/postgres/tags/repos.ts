import type { PostTagRow, PostTagsRepo, TagRow, TagsRepo } from '../../types.js';
import { type CoreTable, tableRepo } from '../core/table.js';
import { deleteBy, rowsOf, selectFrom } from '../notices/rows.js';
import type { Queryable } from '../queryable.js';

/* How migration 13 (tags, issue 31 §1) stores the contract's rows. */

export const TAGS: CoreTable<TagRow> = {
  table: 'tags',
  name: 'tags',
  columns: { id: 'id', name: 'name', color: 'color', public: 'is_public', createdAt: 'created_at', updatedAt: 'updated_at' },
};

export const POST_TAGS: CoreTable<PostTagRow> = {
  table: 'post_tags',
  name: 'postTags',
  columns: { id: 'id', postId: 'post_id', tagId: 'tag_id', createdAt: 'created_at' },
};

export function createTagsRepo(db: Queryable): TagsRepo {
  return {
    ...tableRepo(db, TAGS),
    getByName: async (name) => (await rowsOf(db, TAGS, `${selectFrom(TAGS)} WHERE lower(name) = lower($1)`, [name]))[0],
    // Byte order of the lower-cased name, as the JSON-file engine compares strings.
    list: () => rowsOf(db, TAGS, `${selectFrom(TAGS)} ORDER BY lower(name) COLLATE "C", id`, []),
  };
}

export function createPostTagsRepo(db: Queryable): PostTagsRepo {
  return {
    ...tableRepo(db, POST_TAGS),
    listByPosts: async (postIds) =>
      postIds.length === 0 ? [] : rowsOf(db, POST_TAGS, `${selectFrom(POST_TAGS)} WHERE post_id = ANY($1::text[])`, [[...new Set(postIds)]]),
    listByTag: (tagId) => rowsOf(db, POST_TAGS, `${selectFrom(POST_TAGS)} WHERE tag_id = $1`, [tagId]),
    deleteByPost: (postId) => deleteBy(db, POST_TAGS.table, 'post_id', postId),
    deleteByTag: (tagId) => deleteBy(db, POST_TAGS.table, 'tag_id', tagId),
  };
}
