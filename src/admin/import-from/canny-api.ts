import { type CannyClient, cannyClient, type ListedRow } from './canny-api-client.js';
import { ApiRead } from './canny-api-objects.js';
import { Fields } from './canny-fields.js';
import { cannyStatuses, cannyTags } from './canny-shared.js';
import type { SourceBoard, SourceComment, SourceData, SourceInput, SourcePost, SourceVote } from './source-model.js';
import { SourceError } from './source-model.js';

/*
 * Canny through its REST API: boards, categories, tags, posts (board by board), comments, votes,
 * users and changelog entries, each list followed page by page until Canny says there is no more.
 * The objects' fields are those of the API reference (developers.canny.io/api-reference) and of
 * the schemas Airbyte's Canny connector declares for the same endpoints
 * (airbytehq/airbyte airbyte-integrations/connectors/source-canny/manifest.yaml).
 *
 * Canny keeps no deleted people: a deleted author or voter is answered as `null`, so the post,
 * comment or vote points at no one (the import's placeholder stands in). Canny's `score` counts
 * votes the vote list may no longer show (deleted voters): when it is larger, it becomes the
 * post's voteCount and the conversion adds placeholder votes up to it.
 */

export const DEFAULT_CANNY_API_URL = 'https://canny.io/api';

export async function readCannyApi(input: SourceInput): Promise<SourceData> {
  if (input.apiKey === undefined)
    throw new SourceError('--api-key-file', "is missing: Canny's API is read with the team's secret API key (or give Canny's posts CSV export as the source)");
  const apiKey = input.apiKey.trim();
  if (apiKey === '') throw new SourceError('--api-key-file', "is empty: Canny's API needs the team's secret API key");
  const client = cannyClient(input.apiUrl ?? DEFAULT_CANNY_API_URL, apiKey, input.onProgress, input.waits);
  const read = new ApiRead();

  const boardRows = await client.call('v1/boards/list');
  const boards = listField(boardRows, 'boards', client.address('v1/boards/list')).map((row) => read.board(row));
  const categories = (await client.listBySkip('v1/categories/list', 'categories')).map((row) => read.tagObject(row, 'category'));
  const tags = (await client.listBySkip('v1/tags/list', 'tags')).map((row) => read.tagObject(row, 'tag'));
  for (const row of await orNoneWhenMissing(client.listByCursor('v2/users/list', 'users'))) read.user(new Fields(row.value, row.where));

  const posts: SourcePost[] = [];
  const scores = new Map<string, number>();
  for (const board of boards) {
    for (const row of await client.listBySkip('v1/posts/list', 'posts', { boardID: board.sourceId, sort: 'oldest' })) posts.push(read.post(row, scores));
  }
  const postIds = new Set(posts.map((post) => post.sourceId));
  const comments = (await client.listBySkip('v1/comments/list', 'comments')).flatMap((row) => read.comment(row, postIds));
  const votes = (await client.listBySkip('v1/votes/list', 'votes')).flatMap((row) => read.vote(row, postIds));
  // The changelog is a separate Canny product: a company without it has no entries.
  const changelog = (await orNoneWhenMissing(client.listBySkip('v1/entries/list', 'entries'))).map((row) => read.entry(row, postIds));

  countUnlistedVotes(posts, votes, scores);
  const tagSet = cannyTags([...categories, ...tags]);
  checkReferences(posts, boards, tagSet.idOf, client);
  for (const post of posts) post.tagIds = [...new Set(post.tagIds.map((id) => tagSet.idOf.get(id)!))];
  return {
    tool: 'canny',
    site: '',
    users: [...read.users.values()],
    boards,
    statuses: cannyStatuses(posts.map((post) => post.statusId)),
    tags: tagSet.tags,
    posts,
    votes,
    comments: ensureParentsExist(comments),
    changelog,
    leftOut: read.leftOut(),
  };
}

function listField(page: Record<string, unknown>, key: string, where: string): ListedRow[] {
  const items = page[key];
  if (!Array.isArray(items)) throw new SourceError(where, `field "${key}" must be a list`);
  return items.map((value, index) => ({ value, where: `${where}: ${key} row ${index + 1}` }));
}

/**
 * A list Canny answers 404 for is one this company or API version does not have: the changelog
 * without the changelog product, users v2 on an older API (the people embedded in posts, comments
 * and votes are then all there is, which is all the import needs).
 */
async function orNoneWhenMissing(listing: Promise<ListedRow[]>): Promise<ListedRow[]> {
  try {
    return await listing;
  } catch (error) {
    if (error instanceof SourceError && / HTTP 404\b/.test(error.problem)) return [];
    throw error;
  }
}

/** Votes Canny counts in `score` but no longer lists (deleted voters) become the post's voteCount. */
function countUnlistedVotes(posts: SourcePost[], votes: SourceVote[], scores: Map<string, number>): void {
  const listed = new Map<string, number>();
  for (const vote of votes) listed.set(vote.postId, (listed.get(vote.postId) ?? 0) + 1);
  for (const post of posts) {
    const score = scores.get(post.sourceId) ?? 0;
    if (score > (listed.get(post.sourceId) ?? 0)) post.voteCount = score;
  }
}

function checkReferences(posts: SourcePost[], boards: SourceBoard[], tagIds: Map<string, string>, client: CannyClient): void {
  const boardIds = new Set(boards.map((board) => board.sourceId));
  posts.forEach((post) => {
    const where = `${client.address('v1/posts/list')} boardID=${post.boardId}: post (id=${post.sourceId})`;
    if (post.boardId !== null && !boardIds.has(post.boardId)) throw new SourceError(`${where} field "board"`, `board ${post.boardId} is not in v1/boards/list`);
    for (const tagId of post.tagIds) if (!tagIds.has(tagId)) throw new SourceError(`${where} field "tags"`, `${tagId} is neither a category nor a tag`);
  });
}

/** A reply whose parent Canny no longer lists (deleted) becomes a top-level comment rather than a dangling one. */
function ensureParentsExist(comments: SourceComment[]): SourceComment[] {
  const ids = new Set(comments.map((comment) => comment.sourceId));
  return comments.map((comment) => (comment.parentId !== null && !ids.has(comment.parentId) ? { ...comment, parentId: null } : comment));
}
