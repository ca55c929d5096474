import type { CommentRow, PostRow, Repositories } from '../storage/types.js';
import { type CommentView, toCommentView } from './comment-views.js';
import type { Actor, ServiceContext } from './context.js';
import { can, requirePermission } from './permissions.js';
import { type PublicUser, toPublicUser } from './post-views.js';
import { canSeeHeld } from './moderation/rules.js';
import { isVisibleBoard } from './visibility.js';

/** How big the board is: every row of each kind, hidden boards and internal comments included. */
export interface DashboardCounts {
  posts: number;
  votes: number;
  users: number;
  boards: number;
  roadmaps: number;
  comments: number;
  /** Issue 31 §2: posts and comments waiting for approval (the navigation's badge); held ones are not in `posts` and `comments`. */
  waiting: number;
}

/** A recent comment with where it was written and by whom. */
export interface RecentComment {
  comment: CommentView;
  author: PublicUser;
  post: { postId: string; title: string; slug: string };
}

export interface DashboardSummary {
  counts: DashboardCounts;
  newest_comments: RecentComment[];
}

const NEWEST_COMMENTS = 5;
/** Comments read per batch while looking for visible ones, and at most in all (a team's hidden board stays cheap). */
const BATCH = 20;
const MOST_SCANNED = 200;

/**
 * feedbackd's extension for the dashboard's overview (README, API): the counts, and the newest
 * comments the caller may see (API.md §2.7). Needs `dashboard:read`, as `GET /users/dashboard`.
 */
export async function dashboardSummary(ctx: ServiceContext, actor: Actor): Promise<{ summary: DashboardSummary }> {
  requirePermission(actor, 'dashboard:read');
  const { storage } = ctx;
  const [counts, newest] = await Promise.all([countAll(storage), newestVisibleComments(storage, actor)]);
  return { summary: { counts, newest_comments: newest } };
}

async function countAll(repos: Repositories): Promise<DashboardCounts> {
  const held = { offset: 0, limit: 0 };
  const [posts, votes, users, boards, roadmaps, comments, postsWaiting, postsSpam, commentsWaiting, commentsSpam] = await Promise.all([
    repos.posts.count(),
    repos.votes.count(),
    repos.users.count(),
    repos.boards.count(),
    repos.roadmaps.count(),
    repos.comments.count(),
    repos.posts.held({ ...held, approval: 'waiting' }),
    repos.posts.held({ ...held, approval: 'spam' }),
    repos.comments.held({ ...held, approval: 'waiting' }),
    repos.comments.held({ ...held, approval: 'spam' }),
  ]);
  return {
    posts: posts - postsWaiting.total - postsSpam.total,
    votes,
    users,
    boards,
    roadmaps,
    comments: comments - commentsWaiting.total - commentsSpam.total,
    waiting: postsWaiting.total + commentsWaiting.total,
  };
}

async function newestVisibleComments(repos: Repositories, actor: Actor): Promise<RecentComment[]> {
  const found: RecentComment[] = [];
  for (let skip = 0; skip < MOST_SCANNED && found.length < NEWEST_COMMENTS; skip += BATCH) {
    const batch = await repos.comments.newest(BATCH, skip);
    found.push(...(await visibleOf(repos, actor, batch)));
    if (batch.length < BATCH) break;
  }
  return found.slice(0, NEWEST_COMMENTS);
}

/** The comments of a batch the actor may see, with their posts and authors (fetched in batches). */
async function visibleOf(repos: Repositories, actor: Actor, comments: CommentRow[]): Promise<RecentComment[]> {
  const shown = comments.filter((comment) => !comment.isInternal || can(actor, 'comment:view_internal'));
  const posts = await repos.posts.getMany([...new Set(shown.map((comment) => comment.postId))]);
  const boardIds = [...posts.values()].flatMap((post) => (post.boardId ? [post.boardId] : []));
  const [boards, authors] = await Promise.all([
    repos.boards.getMany([...new Set(boardIds)]),
    repos.users.getMany([...new Set(shown.map((comment) => comment.userId))]),
  ]);
  const visiblePost = (post: PostRow | undefined): post is PostRow =>
    post !== undefined && canSeeHeld(actor, post) && (post.boardId === null || isVisibleBoard(actor, boards.get(post.boardId)));
  return shown.flatMap((comment) => {
    const post = posts.get(comment.postId);
    const author = authors.get(comment.userId);
    if (!visiblePost(post) || !author) return [];
    return [{ comment: toCommentView(comment), author: toPublicUser(author), post: { postId: post.id, title: post.title, slug: post.slug } }];
  });
}
