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
 * Every post's summary in one query: each vote is numbered newest first within its post and the
 * post's count rides along; only the newest `recent`, the viewer's own and each post's newest
 * (which carries the count even when `recent` is 0) come back.
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
    `SELECT * FROM (
       SELECT v.*,
              count(*) OVER (PARTITION BY v.post_id) AS total,
              row_number() OVER (PARTITION BY v.post_id ORDER BY v.created_at DESC, v.id DESC) AS rank
         FROM votes v
        WHERE v.post_id = ANY($1::text[])
     ) ranked
     WHERE rank <= greatest($2::int, 1) OR user_id = $3
     ORDER BY post_id, rank`,
    [[...new Set(postIds)], Math.max(recent, 0), viewerId],
  );
  for (const record of rows) {
    const vote = voteSpec.fromDb(record);
    const summary = summaries.get(vote.postId);
    if (!summary) continue;
    summary.count = int(record.total);
    if (int(record.rank) <= recent) summary.recent.push(vote);
    if (viewerId !== null && vote.userId === viewerId) summary.viewerVote = vote;
  }
  return summaries;
}
