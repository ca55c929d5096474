/*
 * Comments and activity (API.md §4.11, §8.3): a post's activity feed, comments and replies,
 * internal notes for the team, edits and deletions.
 */
import { answer, arrayOf, input, nullable, operation, type OperationSpec, type Paths, ref, type Schema, uuid } from '../kit.js';
import { described, postIdPath } from './posts-fields.js';

const commentBody = (extra: string): Schema =>
  described(
    { type: 'string', minLength: 1, maxLength: 1000 },
    `The text (Markdown; stored as sent after trimming, never escaped or rendered by the server). Trimmed; 1..1,000 characters. Not a string: 400 \`VALIDATION_ERROR\` "body must be a string"; absent, \`null\` or blank: 400 \`COMMENT_BODY_MISSING\`; longer: 400 \`COMMENT_BODY_TOO_LONG\`.${extra}`,
  );

const commentPath: OperationSpec['pathParams'] = {
  ...postIdPath,
  comment_id: {
    schema: uuid,
    description:
      'The comment’s `id`. Not a UUID, unknown, on another post, or internal and the caller lacks `comment:view_internal`: 404 `COMMENT_NOT_FOUND` (checked after the post).',
  },
};

export const commentPaths: Paths = {
  '/posts/{post_id}/activity': {
    get: operation('get', {
      id: 'listPostActivity',
      summary: 'List a post’s activity (comments)',
      description:
        'The comments on a post the caller can see, as activity entries (each with its comment and the comment’s author, whose `isTeam` marks answers from the team), newest first (`created_at` desc, then `id` desc); replies are entries of their own (link them by `comment.parent_id`). ' +
        'Offset paging with `page` and `limit`. Internal comments are listed only for callers with `comment:view_internal` who ask for them with `visibility`; for everyone else `visibility` is always `public`. Comments held by moderation (feedbackd’s extension, issue 31) are listed, in their place and marked with `approval`, only for their author while they wait (`waiting`) and for holders of `moderation:review` (`waiting` or `spam`); everyone else sees them once approved. Works whether or not the `comments` lab is on.',
      tag: 'Comments',
      section: '4.11.1',
      auth: 'optional',
      permission: 'none (`comment:view_internal` shows internal comments)',
      pathParams: postIdPath,
      query: {
        page: {
          schema: {
            type: 'integer',
            minimum: 1,
            maximum: 99_999_999,
            default: 1,
          },
          description: '1-based page; a page past the end gives `[]`. Else 400 `VALIDATION_ERROR`.',
        },
        limit: {
          schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
          description: 'Entries per page, 1..100. Else 400 `VALIDATION_ERROR`.',
        },
        visibility: {
          schema: {
            type: 'string',
            default: 'public',
            examples: ['public', 'internal', 'public,internal'],
          },
          description:
            '`public` (comments with `is_internal: false`), `internal` (`is_internal: true`) or both: comma-separated and/or repeated (`?visibility=public&visibility=internal`), case-insensitive. Any other value: 400 `VALIDATION_ERROR` "visibility must be one of: public, internal". Ignored (always `public`) without `comment:view_internal`.',
        },
      },
      success: {
        200: {
          description: 'One page of activity, possibly empty.',
          schema: answer({ activity: arrayOf(ref('Activity')) }),
        },
      },
      errors: { 404: ['POST_NOT_FOUND'], 400: ['VALIDATION_ERROR'] },
    }),
  },
  '/posts/{post_id}/comments': {
    post: operation('post', {
      id: 'createComment',
      summary: 'Comment on a post (or reply)',
      description:
        'Adds a comment, a reply (`parent_id`) or, with `is_internal: true`, an internal note visible only to callers with `comment:view_internal`. The comment and its activity entry are written atomically with one timestamp; the answer is that activity entry. ' +
        'While the `comments` lab is off (`PATCH /settings/labs`) public comments are refused with 403 `COMMENTS_DISABLED` (checked last); internal ones still work. ' +
        'Checks: the post (404), the fields (400), the permission (403), the parent comment (404), the lab flag (403).',
      tag: 'Comments',
      section: '4.11.2',
      auth: 'required',
      permission: '`comment:create` (public) / `comment:create_internal` (internal)',
      pathParams: postIdPath,
      body: input(
        {
          body: commentBody(''),
          is_internal: described(
            { type: ['boolean', 'null'], default: false },
            '`true`: an internal note, needs `comment:create_internal` instead of `comment:create`. `null` = `false`. Not a boolean: 400 `VALIDATION_ERROR`.',
          ),
          parent_id: described(
            { ...nullable(uuid), default: null },
            'The comment this one replies to: a comment on the same post the caller can see (else 404 `COMMENT_NOT_FOUND`). `null`/`""` = a top-level comment. Not a UUID: 400 `VALIDATION_ERROR`.',
          ),
        },
        ['body'],
      ),
      success: {
        201: {
          description: 'The new comment’s activity entry.',
          schema: answer({ activity: ref('Activity') }),
        },
      },
      errors: {
        404: ['POST_NOT_FOUND', 'COMMENT_NOT_FOUND'],
        400: ['VALIDATION_ERROR', 'COMMENT_BODY_MISSING', 'COMMENT_BODY_TOO_LONG'],
        403: ['NOT_ENOUGH_PERMISSION', 'COMMENTS_DISABLED'],
      },
    }),
  },
  '/posts/{post_id}/comments/{comment_id}': {
    put: operation('put', {
      id: 'updateComment',
      summary: 'Edit a comment',
      description:
        'Replaces the body and, when sent, the `is_internal` and `is_spam` flags; omitted flags stay as they are. `updated_at` becomes now; `is_edited` turns `true` when the body text changed. ' +
        'Edit right: `comment:update:any`, or `comment:update:own` on one’s own comment (403 `UNAUTHORIZED_NOT_AUTHOR` on another’s). Changing `is_internal` also needs `comment:create_internal`; changing `is_spam` needs `comment:update:any` (sending the stored value changes nothing). ' +
        'Checks: the post (404), the comment (404), the fields (400), the rights (403).',
      tag: 'Comments',
      section: '4.11.3',
      auth: 'required',
      permission: '`comment:update:own` (author) or `comment:update:any`',
      pathParams: commentPath,
      body: input(
        {
          body: commentBody(' Always required, also when only a flag changes.'),
          is_internal: described(
            { type: 'boolean' },
            'Make the comment internal or public; changing it needs `comment:create_internal`. `null` or another type: 400 `VALIDATION_ERROR`.',
          ),
          is_spam: described(
            { type: 'boolean' },
            'Moderation flag (does not hide the comment); changing it needs `comment:update:any`. `null` or another type: 400 `VALIDATION_ERROR`.',
          ),
        },
        ['body'],
      ),
      success: {
        200: {
          description: 'The comment after the edit.',
          schema: answer({ comment: ref('Comment') }),
        },
      },
      errors: {
        404: ['POST_NOT_FOUND', 'COMMENT_NOT_FOUND'],
        400: ['VALIDATION_ERROR', 'COMMENT_BODY_MISSING', 'COMMENT_BODY_TOO_LONG'],
        403: ['UNAUTHORIZED_NOT_AUTHOR', 'NOT_ENOUGH_PERMISSION'],
      },
    }),
    delete: operation('delete', {
      id: 'deleteComment',
      summary: 'Delete a comment and its replies',
      description:
        'Deletes the comment, every reply under it (the whole thread, recursively) and their activity entries, atomically. ' +
        'Delete right: `comment:delete:any`, or `comment:delete:own` on one’s own comment (403 `UNAUTHORIZED_NOT_AUTHOR` on another’s). Works whether or not the `comments` lab is on.',
      tag: 'Comments',
      section: '4.11.4',
      auth: 'required',
      permission: '`comment:delete:own` (author) or `comment:delete:any`',
      pathParams: commentPath,
      success: { 204: { description: 'Deleted.' } },
      errors: {
        404: ['POST_NOT_FOUND', 'COMMENT_NOT_FOUND'],
        403: ['UNAUTHORIZED_NOT_AUTHOR', 'NOT_ENOUGH_PERMISSION'],
      },
    }),
  },
};
