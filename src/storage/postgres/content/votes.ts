import type { VoteRow, VotesRepo, VoteSummary } from '../../types.js';
import type { Queryable } from '../queryable.js';
import { countsBy, deleteWhere, int, iso, orderedPage, type TableSpec, tableRepo } from './sql.js';

export const voteSpec: TableSpec<VoteRow> = {
  table: 'votes',
  columns: {
    id: 'id',
    userId: 'user_id',
    postId: 'post_id',
    createdAt: 'created_at',
  },
  fromDb: (r) => ({
    id: String(r.id),
    userId: String(r.user_id),
    postId: String(r.post_id),
    createdAt: iso(r.created_at),
  }),
};

/** Votes; one per user and post (`votes.userPost`). */
export function createVotesRepo(db: Queryable): VotesRepo {
  return {
    ...tableRepo(db, voteSpec),
    getByUserAndPost: async (userId, postId) => {
      const { rows } = await db.query('SELECT * FROM votes WHERE user_id = $1 AND post_id = $2', [userId, postId]);
      return rows[0] ? voteSpec.fromDb(rows[0]) : undefined;
    },
    summarize: (postIds, recent, viewerId) => summarize(db, postIds, recent, viewerId),
    countByUsers: (userIds) => countsBy(db, 'votes', 'user_id', userIds),
    pageByPost: (postId, request) =>
      orderedPage(
        db,
        {
          table: 'votes',
          filter: (params) => `t.post_id = ${params.add(postId)}`,
          key: ['created_at', 'id'],
          fromDb: voteSpec.fromDb,
        },
        request,
      ),
    deleteByPost: (postId) => deleteWhere(db, 'votes', 'post_id', postId),
    deleteByUser: (userId) => deleteWhere(db, 'votes', 'user_id', userId),
  };
}

/**
 * Every post's summary in one query: the count is the post's `votes_count` (kept by migration 3's
 * triggers), and only the newest `recent` votes and the viewer's own are read, through the
 * (post, createdAt, id) index — a post with 2,000 votes costs as little as one with two.
 */
async function summarize(
  db: Queryable,
  postIds: readonly string[],
  recent: number,
  viewerId: string | null,
): Promise<Map<string, VoteSummary>> {
  const summaries = new Map<string, VoteSummary>();
  for (const postId of postIds) summaries.set(postId, { recent: [], count: 0, viewerVote: null });
  if (postIds.length === 0) return summaries;
  const { rows } = await db.query(
    `SELECT p.id AS summary_post, p.votes_count AS total, r.*
       FROM posts p
       LEFT JOIN LATERAL (
         (SELECT v.*, false AS viewers FROM votes v WHERE v.post_id = p.id ORDER BY v.created_at DESC, v.id DESC LIMIT $2)
         UNION ALL
         (SELECT v.*, true AS viewers FROM votes v WHERE v.post_id = p.id AND v.user_id = $3)
       ) r ON true
      WHERE p.id = ANY($1::text[])`,
    [[...new Set(postIds)], Math.max(recent, 0), viewerId],
  );
  for (const record of rows) {
    const summary = summaries.get(String(record.summary_post));
    if (!summary) continue;
    summary.count = int(record.total);
    if (record.id === null) continue;
    const vote = voteSpec.fromDb(record);
    if (record.viewers) summary.viewerVote = vote;
    else summary.recent.push(vote);
  }
  for (const summary of summaries.values()) summary.recent.sort(newestFirst);
  return summaries;
}

function newestFirst(a: VoteRow, b: VoteRow): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
