import type { ListedRow } from './canny-api-client.js';
import { Fields } from './canny-fields.js';
import type { TagObject } from './canny-shared.js';
import type { SourceBoard, SourceChangelogEntry, SourceComment, SourcePost, SourceUser, SourceVote } from './source-model.js';

/*
 * One object of Canny's API at a time (a board, a category or tag, a person, a post, a comment,
 * a vote, a changelog entry) into the import model, each field checked; what feedbackd does not
 * take is counted on the way for leftOut.
 */

/** Reads one object of each kind into the model, collecting people and what is left out on the way. */
export class ApiRead {
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
