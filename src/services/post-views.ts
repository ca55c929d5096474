import type { TagRef } from './tags/views.js';
import type { Approval, BoardRow, PostRow, RoadmapRow, UserRow, VoteRow, VoteSummary } from '../storage/types.js';
import { userAvatar } from './accounts.js';
import { cachedView, withoutVoters, withViewerVote } from './post-fragments.js';
import { boardHidesVoters } from './voter-privacy.js';

/** API.md §3.3. */
export interface PublicUser {
  userId: string;
  name: string;
  avatar: string;
  username: string;
}

/** API.md §3.9 ViewerVote. */
export interface ViewerVote {
  voteId: string;
  userId: string;
  postId: string;
  createdAt: string;
}

/** API.md §3.9 Vote. */
export interface VoteView extends ViewerVote {
  name: string;
  username: string;
  avatar: string;
}

/** API.md §3.9 Voters. */
export interface Voters {
  votes: VoteView[];
  votesCount: number;
  viewerVote: ViewerVote | null;
}

/** API.md §3.10 BoardRef. */
export interface BoardRef {
  boardId: string;
  name: string;
  color: string;
  url: string;
  createdAt: string;
}

/** API.md §3.11 RoadmapRef. */
export interface RoadmapRef {
  id: string;
  name: string;
  url: string;
  color: string;
}

/** API.md §3.6, with `commentsCount` (§8.9) before `voters`, whose `viewerVote` stays the last field (post-fragments.ts). */
export interface PostView {
  postId: string;
  title: string;
  slug: string;
  contentMarkdown: string | null;
  createdAt: string;
  updatedAt: string;
  board: BoardRef | null;
  author: PublicUser;
  roadmap: RoadmapRef | null;
  commentsCount: number;
  /** The post's tags the caller may see, by name (issue 31 §1, API.md §8.9). */
  tags: TagRef[];
  /** Only on a held post (issue 31 §2), which only its author and moderators see: `waiting` or `spam`. */
  approval?: 'waiting' | 'spam';
  voters: Voters;
}

/** API.md §3.8 PostRecord. */
export interface PostRecordView {
  postId: string;
  title: string;
  slug: string;
  slugId: string;
  contentMarkdown: string | null;
  userId: string;
  createdAt: string;
  updatedAt: string;
  boardId: string | null;
  roadmap_id: string | null;
  /** The post's tags the caller may see, by name (issue 31 §1, API.md §8.9). */
  tags: TagRef[];
  /** Only on a held post (issue 31 §2): `waiting` (for approval) or `spam`. */
  approval?: 'waiting' | 'spam';
}

/** Everything needed to render posts, fetched in batches. */
export interface PostViewSources {
  users: ReadonlyMap<string, UserRow>;
  boards: ReadonlyMap<string, BoardRow>;
  /** Only the roadmaps the viewer may see; others render as null. */
  roadmaps: ReadonlyMap<string, RoadmapRow>;
  votes: ReadonlyMap<string, VoteSummary>;
  /** Public comments and replies per post (internal ones never count, API.md §8.9). */
  comments: ReadonlyMap<string, number>;
  /** The tags each post carries that the viewer may see, by name; a post without any is absent. */
  tags: ReadonlyMap<string, TagRef[]>;
  /** Who looks: whether they see every voter where a board hides them (API.md §8.9), and their own row, for their own vote. */
  audience: Audience;
}

/** Who a post is rendered for, as far as its voters are concerned. */
export interface Audience {
  seesEveryVoter: boolean;
  viewer: UserRow | null;
}

// Rows are immutable (an update stores a new object), so a view computed from a row stays right for
// as long as that row object lives; caching them keeps MD5 and allocations off the post-list hot path.
const publicUsers = new WeakMap<UserRow, PublicUser>();
const voteViews = new WeakMap<VoteRow, { voter: UserRow; view: VoteView }>();

/** API.md §3.3 for a user row (cached per row object). */
export function toPublicUser(user: UserRow): PublicUser {
  let view = publicUsers.get(user);
  if (!view) {
    view = { userId: user.id, name: user.name, avatar: userAvatar(user), username: user.username };
    publicUsers.set(user, Object.freeze(view));
  }
  return view;
}

export function toViewerVote(vote: VoteRow): ViewerVote {
  return { voteId: vote.id, userId: vote.userId, postId: vote.postId, createdAt: vote.createdAt };
}

function toVoteView(vote: VoteRow, voter: UserRow): VoteView {
  const cached = voteViews.get(vote);
  if (cached?.voter === voter) return cached.view;
  const { name, username, avatar } = toPublicUser(voter);
  const view = { voteId: vote.id, userId: vote.userId, postId: vote.postId, createdAt: vote.createdAt, name, username, avatar };
  voteViews.set(vote, { voter, view });
  return view;
}

/** The Voters object of one post. */
export function toVoters(summary: VoteSummary | undefined, users: ReadonlyMap<string, UserRow>): Voters {
  if (!summary) return { votes: [], votesCount: 0, viewerVote: null };
  return {
    votes: summary.recent.map((vote) => toVoteView(vote, users.get(vote.userId)!)),
    votesCount: summary.count,
    viewerVote: summary.viewerVote ? toViewerVote(summary.viewerVote) : null,
  };
}

function toBoardRef(board: BoardRow): BoardRef {
  return { boardId: board.id, name: board.name, color: board.color, url: board.url, createdAt: board.createdAt };
}

export function toRoadmapRef(roadmap: RoadmapRow): RoadmapRef {
  return { id: roadmap.id, name: roadmap.name, url: roadmap.url, color: roadmap.color };
}

/** A post as listed (API.md §3.6); the part every viewer shares is built once per set of source rows (post-fragments.ts). */
export function toPostView(post: PostRow, sources: PostViewSources): PostView {
  const shared = cachedView(post, sources, () => buildPostView(post, sources));
  const viewerVote = sources.votes.get(post.id)?.viewerVote ?? null;
  const board = post.boardId ? sources.boards.get(post.boardId) : undefined;
  const hidden = boardHidesVoters(board) && !sources.audience.seesEveryVoter;
  const view = hidden ? onlyOwnVote(shared, viewerVote, sources.audience.viewer) : shared;
  return viewerVote ? withViewerVote(view, toViewerVote(viewerVote)) : view;
}

/** API.md §8.9: where voters are hidden, `votes` holds the viewer's own vote, or nothing. */
function onlyOwnVote(view: PostView, own: VoteRow | null, viewer: UserRow | null): PostView {
  const hidden = withoutVoters(view);
  if (!own || !viewer) return hidden;
  return { ...hidden, voters: { ...hidden.voters, votes: [toVoteView(own, viewer)] } };
}

function buildPostView(post: PostRow, sources: PostViewSources): PostView {
  const board = post.boardId ? sources.boards.get(post.boardId) : undefined;
  const roadmap = post.roadmapId ? sources.roadmaps.get(post.roadmapId) : undefined;
  const summary = sources.votes.get(post.id);
  return {
    postId: post.id,
    title: post.title,
    slug: post.slug,
    contentMarkdown: post.contentMarkdown,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    board: board ? toBoardRef(board) : null,
    author: toPublicUser(sources.users.get(post.userId)!),
    roadmap: roadmap ? toRoadmapRef(roadmap) : null,
    commentsCount: sources.comments.get(post.id) ?? 0,
    tags: sources.tags.get(post.id) ?? [],
    // Before `voters`, which a view ends with (post-fragments.ts).
    ...heldApproval(post),
    voters: toVoters(summary && { ...summary, viewerVote: null }, sources.users),
  };
}

/** `approval` of a held post or comment (issue 31 §2); nothing for an approved one, so answers stay as they were. */
export function heldApproval(row: { approval?: Approval }): { approval?: 'waiting' | 'spam' } {
  return row.approval === 'waiting' || row.approval === 'spam' ? { approval: row.approval } : {};
}

/** API.md §3.7: a Post with `slugId` after `slug`. */
export type PostDetail = Pick<PostView, 'postId' | 'title' | 'slug'> & { slugId: string } & Omit<PostView, 'postId' | 'title' | 'slug'> & {
  /** Only when a merged post's id or slug was asked for: the target answers, naming it (issue 30 §2). */
  mergedFrom?: { postId: string; slug: string; title: string };
  /** Only when posts are merged into this one (those the viewer may see), oldest merge first (issue 30 §2). */
  mergedPosts?: Array<{ postId: string; slug: string; title: string; mergedAt: string }>;
};

/** A post shown by slug (API.md §3.7): its listed form with the row's `slugId` inserted after `slug`. */
export function toPostDetail(post: PostRow, view: PostView): PostDetail {
  const { postId, title, slug, ...rest } = view;
  return { postId, title, slug, slugId: post.slugId, ...rest };
}

/** A post as created or updated (API.md §3.8). */
export function toPostRecordView(post: PostRow, tags: TagRef[] = []): PostRecordView {
  return {
    postId: post.id,
    title: post.title,
    slug: post.slug,
    slugId: post.slugId,
    contentMarkdown: post.contentMarkdown,
    userId: post.userId,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    boardId: post.boardId,
    roadmap_id: post.roadmapId,
    tags,
    ...heldApproval(post),
  };
}
