/*
 * feedbackd's changelog routes (issue 30 §1, documented in README.md): entries that tell voters
 * their idea shipped, written by the team, published now or at a set time.
 */
import { answer, arrayOf, boolean, count, input, integer, nullable, type OperationSpec, operation, type Paths, ref, type Schema, string, timestamp, uuid } from '../kit.js';
import { CHANGELOG_LABELS, CHANGELOG_STATUSES } from '../../storage/enumerations.js';

const TAG = 'Changelog';

function changelogOperation(spec: Omit<OperationSpec, 'tag' | 'section'>): OperationSpec {
  return { ...spec, tag: TAG, section: 'README' };
}

const WRITE_ORDER =
  'Checks, in order: a changelog permission at all (403), the entry (404), the entry’s own rights — `changelog:update`, or `changelog:create` for its author (403)';
const FIELD_ORDER =
  'the fields in the order `title` (400 `CHANGELOG_TITLE_MISSING`, `CHANGELOG_TITLE_TOO_LONG`), `contentMarkdown` (400 `CHANGELOG_CONTENT_TOO_LONG`), `labels`, `postIds`, `moveToRoadmapId` (400 `VALIDATION_ERROR`), then each linked post (404 `POST_NOT_FOUND` when missing or on a board hidden from the caller) and the roadmap (404 `ROADMAP_NOT_FOUND` when missing or hidden)';

const entryIdParam = { schema: uuid, description: 'The entry’s id.' };
const entry = answer({ entry: ref('ChangelogEntry') });

function entryFields(mode: 'create' | 'patch'): Record<string, Schema> {
  return {
    title: { type: 'string', minLength: 1, maxLength: 200, description: 'Trimmed; 1..200 characters. A new title gives a new slug with the same random tail.' },
    contentMarkdown: nullable({ type: 'string', maxLength: 50_000, description: 'Markdown, stored verbatim; blank or null: none.' }),
    labels: nullable(arrayOf({ type: 'string', enum: [...CHANGELOG_LABELS] }, { description: 'Any of `new`, `improved`, `fixed`; stored once each, in that order. null: none.' })),
    postIds: nullable(
      arrayOf(uuid, {
        maxItems: 100,
        description:
          mode === 'create'
            ? 'The posts it ships, in the order to show them; each must be one the caller can see.'
            : 'Replaces the linked posts the caller can see; posts linked on boards hidden from them stay linked.',
      }),
    ),
    moveToRoadmapId: nullable({ ...uuid, description: 'When published, the linked posts move to this roadmap (e.g. “Done”), as status changes by the entry’s author. null: they stay.' }),
  };
}

export const changelogPaths: Paths = {
  '/changelog': {
    get: operation(
      'get',
      changelogOperation({
        id: 'listChangelog',
        summary: 'List changelog entries',
        description:
          'Published entries, newest first (by `publishedAt`); callers holding `changelog:create` or `changelog:update` also get drafts and scheduled entries, ordered by `publishAt`, else `createdAt`, among them. ' +
          '`postId` keeps the published entries linking that post (“Shipped in …” on a post page). Linked posts on boards hidden from the caller are left out of every entry. ' +
          'Checks, in order: `page`, `limit`, `postId` (400 `VALIDATION_ERROR`), then the post (404 `POST_NOT_FOUND` when missing or hidden from the caller).',
        auth: 'optional',
        query: {
          page: { schema: { type: 'integer', minimum: 1 }, description: 'From 1; default 1.' },
          limit: { schema: { type: 'integer', minimum: 1, maximum: 100 }, description: 'Entries per page, 1..100; default 20.' },
          postId: { schema: uuid, description: 'Only published entries linking this post.' },
        },
        success: {
          200: {
            description: 'One page of entries.',
            schema: answer({ entries: arrayOf(ref('ChangelogEntry')), page: integer, limit: integer, total_count: count, has_next_page: boolean }),
          },
        },
        errors: { 400: ['VALIDATION_ERROR'], 404: ['POST_NOT_FOUND'] },
      }),
    ),
    post: operation(
      'post',
      changelogOperation({
        id: 'createChangelogEntry',
        summary: 'Write a changelog entry (a draft)',
        description: `Creates a draft written by the caller; publish it with \`POST /changelog/{entry_id}/publish\`. Checks, in order: the permission (403), ${FIELD_ORDER}.`,
        auth: 'required',
        permission: '`changelog:create`',
        body: input(entryFields('create'), ['title']),
        success: { 201: { description: 'The new draft.', schema: entry } },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'], 400: ['CHANGELOG_TITLE_MISSING', 'CHANGELOG_TITLE_TOO_LONG', 'CHANGELOG_CONTENT_TOO_LONG', 'VALIDATION_ERROR'], 404: ['POST_NOT_FOUND', 'ROADMAP_NOT_FOUND'] },
      }),
    ),
  },
  '/changelog/{slug_or_id}': {
    get: operation(
      'get',
      changelogOperation({
        id: 'getChangelogEntry',
        summary: 'One changelog entry',
        description:
          'The entry with this id or slug. A draft or scheduled entry is found only by callers holding `changelog:create` or `changelog:update` (404 for anyone else). Linked posts on boards hidden from the caller are left out.',
        auth: 'optional',
        pathParams: { slug_or_id: { schema: string, description: 'The entry’s slug or id.' } },
        success: { 200: { description: 'The entry.', schema: entry } },
        errors: { 404: ['CHANGELOG_ENTRY_NOT_FOUND'] },
      }),
    ),
  },
  '/changelog/{entry_id}': {
    patch: operation(
      'patch',
      changelogOperation({
        id: 'updateChangelogEntry',
        summary: 'Change a changelog entry',
        description: `Writes the fields sent and sets \`updatedAt\`; omitted fields stay as they are. ${WRITE_ORDER}, then ${FIELD_ORDER}.`,
        auth: 'required',
        permission: '`changelog:update`, or `changelog:create` for the author',
        pathParams: { entry_id: entryIdParam },
        body: input(entryFields('patch')),
        success: { 200: { description: 'The entry as it is now.', schema: entry } },
        errors: {
          403: ['NOT_ENOUGH_PERMISSION'],
          404: ['CHANGELOG_ENTRY_NOT_FOUND', 'POST_NOT_FOUND', 'ROADMAP_NOT_FOUND'],
          400: ['CHANGELOG_TITLE_MISSING', 'CHANGELOG_TITLE_TOO_LONG', 'CHANGELOG_CONTENT_TOO_LONG', 'VALIDATION_ERROR'],
        },
      }),
    ),
    delete: operation(
      'delete',
      changelogOperation({
        id: 'deleteChangelogEntry',
        summary: 'Remove a changelog entry',
        description: 'Removes the entry and its links; the posts stay as they are. The permission check comes first (403), then the entry (404).',
        auth: 'required',
        permission: '`changelog:destroy`',
        pathParams: { entry_id: entryIdParam },
        success: { 204: { description: 'Removed; no body.' } },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'], 404: ['CHANGELOG_ENTRY_NOT_FOUND'] },
      }),
    ),
  },
  '/changelog/{entry_id}/publish': {
    post: operation(
      'post',
      changelogOperation({
        id: 'publishChangelogEntry',
        summary: 'Publish a changelog entry, now or later',
        description:
          '`publishAt` absent, null or not in the future publishes now; a later time schedules the entry (again, when already scheduled), and `serve` publishes it within `outboxPollMs` of that time. ' +
          'Publishing happens exactly once, with every effect in one transaction: `status` becomes `published` with `publishedAt`; the linked posts move to `moveToRoadmapId` when set (a `post.status_changed` event each); ' +
          'the webhook event `changelog.published` goes out; and each person following a linked post they can see (author, voters, commenters, subscribers; not those who unsubscribed from it or turned notification mail off) gets ONE mail, “Shipped: <title>”, naming those posts. ' +
          `${WRITE_ORDER}, then \`publishAt\` (400 \`VALIDATION_ERROR\`), then an entry already published (409 \`CHANGELOG_ALREADY_PUBLISHED\`).`,
        auth: 'required',
        permission: '`changelog:update`, or `changelog:create` for the author',
        pathParams: { entry_id: entryIdParam },
        body: input({ publishAt: nullable({ ...timestamp, description: 'ISO 8601 with a time zone; absent or null: now.' }) }),
        success: { 200: { description: 'The entry, published or scheduled.', schema: entry } },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'], 404: ['CHANGELOG_ENTRY_NOT_FOUND'], 400: ['VALIDATION_ERROR'], 409: ['CHANGELOG_ALREADY_PUBLISHED'] },
      }),
    ),
  },
};

export const changelogSchemas: Record<string, Schema> = {
  LinkedPost: answer({ postId: uuid, title: string, slug: string }, 'A post a changelog entry ships.'),
  ChangelogEntry: answer(
    {
      entryId: uuid,
      slug: { type: 'string', description: 'Made from the title like a post’s slug, with a random tail that stays.' },
      title: string,
      contentMarkdown: nullable(string),
      labels: arrayOf({ type: 'string', enum: [...CHANGELOG_LABELS] }),
      status: { type: 'string', enum: [...CHANGELOG_STATUSES] },
      publishAt: nullable({ ...timestamp, description: 'When a scheduled entry is published (kept once it is).' }),
      publishedAt: nullable(timestamp),
      moveToRoadmapId: nullable({ ...uuid, description: 'null too when the roadmap is hidden from the caller.' }),
      author: nullable(ref('PublicUser')),
      posts: arrayOf(ref('LinkedPost'), { description: 'The linked posts the caller can see, in the author’s order.' }),
      createdAt: timestamp,
      updatedAt: timestamp,
    },
    'A changelog entry (issue 30).',
  ),
};
