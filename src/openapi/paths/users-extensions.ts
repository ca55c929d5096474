/*
 * feedbackd's own user routes, documented in README.md's route table: blocking a user from the
 * dashboard, and the dashboard's overview in one request.
 */
import { answer, arrayOf, count, input, operation, type Paths, ref, string, uuid } from '../kit.js';

const summary = answer({
  counts: answer(
    {
      posts: count,
      votes: count,
      users: count,
      boards: count,
      roadmaps: count,
      comments: count,
      waiting: count,
    },
    'Every row of each kind: hidden boards, their posts and internal comments included; posts and comments held by moderation (waiting or spam) are not in `posts` and `comments`. `waiting`: the posts and comments waiting for approval (issue 31).',
  ),
  newest_comments: arrayOf(
    answer({
      comment: ref('Comment'),
      author: ref('PublicUser'),
      post: answer({ postId: uuid, title: string, slug: string }),
    }),
    {
      maxItems: 5,
      description: 'The five newest comments the caller may see, newest first.',
    },
  ),
});

export const userExtensionPaths: Paths = {
  '/users/{user_id}': {
    patch: operation('patch', {
      id: 'setUserBlocked',
      summary: 'Block or unblock a user (owner only)',
      description:
        'Blocks (`isBlocked: true`) or unblocks a user, as `feedbackd user block` does. A blocked user’s next request with a token answers 403 `USER_BLOCKED` and login refuses them. ' +
        'Answers the user as `GET /users` lists them; repeating the change is harmless. The owner cannot be blocked (409). `/users/profile`, `/users/permissions` and `/users/dashboard` are not this route: there `PATCH` is the literal route’s or 405. ' +
        'Issue 31 (moderation): `isTrusted` marks a user trusted (their posts and comments never wait for approval) or not; sent without `isBlocked` it needs only `moderation:review`. `hideContent` (with `isBlocked`): `true` marks every post and comment of theirs as spam (hidden, kept for review), `false` approves again those marked spam. ' +
        'Checks in order: owner (403; `isTrusted` without `isBlocked`: owner or `moderation:review`), `user_id` (400 `INVALID_USER_ID`), the user (404), `isBlocked`, `isTrusted`, `hideContent` (400 `VALIDATION_ERROR`), then 409.',
      tag: 'Users',
      section: 'README',
      auth: 'required',
      permission: 'owner only (`isTrusted` alone: `moderation:review`)',
      pathParams: {
        user_id: {
          schema: uuid,
          description: 'The user’s `userId` (any hex case); anything else → 400 `INVALID_USER_ID`.',
        },
      },
      body: input({
        isBlocked: {
          type: 'boolean',
          description: 'true blocks, false unblocks. Required unless `isTrusted` is sent (absent from both: 400 `isBlocked is required`).',
        },
        isTrusted: {
          type: 'boolean',
          description: 'feedbackd’s extension (issue 31): true marks the user trusted, false takes it back.',
        },
        hideContent: {
          type: 'boolean',
          description:
            'feedbackd’s extension (issue 31), read with `isBlocked`: true hides all their posts and comments as spam, false brings back those marked spam.',
        },
      }),
      success: {
        200: {
          description: 'The user after the change.',
          schema: answer({ user: ref('UserListItem') }),
        },
      },
      errors: {
        403: ['NOT_ENOUGH_PERMISSION'],
        400: ['INVALID_USER_ID', 'VALIDATION_ERROR'],
        404: ['USER_NOT_FOUND'],
        409: ['OWNER_CANNOT_BE_BLOCKED'],
      },
    }),
  },
  '/dashboard/summary': {
    get: operation('get', {
      id: 'getDashboardSummary',
      summary: 'The dashboard’s overview',
      description:
        'What the dashboard’s overview shows, in one request: how many posts, votes, users, boards, roadmaps and comments exist (every row, hidden and internal ones included), ' +
        'and the five newest comments the caller may see, each with its author and its post (`postId`, `title`, `slug`). Internal comments appear only with `comment:view_internal`, comments on hidden boards only with `board:read`.',
      tag: 'Users',
      section: 'README',
      auth: 'required',
      permission: '`dashboard:read`',
      success: {
        200: { description: 'The overview.', schema: answer({ summary }) },
      },
      errors: { 403: ['NOT_ENOUGH_PERMISSION'] },
    }),
  },
};
