// The calls of Dashboard › Posts that the public pages do not make (endpoints.ts has the rest).
import { api } from './client.js';
import { listPosts, type PostFilter } from './endpoints.js';
import type { Board, Post, PublicUser, Roadmap, Voters } from './types.js';

/** Every board, hidden ones included for those with board:read (API.md §4.6.2). */
export const listAllBoards = () => api<{ boards: Board[] }>('GET', '/boards/get', undefined, { page: 1, limit: 100 }).then((r) => r.boards);

/** Every roadmap, hidden ones included for those with roadmap:read (API.md §4.7.1). */
export const listAllRoadmaps = () =>
  api<{ roadmaps: Roadmap[] }>('GET', '/roadmaps', undefined, { first: 100, visibility: 'public,private' }).then((r) => r.roadmaps);

/** One page of posts, and whether another page follows it. */
export interface PostsPage {
  posts: Post[];
  hasNext: boolean;
}

/**
 * A page of `size` posts. The offset list says nothing about its length, so the first post of the
 * next page is asked for alongside (page numbers count in the page size, so that post's page is
 * `page * size + 1` at size 1).
 */
export async function listPostsPage(filter: PostFilter & { page: number }, size: number): Promise<PostsPage> {
  const [posts, next] = await Promise.all([
    listPosts({ ...filter, limit: size }),
    listPosts({ ...filter, page: filter.page * size + 1, limit: 1 }),
  ]);
  return { posts, hasNext: next.length > 0 };
}

/** The part of a user list item (API.md §3.5) the vote dialog shows. */
export interface UserMatch extends PublicUser {
  email: string;
  isBlocked: boolean;
}

/**
 * Users whose name, username or email contain `query` (GET /users with feedbackd's `query`
 * extension; the owner's alone: anyone else gets 403).
 */
export const findUsers = (query: string) =>
  api<{ users: UserMatch[] }>('GET', '/users', undefined, { query, page: 1, limit: 10 }).then((r) => r.users);

/** A vote recorded for a user (API.md §4.5.3; needs vote:assign and the voteOnBehalf lab). */
export const voteOnBehalf = (postId: string, userId: string) =>
  api<{ voters: Voters; vote: { voteId: string; user: PublicUser } }>('POST', `/posts/${encodeURIComponent(postId)}/votes/${encodeURIComponent(userId)}`);
