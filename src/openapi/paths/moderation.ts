/*
 * The approval queue (issue 31 §2, feedbackd's extension, README): the queue, and the decisions on
 * held posts and comments, for holders of `moderation:review`.
 */
import { answer, arrayOf, boolean, count, input, nullable, operation, type Paths, ref, type Schema, string, uuid } from '../kit.js';

const PERMISSION = '`moderation:review`';

export const moderationSchemas: Record<string, Schema> = {
  ModerationQueue: answer(
    {
      approval: {
        type: 'string',
        enum: ['waiting', 'spam'],
        description: 'Which list this page is of.',
      },
      posts: arrayOf(ref('Post'), {
        description: 'Held posts of that state, oldest first (createdAt, then id), each with `approval`.',
      }),
      comments: arrayOf(
        answer({
          comment: ref('Comment'),
          author: ref('PublicUser'),
          post: answer({ postId: uuid, title: string, slug: string }),
        }),
        {
          description: 'Held comments of that state, oldest first, with their author and post.',
        },
      ),
      counts: answer(
        {
          waitingPosts: count,
          waitingComments: count,
          spamPosts: count,
          spamComments: count,
        },
        'How many posts and comments wait for approval or are marked spam (the dashboard’s badge shows the waiting ones).',
      ),
    },
    'The approval queue: one page of held posts and one of held comments.',
  ),
  ModerationDecision: answer(
    {
      result: {
        type: 'string',
        enum: ['approved', 'declined', 'spam'],
        description: 'What became of the post or comment.',
      },
      author: nullable(answer({ userId: uuid, isTrusted: boolean, isBlocked: boolean }, 'The author after the decision (trusted or blocked when asked).')),
    },
    'What a decision did.',
  ),
};

type Kind = {
  path: string;
  param: string;
  name: string;
  notFound: 'POST_NOT_FOUND' | 'COMMENT_NOT_FOUND';
  idLabel: string;
};

const KINDS: Kind[] = [
  {
    path: 'posts',
    param: 'post_id',
    name: 'Post',
    notFound: 'POST_NOT_FOUND',
    idLabel: '`postId`',
  },
  {
    path: 'comments',
    param: 'comment_id',
    name: 'Comment',
    notFound: 'COMMENT_NOT_FOUND',
    idLabel: 'comment `id`',
  },
];

function decisionPaths(kind: Kind): Paths {
  const pathParams = {
    [kind.param]: {
      schema: uuid,
      description: `The ${kind.idLabel} (any hex case), held or not. Not a UUID or unknown: 404 \`${kind.notFound}\`.`,
    },
  };
  const success = {
    200: {
      description: 'What the decision did.',
      schema: answer({ decision: ref('ModerationDecision') }),
    },
  };
  const what = kind.name.toLowerCase();
  return {
    [`/moderation/${kind.path}/{${kind.param}}/approve`]: {
      post: operation('post', {
        id: `approve${kind.name}`,
        summary: `Approve a ${what}`,
        description:
          `Shows the ${what} to everyone who may see its post. A waiting one is announced then, as if just posted: \`${kind.name === 'Post' ? 'post.created' : 'comment.created'}\` goes to webhooks and subscribers get their notification mail${kind.name === 'Post' ? ', and its `createdAt` becomes the approval time, so it shows among the newest' : ''}. Approving a spam one undoes the mark (its date stays); approving an approved one changes nothing. ` +
          '`trust: true` also marks the author trusted: their posts and comments never wait again. ' +
          `Checks in order: ${PERMISSION} (403), \`trust\` (400 \`VALIDATION_ERROR\` \`trust must be a boolean\`), the ${what} (404).`,
        tag: 'Moderation',
        section: 'README',
        auth: 'required',
        permission: PERMISSION,
        pathParams,
        body: input({
          trust: {
            type: ['boolean', 'null'],
            description: 'true: mark the author trusted. Absent, null or false: leave them as they are.',
          },
        }),
        success,
        errors: {
          403: ['NOT_ENOUGH_PERMISSION'],
          400: ['VALIDATION_ERROR'],
          404: [kind.notFound],
        },
      }),
    },
    [`/moderation/${kind.path}/{${kind.param}}/decline`]: {
      post: operation('post', {
        id: `decline${kind.name}`,
        summary: `Decline a ${what}`,
        description:
          `Deletes the ${what} with everything that hangs off it (${kind.name === 'Post' ? 'votes, comments, subscriptions' : 'its replies'}); one mail tells the author it was declined (none to a blocked author). A post that never showed records no \`post.deleted\`. ` +
          '`block: true` also blocks the author (never the owner: 403). ' +
          `Checks in order: ${PERMISSION} (403), \`block\` (400 \`VALIDATION_ERROR\` \`block must be a boolean\`), the ${what} (404), then blocking the owner (403).`,
        tag: 'Moderation',
        section: 'README',
        auth: 'required',
        permission: PERMISSION,
        pathParams,
        body: input({
          block: {
            type: ['boolean', 'null'],
            description: 'true: block the author. Absent, null or false: leave them as they are.',
          },
        }),
        success,
        errors: {
          403: ['NOT_ENOUGH_PERMISSION'],
          400: ['VALIDATION_ERROR'],
          404: [kind.notFound],
        },
      }),
    },
    [`/moderation/${kind.path}/{${kind.param}}/spam`]: {
      post: operation('post', {
        id: `markSpam${kind.name}`,
        summary: `Mark a ${what} as spam`,
        description:
          `Hides the ${what} like a declined one — from everyone, its author included, and from every list, count and feed — but keeps it for review (\`GET /moderation?approval=spam\`); approving it brings it back. Not the comment field \`is_spam\`, which hides nothing (API.md §4.11). The body is ignored. ` +
          `Checks in order: ${PERMISSION} (403), the ${what} (404).`,
        tag: 'Moderation',
        section: 'README',
        auth: 'required',
        permission: PERMISSION,
        pathParams,
        success,
        errors: { 403: ['NOT_ENOUGH_PERMISSION'], 404: [kind.notFound] },
      }),
    },
  };
}

export const moderationPaths: Paths = {
  '/forms/token': {
    get: operation('get', {
      id: 'getFormToken',
      summary: 'A token for the sign-up or new-post form',
      description:
        'The web app fetches one when the sign-up or new-post form opens and sends it back as `formToken` with the form (issue 31): the server refuses a form sent sooner than `formMinFillMs` after (a bot’s speed), and one whose token is forged or older than `formTokenTtlSeconds`. The token is the issue time sealed with the install’s secret; it names nobody. `readyInMs` is `formMinFillMs`: a client holds a form sent sooner back until then (the web app does), so a quick person is never refused. `Cache-Control: no-store`.',
      tag: 'Moderation',
      section: 'README',
      auth: 'none',
      success: {
        200: {
          description: 'A fresh token.',
          schema: answer({ token: string, readyInMs: count }),
        },
      },
      staticAnswer: true,
    }),
  },
  '/moderation': {
    get: operation('get', {
      id: 'getModerationQueue',
      summary: 'The approval queue',
      description:
        'Posts and comments held by moderation (the site setting `moderation`): those waiting for approval, or (`approval=spam`) those marked spam, oldest first, one page of each, with the counts of both states. ' +
        'A waiting post or comment is seen only by its author (marked `approval: "waiting"`) and by holders of `moderation:review` (in a post’s activity too); for anyone else it is in no list, search, similar posts, count, feed, activity, webhook or notification mail until approved. ' +
        `Checks in order: ${PERMISSION} (403), \`approval\`, \`page\`, \`limit\` (400 \`VALIDATION_ERROR\`).`,
      tag: 'Moderation',
      section: 'README',
      auth: 'required',
      permission: PERMISSION,
      query: {
        approval: {
          schema: { type: 'string', enum: ['waiting', 'spam'] },
          description: '`waiting` (default) or `spam`; anything else → 400 `approval must be "waiting" or "spam"`.',
        },
        page: {
          schema: { type: 'integer', minimum: 1 },
          description: '1-based page of each list (default 1).',
        },
        limit: {
          schema: { type: 'integer', minimum: 1, maximum: 100 },
          description: 'Rows per list and page, 1..100 (default 20).',
        },
      },
      success: {
        200: {
          description: 'The queue.',
          schema: answer({ moderation: ref('ModerationQueue') }),
        },
      },
      errors: { 403: ['NOT_ENOUGH_PERMISSION'], 400: ['VALIDATION_ERROR'] },
    }),
  },
  ...decisionPaths(KINDS[0]!),
  ...decisionPaths(KINDS[1]!),
};
