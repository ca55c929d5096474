import type { UserRow, VoteRow } from '../storage/types.js';
import type { ServiceContext, Viewer } from './context.js';
import { type CursorPageMeta, cursorPageMeta, foundPage, pageRequest, parsePaging } from './pagination.js';
import { findVisiblePost } from './post-lookup.js';
import { type PublicUser, toPublicUser } from './post-views.js';
import { lookupKey } from './validation/fields.js';
import type { QueryInput } from './validation/query.js';

const DEFAULT_PAGE_SIZE = 20;

/** API.md §3.9 VoteEntry. */
export interface VoteEntry {
  voteId: string;
  createdAt: string;
  user: PublicUser;
}

/** What `GET /posts/:post_id/votes` answers under `votes`. */
export type VoterList = { results: VoteEntry[] } & CursorPageMeta & { viewerVote: VoteEntry | null };

/** API.md §4.4.6: a cursor page of a visible post's votes, newest first, and the viewer's own vote. */
export async function listVoters(ctx: ServiceContext, viewer: Viewer, postIdParam: string, query: QueryInput): Promise<VoterList> {
  const { storage } = ctx;
  const post = await findVisiblePost(storage, viewer, lookupKey(postIdParam));
  const paging = parsePaging(query, 'cursor', DEFAULT_PAGE_SIZE);
  const page = foundPage(await storage.votes.pageByPost(post.id, pageRequest(paging, 'desc')));
  const own = viewer ? ((await storage.votes.getByUserAndPost(viewer.user.id, post.id)) ?? null) : null;
  const voters = await storage.users.getMany([...new Set([...page.rows, ...(own ? [own] : [])].map((vote) => vote.userId))]);
  return {
    results: page.rows.map((vote) => toVoteEntry(vote, voters)),
    ...cursorPageMeta(page, paging.size),
    viewerVote: own ? toVoteEntry(own, voters) : null,
  };
}

function toVoteEntry(vote: VoteRow, voters: ReadonlyMap<string, UserRow>): VoteEntry {
  return { voteId: vote.id, createdAt: vote.createdAt, user: toPublicUser(voters.get(vote.userId)!) };
}
