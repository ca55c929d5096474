/*
 * The resource shapes of API.md §3, as JSON Schema (OpenAPI 3.1 is JSON Schema 2020-12). Every key
 * is required and no other key is allowed: API.md §1.7 promises that keys are never omitted, and
 * the HTTP suite validates every answer against these, so an extra or missing field fails a test.
 */
import { LOCALES } from '../i18n/locales.js';
import { answer, arrayOf, boolean, count, hexColor, nullable, ref, type Schema, string, timestamp, uuid } from './kit.js';
import { PERMISSIONS } from '../services/actors.js';
import { authProviderSchemas } from './paths/auth-providers.js';
import { changelogSchemas } from './paths/changelog.js';
import { tagSchemas } from './paths/tags.js';
import { mergeSchemas, withOptional } from './paths/merges.js';
import { moderationSchemas } from './paths/moderation.js';
import { ssoSchemas } from './paths/sso.js';
import { webhookSchemas } from './paths/webhooks-fields.js';

const text = (description: string): Schema => ({ type: 'string', description });


/** A post's keys in emission order (API.md §3.6). */
const POST_FIELDS: Record<string, Schema> = {
  postId: uuid,
  title: string,
  slug: string,
  contentMarkdown: nullable(text('Stored verbatim; never rendered by the server.')),
  createdAt: timestamp,
  updatedAt: timestamp,
  board: {
    ...nullable(ref('BoardRef')),
    description: 'null when the post is on no board.',
  },
  author: ref('PublicUser'),
  roadmap: {
    ...nullable(ref('RoadmapRef')),
    description: 'The roadmap status; null when none, or when the roadmap is hidden from the caller.',
  },
  commentsCount: {
    ...count,
    description:
      'feedbackd’s extension (API.md §8.9): the post’s public comments and replies. Internal comments never count, whoever asks; deleted ones are gone and do not count.',
  },
  tags: arrayOf(ref('TagRef'), {
    description: 'feedbackd’s extension (API.md §8.9, issue 31): the post’s tags the caller may see (private ones only with `tag:assign`), by name ignoring case.',
  }),
  voters: ref('Voters'),
};

const SLUG_ID: Schema = {
  type: 'string',
  pattern: '^[0-9a-z]{1,20}$',
  description: 'The slug’s random tail, fixed for the post’s lifetime: 20 characters for posts created through the API (imported posts may keep a shorter one).',
};

/** PostDetail (API.md §3.7): the list post's keys with `slugId` right after `slug`. */
/** Issue 31 §2: only on a held post or comment. */
const APPROVAL: Schema = {
  type: 'string',
  enum: ['waiting', 'spam'],
  description:
    'feedbackd’s extension (issue 31): only on a post or comment held by moderation — `waiting` for approval (seen by its author and moderators; shown as “Waiting for approval”) or `spam` (moderators only).',
};

function withSlugId(fields: Record<string, Schema>): Record<string, Schema> {
  return Object.fromEntries(Object.entries(fields).flatMap(([key, value]) => (key === 'slug' ? [[key, value], ['slugId', SLUG_ID]] : [[key, value]])));
}

export const schemas: Record<string, Schema> = {
  Error: {
    type: 'object',
    description: 'Every error answer. `errors` only with VALIDATION_ERROR, with exactly one entry.',
    properties: {
      message: text('Human-readable, exact text per code (see the reference).'),
      code: text('SCREAMING_SNAKE code.'),
      errors: arrayOf(answer({ path: string, message: string }), {
        minItems: 1,
        maxItems: 1,
      }),
    },
    required: ['message', 'code'],
    additionalProperties: false,
  },
  SetupStatus: answer({ is_setup: boolean }, 'Whether the board has an owner yet.'),
  AuthUser: answer(
    {
      authToken: text('Access JWT, sent back as `Authorization: Bearer <token>`.'),
      userId: uuid,
      name: text('Cleaned name; "" when none was given.'),
      username: string,
      email: text('Lower-case.'),
      avatar: text('Gravatar URL; feedbackd’s extension (issue 28): `/uploads/<id>` on this site when a sign-in brought a picture, fetched by the server (the same in every `avatar` field).'),
    },
    'returned by setup, signup and login.',
  ),
  PublicUser: answer({ userId: uuid, name: string, avatar: string, username: string }, 'a.k.a. Author'),
  CommentAuthor: answer(
    {
      userId: uuid,
      name: string,
      avatar: string,
      username: string,
      isTeam: {
        type: 'boolean',
        description:
          'feedbackd’s extension (API.md §8.9): true when the author is the owner or holds a role beyond @everyone (the Team role a new board starts with, or any other), so clients can mark answers from the team.',
      },
    },
    'The author of a comment: a PublicUser and whether they answer for the team.',
  ),
  Profile: answer(
    {
      userId: uuid,
      name: string,
      username: string,
      email: string,
      isVerified: boolean,
    },
    'GET /users/profile',
  ),
  UpdatedProfile: answer({ userId: uuid, name: string, username: string, email: string }, 'PATCH /users/profile'),
  UserListItem: withOptional(
    answer(
      {
        userId: uuid,
        name: string,
        email: string,
        username: string,
        avatar: string,
        isVerified: boolean,
        isBlocked: boolean,
        isOwner: boolean,
        notes: nullable(text('Admin notes, set through the CLI.')),
        createdAt: timestamp,
        votes: count,
        posts: count,
        roles: arrayOf(answer({ id: uuid, name: string, isSystem: boolean }), {
          description: 'Assigned roles, by name ascending.',
        }),
      },
      'GET /users',
    ),
    { isTrusted: { type: 'boolean', const: true, description: 'feedbackd’s extension (issue 31): only when the user is marked trusted — their posts and comments never wait for approval.' } },
  ),
  BoardRef: answer(
    {
      boardId: uuid,
      name: string,
      color: hexColor,
      url: string,
      createdAt: timestamp,
    },
    'a board as a post shows it.',
  ),
  RoadmapRef: answer({ id: uuid, name: string, url: string, color: hexColor }, 'a roadmap as a post shows it.'),
  Vote: answer(
    {
      voteId: uuid,
      userId: uuid,
      postId: uuid,
      createdAt: timestamp,
      name: string,
      username: string,
      avatar: string,
    },
    'A vote with its voter’s public name, username and avatar.',
  ),
  ViewerVote: answer({ voteId: uuid, userId: uuid, postId: uuid, createdAt: timestamp }, "The caller's own vote."),
  Voters: answer(
    {
      votes: arrayOf(ref('Vote'), {
        maxItems: 6,
        description:
          'The 6 most recent votes (createdAt desc, then voteId desc); fewer if fewer exist. Private voters (feedbackd’s extension, API.md §8.9): on a board with `view_voters: false`, a caller without `vote:assign` gets only their own vote here, or none; `votesCount` and `viewerVote` are unchanged.',
      }),
      votesCount: { ...count, description: 'Every vote on the post.' },
      viewerVote: {
        ...nullable(ref('ViewerVote')),
        description: 'The caller’s own vote; null when anonymous or not voted.',
      },
    },
    'Who voted on a post.',
  ),
  VoteEntry: answer({ voteId: uuid, createdAt: timestamp, user: ref('PublicUser') }, 'A vote as `GET /posts/{post_id}/votes` lists it, with the voter.'),
  Post: withOptional(
    answer(
      POST_FIELDS,
      'A post as lists show it (`POST /posts/get`, `POST /posts/similar`). feedbackd’s extension (issue 31): `approval` only on a post held by moderation, which only its author (`waiting`) and holders of `moderation:review` see.',
    ),
    { approval: APPROVAL },
  ),
  PostDetail: withOptional(
    answer(
      withSlugId(POST_FIELDS),
      'A post as `POST /posts/slug` shows it: a list post plus its `slugId`. feedbackd’s extensions (issue 30): `mergedFrom` only when the id or slug asked for was of a post merged into this one; `mergedPosts` only when posts the caller may see are merged into it, oldest merge first.',
    ),
    { mergedFrom: ref('MergedFrom'), mergedPosts: arrayOf(ref('MergedPost'), { minItems: 1 }), approval: APPROVAL },
  ),
  PostRecord: withOptional(
    answer(
      {
        postId: uuid,
        title: string,
        slug: string,
        slugId: {
          type: 'string',
          pattern: '^[0-9a-z]{1,20}$',
          description:
            'The slug’s random tail, fixed for the post’s lifetime: 20 characters for posts created through the API (imported posts may keep a shorter one).',
        },
        contentMarkdown: nullable(string),
        userId: { ...uuid, description: 'The author.' },
        createdAt: timestamp,
        updatedAt: timestamp,
        boardId: nullable(uuid),
        roadmap_id: {
          ...nullable(uuid),
          description: 'snake_case on purpose (LogChimp’s spelling); null when none or hidden from the caller.',
        },
        tags: arrayOf(ref('TagRef'), { description: 'feedbackd’s extension (issue 31): the post’s tags the caller may see, by name; a new post has none.' }),
      },
      'A post as stored, answered by `POST /posts` and `PATCH /posts` (LogChimp’s CreatedPost). feedbackd’s extension (issue 31): `approval: "waiting"` when the new post waits for approval.',
    ),
    { approval: APPROVAL },
  ),
  Board: answer(
    {
      boardId: uuid,
      name: string,
      description: nullable(
        text('feedbackd’s extension (API.md §8.9): what the board is for, at most 300 characters; null when none. Clients that do not know it ignore it.'),
      ),
      url: string,
      color: hexColor,
      display: { type: 'boolean', description: 'false = hidden.' },
      view_voters: {
        type: 'boolean',
        description:
          'Whether everyone sees who voted on this board’s posts. `false` (private voters, feedbackd’s extension, API.md §8.9): a caller without `vote:assign` sees at most their own vote in `voters.votes` and in `GET /posts/{post_id}/votes`; the counts stay whole.',
      },
      post_count: count,
      createdAt: timestamp,
      updatedAt: timestamp,
    },
    'a board, as every board route returns it.',
  ),
  Roadmap: answer(
    {
      id: uuid,
      name: string,
      url: string,
      color: hexColor,
      index: {
        type: 'integer',
        minimum: 1,
        description: 'Position; lists sort by it ascending.',
      },
      display: {
        type: 'boolean',
        description: 'false = hidden.',
      },
      created_at: timestamp,
      updated_at: timestamp,
    },
    'a roadmap, as every roadmap route returns it.',
  ),
  Role: answer(
    {
      id: uuid,
      name: text('1..30 characters, unique ignoring case.'),
      description: nullable(text('At most 50 characters.')),
      isSystem: { type: 'boolean', description: 'true only for @everyone' },
      created_at: timestamp,
      updated_at: timestamp,
    },
    '',
  ),
  RoleDetail: answer(
    {
      id: uuid,
      name: string,
      description: nullable(string),
      isSystem: boolean,
      created_at: timestamp,
      updated_at: timestamp,
      permissions: arrayOf(ref('Permission'), {
        description: 'In canonical order.',
      }),
    },
    'GET /roles/:role_id',
  ),
  Permission: {
    type: 'string',
    description: 'LogChimp’s 36 permissions, then feedbackd’s own (API.md §8.8), in canonical order.',
    enum: [...PERMISSIONS],
  },
  Labs: answer(
    {
      comments: {
        type: 'boolean',
        description: 'false: POST /posts/:post_id/comments refuses public comments (403 COMMENTS_DISABLED).',
      },
      voteOnBehalf: {
        type: 'boolean',
        description: 'Enables POST/DELETE /posts/:post_id/votes/:user_id.',
      },
    },
    '',
  ),
  Settings: answer(
    {
      title: text('The site’s name, 1..255 characters; "Feedback" until changed.'),
      description: nullable(text('A line about the site, at most 255 characters.')),
      logo: nullable(text('http(s) URL of the logo, at most 255 characters.')),
      icon: nullable(text('http(s) URL of the icon, at most 255 characters.')),
      accentColor: hexColor,
      googleAnalyticsId: nullable(text('At most 255 characters; feedbackd itself loads nothing from Google.')),
      isPoweredBy: { type: 'boolean', description: 'Whether clients show a “powered by feedbackd” mark.' },
      allowSignup: { type: 'boolean', description: 'false: POST /auth/signup answers 403 SIGNUP_NOT_ALLOWED.' },
      labs: ref('Labs'),
      developer_mode: {
        type: 'boolean',
        description: 'A hint for clients only.',
      },
      gravatar: {
        type: 'boolean',
        description: 'feedbackd’s extension (README): false = the web app shows initials and never loads avatars from Gravatar.',
      },
      ssoLoginUrl: nullable(
        text('feedbackd’s extension (README, single sign-on): the product’s sign-in page; when set, the web app’s “Sign in” goes there with `?redirect=<the board URL>`.'),
      ),
      embedOrigins: {
        type: 'array',
        maxItems: 20,
        items: { type: 'string' },
        description:
          'feedbackd’s extension (README, the widget): origins such as `https://app.example.com` whose pages may frame the widget’s panel (`/embed/…`); empty: the widget shows nowhere.',
      },
      moderation: {
        type: 'string',
        enum: ['off', 'new-users', 'everyone'],
        description:
          'feedbackd’s extension (README, moderation): whose posts and comments wait for approval — `off` (nobody, the default), `new-users` (people with no approved post or comment yet), `everyone`. Team members and trusted users never wait.',
      },
      requireFormToken: {
        type: 'boolean',
        description: 'feedbackd’s extension (README, moderation): `true` = sign-up and new posts without a form token (`GET /forms/token`) are refused; turn it on when bots come.',
      },
      locale: {
        type: 'string',
        enum: [...LOCALES],
        description: 'feedbackd’s extension (README, translations): the site’s default language, for visitors whose own choice and browser name none of feedbackd’s; `en` until changed.',
      },
      texts: {
        type: 'object',
        propertyNames: { enum: [...LOCALES] },
        additionalProperties: {
          type: 'object',
          properties: {
            welcome: { type: 'string', maxLength: 500, description: 'The home page’s welcome text in this language, instead of `description`.' },
            newPostHint: { type: 'string', maxLength: 200, description: 'The hint under the new-post form’s title in this language, instead of the built-in one.' },
          },
          additionalProperties: false,
        },
        description:
          'feedbackd’s extension (README, translations): the owner’s own words per language, only those set (`{}` until changed); languages in the order of `locale`’s list.',
      },
    },
    'Site settings, with feedbackd’s `gravatar`, `ssoLoginUrl`, `embedOrigins`, `moderation`, `requireFormToken`, `locale` and `texts` extensions.',
  ),
  Comment: withOptional(
    answer(
      {
      id: uuid,
      parent_id: nullable(uuid),
      body: string,
      is_internal: {
        type: 'boolean',
        description: 'Visible only with comment:view_internal.',
      },
      is_edited: boolean,
      is_spam: boolean,
      created_at: timestamp,
      updated_at: timestamp,
      },
      'A comment, reply or internal note. In a post’s activity, a comment moved there by a merge carries `mergedFrom`: the post it was written on (feedbackd’s extension, issue 30).',
    ),
    { mergedFrom: ref('MergedFrom'), approval: APPROVAL },
  ),
  Activity: answer(
    {
      id: uuid,
      type: { type: 'string', const: 'comment' },
      created_at: timestamp,
      comment: ref('Comment'),
      author: ref('CommentAuthor'),
    },
    'An entry of a post’s activity: a comment and its author. `id` is the entry’s own id, not the comment’s.',
  ),
  PageInfo: answer(
    {
      count,
      current_page: { type: 'integer', minimum: 1 },
      has_next_page: boolean,
      start_cursor: nullable(uuid),
      end_cursor: nullable(uuid),
    },
    'Where a cursor page sits: `count` items, `current_page` = floor(items before it / page size) + 1, `has_next_page`, and the ids of its first and last items (null for an empty page).',
  ),
  Health: answer(
    {
      status: { type: 'string', const: 'ok' },
      version: text('The feedbackd package version (semver).'),
    },
    '',
  ),
  ...webhookSchemas,
  ...ssoSchemas,
  ...authProviderSchemas,
  ...changelogSchemas,
  ...tagSchemas,
  ...mergeSchemas,
  ...moderationSchemas,
};
