/*
 * The OpenAPI 3.1 document of feedbackd's API: the one machine-readable description, served at
 * GET /api/v1/openapi.json, written to openapi.json beside this file and rendered as reference.md
 * (test/tools/api-docs.ts). The HTTP suite validates every answer it receives against it.
 */
import { VERSION } from '../version.js';
import { type Paths, type Schema, sharedResponses } from './kit.js';
import { accountPaths } from './paths/accounts.js';
import { boardPaths } from './paths/boards.js';
import { changelogPaths } from './paths/changelog.js';
import { tagPaths } from './paths/tags.js';
import { commentPaths } from './paths/comments.js';
import { metaPaths } from './paths/meta.js';
import { languagePaths } from './paths/language.js';
import { notificationPaths } from './paths/notifications.js';
import { mergePaths } from './paths/merges.js';
import { uploadPaths } from './paths/uploads.js';
import { moderationPaths } from './paths/moderation.js';
import { postPaths } from './paths/posts.js';
import { roadmapPaths } from './paths/roadmaps.js';
import { rolePaths } from './paths/roles.js';
import { settingsPaths } from './paths/settings.js';
import { userPaths } from './paths/users.js';
import { votePaths } from './paths/votes.js';
import { authProviderPaths } from './paths/auth-providers.js';
import { ssoPaths } from './paths/sso.js';
import { webhookPaths } from './paths/webhooks.js';
import { schemas } from './schemas.js';

/** The tags in the order the reference lists them, each with what it covers. */
export const TAGS = [
  {
    name: 'Meta',
    description: 'Health, the licence answer for LogChimp clients, and this document.',
  },
  { name: 'Setup', description: 'The one-time creation of the owner account.' },
  {
    name: 'Accounts',
    description: 'Sign-up, login, email confirmation and password reset.',
  },
  {
    name: 'Posts',
    description: 'Ideas: list, search, read, create, edit, delete, merge duplicates.',
  },
  {
    name: 'Votes',
    description: 'Votes by the caller and on behalf of another user.',
  },
  {
    name: 'Comments',
    description: 'Comments, replies and internal notes on a post.',
  },
  { name: 'Boards', description: 'Boards that group posts.' },
  { name: 'Roadmaps', description: 'Roadmap statuses a post can have.' },
  {
    name: 'Users',
    description: 'Users, the caller’s profile and permissions, the dashboard (some routes are feedbackd’s extensions).',
  },
  { name: 'Roles', description: 'Roles, their permissions and who has them.' },
  { name: 'Settings', description: 'Site settings and labs.' },
  {
    name: 'Webhooks',
    description: 'feedbackd’s extension: the owner’s webhook endpoints, test deliveries and recent deliveries.',
  },
  { name: 'Notifications', description: 'feedbackd’s extension: mail about the posts people follow, and how to stop it.' },
  { name: 'Single sign-on', description: 'feedbackd’s extension: signing in with the team’s product’s token, and the owner’s secrets it is signed with.' },
  { name: 'Sign-in providers', description: 'feedbackd’s extension: signing in with an OpenID Connect provider or GitHub, and the owner’s providers.' },
  { name: 'Changelog', description: 'feedbackd’s extension: entries that tell voters their idea shipped, published now or at a set time.' },
  { name: 'Tags', description: 'feedbackd’s extension: the owner’s labels for posts, public or private, and the tags of a post.' },
  { name: 'Uploads', description: 'feedbackd’s extension: images for posts and comments, checked by their bytes and stripped of their metadata, served from `/uploads/<id>`.' },
  { name: 'Moderation', description: 'feedbackd’s extension: the approval queue — approve, decline or mark as spam the posts and comments that wait.' },
];

const ALL_PATHS: Paths[] = [metaPaths, accountPaths, postPaths, mergePaths, votePaths, commentPaths, boardPaths, roadmapPaths, userPaths, rolePaths, settingsPaths, webhookPaths, notificationPaths, languagePaths, ssoPaths, authProviderPaths, changelogPaths, tagPaths, uploadPaths, moderationPaths];

/** The whole document, for this version of feedbackd. */
export function openApiDocument(): Schema {
  const paths: Paths = {};
  for (const group of ALL_PATHS) {
    for (const [path, methods] of Object.entries(group)) {
      if (paths[path]) throw new Error(`${path} is described twice`);
      paths[path] = methods;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'feedbackd API',
      version: VERSION,
      summary: 'The JSON API of a self-hosted feedback board, compatible with LogChimp v1 clients.',
      description:
        'Every path is under `/api/v1`. Conventions (errors, paging, rate limits, CORS, what differs from LogChimp) are in reference.md, shipped beside this document in the package. ' +
        'What OpenAPI cannot say: literal path segments match case-insensitively and one trailing `/` is ignored; a literal segment beats a parameter for the methods the literal route defines, and an id parameter never takes a literal word (`/users/permissions` allows GET only, not the PATCH of `/users/{user_id}`); `""` counts as absent for optional fields; `HEAD` is accepted wherever `GET` is and `OPTIONS` on every path (204, CORS headers, `Allow`).',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/api/v1', description: 'This server' }],
    tags: TAGS,
    security: [],
    paths,
    components: {
      schemas,
      responses: sharedResponses(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The `authToken` from setup, sign-up or login.',
        },
      },
    },
  };
}
