import type { PostRow, PostsRepo } from '../../types.js';
import type { Queryable } from '../queryable.js';
import { countsBy, iso, listWhere, Params, type TableSpec, tableRepo } from './sql.js';

export const postSpec: TableSpec<PostRow> = {
  table: 'posts',
  columns: {
    id: 'id',
    title: 'title',
    slug: 'slug',
    slugId: 'slug_id',
    contentMarkdown: 'content_markdown',
    userId: 'user_id',
    boardId: 'board_id',
    roadmapId: 'roadmap_id',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  fromDb: (r) => ({
    id: String(r.id),
    title: String(r.title),
    slug: String(r.slug),
    slugId: String(r.slug_id),
    contentMarkdown: r.content_markdown === null ? null : String(r.content_markdown),
    userId: String(r.user_id),
    boardId: r.board_id === null ? null : String(r.board_id),
    roadmapId: r.roadmap_id === null ? null : String(r.roadmap_id),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }),
};

/** Posts, queried by (createdAt, id) with board, roadmap and board-visibility filters; `posts.slug` is unique. */
export function createPostsRepo(db: Queryable): PostsRepo {
  return {
    ...tableRepo(db, postSpec),
    getBySlug: async (slug) => {
      const { rows } = await db.query('SELECT * FROM posts WHERE slug = $1', [slug]);
      return rows[0] ? postSpec.fromDb(rows[0]) : undefined;
    },
    query: async (query) => {
      if (query.limit <= 0) return [];
      const params = new Params();
      const conditions: string[] = [];
      if (query.boardIds !== undefined) conditions.push(`t.board_id = ANY(${params.add([...query.boardIds])}::text[])`);
      if (query.roadmapId !== undefined) conditions.push(`t.roadmap_id = ${params.add(query.roadmapId)}`);
      if (query.visibleBoardsOnly) {
        conditions.push('NOT EXISTS (SELECT 1 FROM boards b WHERE b.id = t.board_id AND NOT b.display)');
      }
      const dir = query.direction === 'asc' ? 'ASC' : 'DESC';
      const where = conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;
      const { rows } = await db.query(
        `SELECT t.* FROM posts t ${where} ORDER BY t.created_at ${dir}, t.id ${dir}
          LIMIT ${params.add(query.limit)} OFFSET ${params.add(Math.max(query.offset, 0))}`,
        params.values,
      );
      return rows.map(postSpec.fromDb);
    },
    clearRoadmap: async (roadmapId) => {
      const { rowCount } = await db.query('UPDATE posts SET roadmap_id = NULL WHERE roadmap_id = $1', [roadmapId]);
      return rowCount ?? 0;
    },
    clearBoard: async (boardId) => {
      const { rowCount } = await db.query('UPDATE posts SET board_id = NULL WHERE board_id = $1', [boardId]);
      return rowCount ?? 0;
    },
    countByBoards: (boardIds) => countsBy(db, 'posts', 'board_id', boardIds),
    countByUsers: (userIds) => countsBy(db, 'posts', 'user_id', userIds),
    listByUser: (userId) => listWhere(db, 'posts', 'user_id', userId, postSpec.fromDb),
  };
}
