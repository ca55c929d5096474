import { postSearchWords, searchWords } from '../../../text/search-words.js';
import type { Approval, PostRow, PostsRepo, SimilarQuery } from '../../types.js';
import type { Queryable } from '../queryable.js';
import { postQuerySql, SIMILAR_STEPS, similarStepSql } from './post-search.js';
import { isHalfPatch, updateHalfPost } from './post-update.js';
import { APPROVED_ROW, countsBy, hasApprovedBy, heldRows, int, iso, listWhere, type TableSpec, tableRepo } from './sql.js';

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
    approval: 'approval',
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
    ...(r.approval == null ? {} : { approval: String(r.approval) as Approval }),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }),
  // The stored words (migration 3): title_words needs the title, search_words title and content
  // (a patch of only one of them is completed by the repository's update). votes_count is the
  // triggers' alone, so no row ever writes it.
  derived: (fields) => {
    const words: Record<string, unknown> = {};
    if (fields.title !== undefined) words.title_words = searchWords(fields.title);
    if (fields.title !== undefined && fields.contentMarkdown !== undefined) {
      words.search_words = postSearchWords(fields.title, fields.contentMarkdown);
    }
    return words;
  },
};

/** `PostsRepo.similar`: step by step (similarStepSql), each asked for what the limit still wants, until it is reached. */
async function similarPosts(db: Queryable, query: SimilarQuery): Promise<PostRow[]> {
  const found: PostRow[] = [];
  if (query.words.length === 0) return found;
  for (const step of SIMILAR_STEPS) {
    const wanted = query.limit - found.length;
    if (wanted <= 0) break;
    const statement = similarStepSql(step, query, found.map((post) => post.id), wanted);
    if (statement === undefined) continue;
    const { rows } = await db.query(statement.text, statement.values);
    found.push(...rows.map(postSpec.fromDb));
  }
  return found;
}

/** Posts, queried by (createdAt, id) or votes, with board, roadmap, visibility and word filters; `posts.slug` is unique. */
export function createPostsRepo(db: Queryable): PostsRepo {
  const table = tableRepo(db, postSpec);
  return {
    ...table,
    getBySlug: async (slug) => {
      const { rows } = await db.query('SELECT * FROM posts WHERE slug = $1', [slug]);
      return rows[0] ? postSpec.fromDb(rows[0]) : undefined;
    },
    update: (id, patch) => (isHalfPatch(patch) ? updateHalfPost(db, postSpec, id, patch) : table.update(id, patch)),
    query: async (query) => {
      if (query.limit <= 0) return [];
      const { text, values } = postQuerySql(query);
      const { rows } = await db.query(text, values);
      return rows.map(postSpec.fromDb);
    },
    similar: (query) => similarPosts(db, query),
    clearRoadmap: async (roadmapId) => {
      const { rowCount } = await db.query('UPDATE posts SET roadmap_id = NULL WHERE roadmap_id = $1', [roadmapId]);
      return rowCount ?? 0;
    },
    clearBoard: async (boardId) => {
      const { rowCount } = await db.query('UPDATE posts SET board_id = NULL WHERE board_id = $1', [boardId]);
      return rowCount ?? 0;
    },
    countByBoards: async (boardIds) => {
      // Held posts (issue 31 §2) do not count.
      const counts = new Map<string, number>(boardIds.map((id) => [id, 0]));
      if (boardIds.length === 0) return counts;
      const { rows } = await db.query(
        `SELECT board_id AS key, count(*)::int AS n FROM posts WHERE board_id = ANY($1::text[]) AND ${APPROVED_ROW} GROUP BY board_id`,
        [[...new Set(boardIds)]],
      );
      for (const row of rows) counts.set(String(row.key), int(row.n));
      return counts;
    },
    countByUsers: (userIds) => countsBy(db, 'posts', 'user_id', userIds),
    listByUser: (userId) => listWhere(db, 'posts', 'user_id', userId, postSpec.fromDb),
    held: (request) => heldRows(db, 'posts', request, postSpec.fromDb),
    hasApprovedBy: (userId) => hasApprovedBy(db, 'posts', userId),
  };
}
