import { type CannyClient, cannyClient, type ListedRow } from './canny-api-client.js';
import { Fields } from './canny-fields.js';
import { cannyStatuses, cannyTags, type TagObject } from './canny-shared.js';
import type { SourceBoard, SourceChangelogEntry, SourceComment, SourceData, SourceInput, SourcePost, SourceUser, SourceVote } from './source-model.js';
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
  const client = cannyClient(input.apiUrl ?? DEFAULT_CANNY_API_URL, apiKey, input.onProgress);
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

/** Reads one object of each kind into the model, collecting people and what is left out on the way. */
class ApiRead {
  readonly users = new Map<string, SourceUser>();
  private attachments = 0;
  private etas = 0;
  private owners = 0;
  private commentLikes = 0;
  private privateComments = 0;
  private orphans = { comments: 0, votes: 0 };
  private scheduledEntries = 0;
  private changelogLabels = 0;

  board(row: ListedRow): SourceBoard {
    const fields = new Fields(row.value, row.where);
    return {
      sourceId: fields.id(),
      name: fields.string('name'),
      // The API's board object has no description (the reference lists none).
      description: fields.optionalString('description'),
      hidden: fields.boolean('isPrivate', false),
      createdAt: fields.time('created'),
    };
  }

  tagObject(row: ListedRow, kind: TagObject['kind']): TagObject {
    const fields = new Fields(row.value, row.where);
    return { kind, sourceId: fields.id(), name: fields.string('name'), createdAt: fields.optionalTime('created') ?? '' };
  }

  /** A person as Canny embeds one (author, voter) or lists one (users v2); null when deleted. */
  user(fields: Fields | null): string | null {
    if (fields === null) return null;
    const sourceId = fields.id();
    if (!this.users.has(sourceId)) {
      const email = fields.optionalString('email');
      this.users.set(sourceId, {
        sourceId,
        email: email === null || email.trim() === '' ? null : email.trim(),
        name: fields.optionalString('name') ?? '',
        createdAt: fields.optionalTime('created') ?? '',
      });
    }
    return sourceId;
  }

  post(row: ListedRow, scores: Map<string, number>): SourcePost {
    const fields = new Fields(row.value, row.where);
    const sourceId = fields.id();
    const category = fields.nested('category');
    const tagIds = fields.objects('tags').map((tag) => tag.id());
    if (category !== null) tagIds.unshift(category.id());
    scores.set(sourceId, fields.count('score'));
    this.attachments += fields.list('imageURLs').length;
    if (fields.has('eta')) this.etas++;
    if (fields.has('owner')) this.owners++;
    return {
      sourceId,
      title: fields.string('title'),
      content: fields.optionalString('details'),
      boardId: fields.required('board').id(),
      statusId: fields.string('status'),
      authorId: this.user(fields.nested('author')),
      createdAt: fields.time('created'),
      tagIds,
    };
  }

  comment(row: ListedRow, postIds: Set<string>): SourceComment[] {
    const fields = new Fields(row.value, row.where);
    const postId = fields.required('post').id();
    if (!postIds.has(postId)) {
      this.orphans.comments++;
      return [];
    }
    const isPrivate = fields.boolean('private', false);
    if (isPrivate) this.privateComments++;
    this.attachments += fields.list('imageURLs').length;
    this.commentLikes += fields.count('likeCount');
    return [
      {
        sourceId: fields.id(),
        postId,
        parentId: fields.optionalString('parentID'),
        authorId: this.user(fields.nested('author')),
        body: fields.string('value'),
        createdAt: fields.time('created'),
        // A private comment is seen only by the team and the post's author in Canny; feedbackd has
        // no such middle ground, and showing it to everyone would be worse than hiding it.
        internal: fields.boolean('internal', false) || isPrivate,
      },
    ];
  }

  vote(row: ListedRow, postIds: Set<string>): SourceVote[] {
    const fields = new Fields(row.value, row.where);
    const postId = fields.required('post').id();
    if (!postIds.has(postId)) {
      this.orphans.votes++;
      return [];
    }
    return [{ postId, userId: this.user(fields.nested('voter')), createdAt: fields.time('created') }];
  }

  entry(row: ListedRow, postIds: Set<string>): SourceChangelogEntry {
    const fields = new Fields(row.value, row.where);
    const status = fields.optionalString('status') ?? 'published';
    if (status === 'scheduled') this.scheduledEntries++;
    this.changelogLabels += fields.list('labels').length;
    const markdown = fields.optionalString('markdownDetails');
    return {
      sourceId: fields.id(),
      title: fields.string('title'),
      content: markdown ?? fields.optionalString('plaintextDetails') ?? '',
      // Only a published entry has been shown; a draft or a scheduled one stays a draft.
      publishedAt: status === 'published' ? fields.optionalTime('publishedAt') : null,
      createdAt: fields.time('created'),
      postIds: fields
        .objects('posts')
        .map((post) => post.id())
        .filter((id) => postIds.has(id)),
    };
  }

  leftOut(): string[] {
    const lines: string[] = [];
    const add = (count: number, text: string) => {
      if (count > 0) lines.push(`${count} ${text}`);
    };
    add(this.attachments, 'attachments (images of posts and comments): not imported');
    add(this.etas, 'post ETAs: feedbackd has no ETA, not imported');
    add(this.owners, 'post owners (the admin in charge): not imported');
    add(this.commentLikes, 'comment likes: not imported');
    add(this.privateComments, "private comments (seen by the post's author and the team in Canny): imported as internal comments");
    add(this.orphans.comments, 'comments on posts the API no longer lists (deleted or merged): skipped');
    add(this.orphans.votes, 'votes on posts the API no longer lists (deleted or merged): skipped');
    add(this.scheduledEntries, 'scheduled changelog entries: imported as drafts');
    add(this.changelogLabels, 'changelog labels: not imported');
    return lines;
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
