import type { OrderedPage, OrderedPageRequest, Repositories, UserRow, VoteRow } from '../storage/types.js';
import type { ServiceContext, Viewer } from './context.js';
import { type CursorPageMeta, cursorPageMeta, foundPage, pageRequest, parsePaging } from './pagination.js';
import { findVisiblePost } from './post-lookup.js';
import { type PublicUser, toPublicUser } from './post-views.js';
import { lookupKey } from './validation/fields.js';
import { hidesVotersFrom } from './voter-privacy.js';
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

/**
 * API.md §4.4.6: a cursor page of a visible post's votes, newest first, and the viewer's own vote.
 * On a board that hides voters from the viewer (§8.9) the list is their own vote alone, while
 * `total_count` still counts every vote.
 */
export async function listVoters(ctx: ServiceContext, viewer: Viewer, postIdParam: string, query: QueryInput): Promise<VoterList> {
  const { storage } = ctx;
  const post = await findVisiblePost(storage, viewer, lookupKey(postIdParam));
  const paging = parsePaging(query, 'cursor', DEFAULT_PAGE_SIZE);
  const request = pageRequest(paging, 'desc');
  const own = viewer ? ((await storage.votes.getByUserAndPost(viewer.user.id, post.id)) ?? null) : null;
  const board = post.boardId ? await storage.boards.get(post.boardId) : undefined;
  const hidden = hidesVotersFrom(viewer, board);
  const page = foundPage(hidden ? ownVotePage(own, request) : await storage.votes.pageByPost(post.id, request));
  const voters = await storage.users.getMany([...new Set([...page.rows, ...(own ? [own] : [])].map((vote) => vote.userId))]);
  const meta = cursorPageMeta(page, paging.size);
  const total = hidden ? await countVotes(storage, post.id) : meta.total_count;
  return {
    results: page.rows.map((vote) => toVoteEntry(vote, voters)),
    ...meta,
    total_count: total,
    total_pages: Math.ceil(total / paging.size),
    viewerVote: own ? toVoteEntry(own, voters) : null,
  };
}

/** The page of a list holding only the viewer's own vote (if any); undefined when the cursor names another vote. */
function ownVotePage(own: VoteRow | null, request: OrderedPageRequest): OrderedPage<VoteRow> | undefined {
  const list = own ? [own] : [];
  const { from } = request;
  const start = 'after' in from ? list.findIndex((vote) => vote.id === from.after) + 1 : Math.min(from.offset, list.length);
  if ('after' in from && start === 0) return undefined;
  const rows = list.slice(start, start + request.limit);
  return { rows, total: list.length, offset: start, hasMore: start + rows.length < list.length };
}

async function countVotes(storage: Repositories, postId: string): Promise<number> {
  return (await storage.votes.summarize([postId], 0, null)).get(postId)?.count ?? 0;
}

function toVoteEntry(vote: VoteRow, voters: ReadonlyMap<string, UserRow>): VoteEntry {
  return { voteId: vote.id, createdAt: vote.createdAt, user: toPublicUser(voters.get(vote.userId)!) };
}
