import { randomBytes } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import { issueMailToken } from '../../src/services/mail-tokens.js';
import { createBoard, createMember, createPostAt, createRoadmap, OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestResponse, type TestServer } from '../_helpers/server.js';
import { commentAt } from './_comments.js';

/*
 * Every string input of API.md §4 (and §8.2) gets NUL and lone UTF-16 surrogates: alone, and
 * inside an otherwise valid value. No answer may be a 5xx; every answer is `{ message, code }`, and
 * the one the field's rule names:
 *   - NUL: 400 VALIDATION_ERROR `<path> must not contain NUL characters` (API.md §1.15.7).
 *   - A lone surrogate: the field's own code where its format has one (EMAIL_INVALID, colours,
 *     logo/icon, permissions, UUIDs…), else 400 VALIDATION_ERROR `<path> must not contain lone surrogates`:
 *     it has no UTF-8 form, so PostgreSQL could not store what the JSON file would.
 *   - Lookup keys (target ids, slugs, tokens looked up by hash) answer the route's "not found".
 * JSON.stringify writes a lone surrogate as the escape `\udXXX`, exactly what a hostile client sends.
 */

const NUL_VALUES = ['\u0000', 'a\u0000b'];
const SURROGATE_VALUES = ['\ud800', '\udfff', 'a\ud800b', '\udfff\ud800'];

type Kind = 'nul' | 'surrogate';

/** What one field answers to a hostile value of each kind: a status and code, and for VALIDATION_ERROR maybe the exact rule. */
interface Outcome {
  status: number;
  code: string;
  /** VALIDATION_ERROR only: the text after the path; undefined = any rule, but on this path. */
  rule?: string;
}

type FieldRule = Record<Kind, Outcome>;

const NUL_RULE: Outcome = { status: 400, code: 'VALIDATION_ERROR', rule: 'must not contain NUL characters' };
/** Free text: both refused by the generic rules. */
const TEXT: FieldRule = { nul: NUL_RULE, surrogate: { status: 400, code: 'VALIDATION_ERROR', rule: 'must not contain lone surrogates' } };
/** A field with a format (UUID, enum, integer): NUL first, then the format's own VALIDATION_ERROR. */
const FORMAT: FieldRule = { nul: NUL_RULE, surrogate: { status: 400, code: 'VALIDATION_ERROR' } };
/** A field whose format error has its own code. */
const formatCode = (code: string): FieldRule => ({ nul: NUL_RULE, surrogate: { status: 400, code } });
/** A lookup key: anything that names nothing answers the route's not-found. */
const lookup = (status: number, code: string): FieldRule => ({ nul: { status, code }, surrogate: { status, code } });

const EMAIL = formatCode('EMAIL_INVALID');

interface BodyRoute {
  method: string;
  path: string;
  /** Owner token when true (every permission, so only the fields decide). */
  auth: boolean;
  /** A body every field of which is valid: only the fuzzed field makes the request fail. */
  base: Record<string, unknown>;
  /** Dotted paths (`from.id`, `permissions.0`) and what a hostile value there answers. */
  fields: Record<string, FieldRule>;
}

interface World {
  server: TestServer;
  ownerToken: string;
  memberEmail: string;
  boardId: string;
  roadmapId: string;
  postId: string;
  commentId: string;
  roleId: string;
  memberId: string;
  resetToken: string;
}

const LIMITS = { limit: 100_000, windowSeconds: 3600 };

async function startWorld(t: ExecutionContext): Promise<World> {
  const server = await startTestServer({
    loginRateLimit: LIMITS,
    signupRateLimit: LIMITS,
    passwordResetRateLimit: LIMITS,
    emailVerifyRateLimit: LIMITS,
    mailTokenRateLimit: LIMITS,
  });
  t.teardown(server.close);
  return { server } as World;
}

async function furnish(world: World): Promise<World> {
  const { server } = world;
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  if (setup.status !== 201) throw new Error(`setup failed: ${setup.text}`);
  const owner = (await server.ctx.storage.users.getOwner())!;
  const member = await createMember(server.ctx, { email: 'member@example.org' });
  const board = await createBoard(server.ctx);
  const roadmap = await createRoadmap(server.ctx);
  const post = await createPostAt(server.ctx, owner, { createdAt: new Date().toISOString(), boardId: board.id });
  const { comment } = await commentAt(server, owner, post, { createdAt: new Date().toISOString() });
  const role = await server.request('POST', '/roles', { token: setup.body.user.authToken, body: { name: 'Helpers' } });
  const resetToken = await server.ctx.storage.transaction((tx) => issueMailToken(tx, member.user.id, 'reset', new Date()));
  await server.request('PATCH', '/settings/labs', { token: setup.body.user.authToken, body: { voteOnBehalf: true } });
  return {
    ...world,
    ownerToken: setup.body.user.authToken,
    memberEmail: member.user.email,
    memberId: member.user.id,
    boardId: board.id,
    roadmapId: roadmap.id,
    postId: post.id,
    commentId: comment.id,
    roleId: role.body.role.id,
    resetToken,
  };
}

const SETUP_ROUTE: BodyRoute = {
  method: 'POST',
  path: '/auth/setup',
  auth: false,
  base: { ...OWNER, siteTitle: 'Acme' },
  fields: { email: EMAIL, password: TEXT, name: TEXT, siteTitle: TEXT },
};

function routes(w: World): BodyRoute[] {
  const post = `/posts/${w.postId}`;
  const postNotFound = lookup(404, 'POST_NOT_FOUND');
  return [
    { method: 'POST', path: '/auth/signup', auth: false, base: { email: 'new@example.org', password: 'a long password', name: 'New' }, fields: { email: EMAIL, password: TEXT, name: TEXT } },
    // Login compares, it does not store: a lone surrogate in the password is just a wrong password.
    {
      method: 'POST',
      path: '/auth/login',
      auth: false,
      base: { email: OWNER.email, password: OWNER.password },
      fields: { email: EMAIL, password: { nul: NUL_RULE, surrogate: { status: 403, code: 'INCORRECT_PASSWORD' } } },
    },
    { method: 'POST', path: '/auth/email/validate', auth: false, base: { token: randomBytes(32).toString('hex') }, fields: { token: TEXT } },
    { method: 'POST', path: '/auth/password/reset', auth: false, base: { email: w.memberEmail }, fields: { email: EMAIL } },
    { method: 'POST', path: '/auth/password/validateToken', auth: false, base: { token: w.resetToken }, fields: { token: TEXT } },
    { method: 'POST', path: '/auth/password/set', auth: false, base: { token: w.resetToken, password: 'a long password' }, fields: { token: TEXT, password: TEXT } },
    {
      method: 'POST',
      path: '/posts/get',
      auth: true,
      base: { boardId: [w.boardId], roadmapId: w.roadmapId, page: '1', limit: '10', created: 'desc', orderBy: 'votes', query: 'post' },
      fields: { 'boardId.0': FORMAT, roadmapId: FORMAT, page: FORMAT, limit: FORMAT, created: FORMAT, orderBy: FORMAT, query: TEXT },
    },
    { method: 'POST', path: '/posts/slug', auth: true, base: { slug: 'some-slug' }, fields: { slug: postNotFound, id: postNotFound, postId: postNotFound } },
    { method: 'POST', path: '/posts/similar', auth: true, base: { title: 'Dark mode please', boardId: w.boardId, limit: '5' }, fields: { title: TEXT, boardId: FORMAT, limit: FORMAT } },
    {
      method: 'POST',
      path: '/posts',
      auth: true,
      base: { title: 'A title', contentMarkdown: 'Some *content*', boardId: w.boardId, roadmapId: w.roadmapId },
      fields: { title: TEXT, contentMarkdown: TEXT, boardId: FORMAT, roadmapId: FORMAT },
    },
    {
      method: 'PATCH',
      path: '/posts',
      auth: true,
      base: { id: w.postId, title: 'A title', contentMarkdown: 'Some *content*', boardId: w.boardId, roadmapId: w.roadmapId },
      fields: { id: postNotFound, title: TEXT, contentMarkdown: TEXT, boardId: FORMAT, roadmapId: FORMAT },
    },
    { method: 'DELETE', path: '/posts', auth: true, base: { id: w.postId }, fields: { id: postNotFound } },
    { method: 'POST', path: '/votes', auth: true, base: { postId: w.postId }, fields: { postId: postNotFound } },
    { method: 'DELETE', path: '/votes', auth: true, base: { postId: w.postId }, fields: { postId: postNotFound } },
    { method: 'POST', path: '/boards/check-slug', auth: true, base: { url: 'free-url' }, fields: { url: TEXT } },
    { method: 'POST', path: '/boards/check-name', auth: true, base: { name: 'Free name' }, fields: { name: TEXT } },
    {
      method: 'POST',
      path: '/boards',
      auth: true,
      base: { name: 'Board', url: 'a-board', color: 'aabbcc' },
      fields: { name: TEXT, url: TEXT, color: formatCode('BOARD_COLOR_HEX_LENGTH') },
    },
    {
      method: 'PATCH',
      path: '/boards',
      auth: true,
      base: { boardId: w.boardId, name: 'Board', url: 'a-board', color: 'aabbcc' },
      fields: { boardId: lookup(404, 'BOARD_NOT_FOUND'), name: TEXT, url: TEXT, color: formatCode('BOARD_COLOR_HEX_LENGTH') },
    },
    { method: 'DELETE', path: '/boards', auth: true, base: { boardId: w.boardId }, fields: { boardId: lookup(404, 'BOARD_NOT_FOUND') } },
    {
      method: 'POST',
      path: '/roadmaps',
      auth: true,
      base: { name: 'Roadmap', url: 'a-roadmap', color: 'aabbcc' },
      fields: { name: TEXT, url: TEXT, color: formatCode('ROADMAP_COLOR_HEX_LENGTH') },
    },
    {
      method: 'PATCH',
      path: '/roadmaps',
      auth: true,
      base: { id: w.roadmapId, name: 'Roadmap', url: 'a-roadmap', color: 'aabbcc' },
      fields: { id: lookup(404, 'ROADMAP_NOT_FOUND'), name: TEXT, url: TEXT, color: formatCode('ROADMAP_COLOR_HEX_LENGTH') },
    },
    {
      method: 'PATCH',
      path: '/roadmaps/sort',
      auth: true,
      base: { from: { id: w.roadmapId }, to: { id: w.roadmapId } },
      fields: { 'from.id': FORMAT, 'to.id': FORMAT },
    },
    { method: 'DELETE', path: '/roadmaps', auth: true, base: { id: w.roadmapId }, fields: { id: lookup(404, 'ROADMAP_NOT_FOUND') } },
    { method: 'PATCH', path: '/users/profile', auth: true, base: { name: 'Ada' }, fields: { name: TEXT } },
    {
      method: 'POST',
      path: '/roles',
      auth: true,
      base: { name: 'Role', description: 'Does things', permissions: ['post:read'] },
      fields: { name: TEXT, description: TEXT, 'permissions.0': formatCode('INVALID_PERMISSION') },
    },
    {
      method: 'PATCH',
      path: '/roles',
      auth: true,
      base: { id: w.roleId, name: 'Role', description: 'Does things', permissions: ['post:read'] },
      fields: { id: lookup(400, 'INVALID_ROLE_ID'), name: TEXT, description: TEXT, 'permissions.0': formatCode('INVALID_PERMISSION') },
    },
    {
      method: 'PATCH',
      path: '/settings/site',
      auth: true,
      base: { title: 'Site', description: 'About', logo: 'https://example.org/logo.png', icon: 'https://example.org/icon.png', accentColor: '#aabbcc', googleAnalyticsId: 'G-1' },
      fields: {
        title: TEXT,
        description: TEXT,
        logo: formatCode('INVALID_LOGO_URL'),
        icon: formatCode('INVALID_ICON_URL'),
        accentColor: formatCode('INVALID_ACCENT_COLOR'),
        googleAnalyticsId: TEXT,
      },
    },
    { method: 'POST', path: `${post}/comments`, auth: true, base: { body: 'A comment', parent_id: w.commentId }, fields: { body: TEXT, parent_id: FORMAT } },
    { method: 'PUT', path: `${post}/comments/${w.commentId}`, auth: true, base: { body: 'An edit' }, fields: { body: TEXT } },
  ];
}

/** `base` with `value` at a dotted path; the base itself is left as it was. */
function withValue(base: Record<string, unknown>, path: string, value: string): Record<string, unknown> {
  const copy = structuredClone(base);
  const keys = path.split('.');
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1)!] = value;
  return copy;
}

function valueAt(base: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], base);
}

/** The hostile value alone, and inside the field's valid value (or a plain word when the base has none). */
function hostileVariants(base: Record<string, unknown>, path: string, kind: Kind): string[] {
  const valid = valueAt(base, path);
  const around = typeof valid === 'string' && valid.length > 1 ? valid : 'word';
  const middle = Math.floor(around.length / 2);
  const values = kind === 'nul' ? NUL_VALUES : SURROGATE_VALUES;
  return values.flatMap((value) => [value, `${around.slice(0, middle)}${value}${around.slice(middle)}`]);
}

/** Never a 5xx; always `{ message, code }`; and the answer the field's rule names. */
function checkAnswer(t: ExecutionContext, response: TestResponse, path: string, expected: Outcome, label: string): void {
  t.true(response.status < 500, `${label}: ${response.status} ${response.text}`);
  t.is(typeof response.body?.message, 'string', `${label}: ${response.text}`);
  t.is(typeof response.body?.code, 'string', `${label}: ${response.text}`);
  t.deepEqual([response.status, response.body?.code], [expected.status, expected.code], `${label}: ${response.text}`);
  if (expected.code !== 'VALIDATION_ERROR') return;
  t.is(response.body.errors?.[0]?.path, path, label);
  if (expected.rule) t.is(response.body.message, `${path} ${expected.rule}`, label);
}

async function fuzzRoute(t: ExecutionContext, server: TestServer, route: BodyRoute, token: string | undefined): Promise<void> {
  for (const [path, rule] of Object.entries(route.fields)) {
    for (const kind of ['nul', 'surrogate'] as const) {
      for (const value of hostileVariants(route.base, path, kind)) {
        const body = withValue(route.base, path, value);
        const response = await server.request(route.method, route.path, { body, ...(route.auth && token ? { token } : {}) });
        checkAnswer(t, response, path, rule[kind], `${route.method} ${route.path} ${path}=${JSON.stringify(value)}`);
      }
    }
  }
}

test('POST /auth/setup: NUL and lone surrogates in every field answer 400, and setup stays open', async (t) => {
  const { server } = await startWorld(t);
  await fuzzRoute(t, server, SETUP_ROUTE, undefined);
  t.deepEqual((await server.request('GET', '/auth/setup')).body, { is_setup: false });
});

test('every string field of every route: NUL and lone surrogates answer the field\'s 4xx, never a 5xx', async (t) => {
  const world = await furnish(await startWorld(t));
  const { server, ownerToken } = world;
  const before = await server.ctx.storage.posts.count();
  for (const route of routes(world)) await fuzzRoute(t, server, route, ownerToken);
  t.is(await server.ctx.storage.posts.count(), before, 'nothing was created');
  t.is((await server.ctx.storage.users.get(world.memberId))?.email, world.memberEmail);
});

/*
 * Query strings and path parameters are percent-decoded text: `%00` is a NUL; a surrogate can only
 * be sent as its (invalid) UTF-8 bytes `%ED%A0%80`, which decode to U+FFFD in a query string and
 * answer 400 DECODE_URI_ERROR in a path.
 */
const QUERY_VALUES = ['%00', 'a%00b', '%ED%A0%80', 'a%ED%BF%BFb'];

/** Query parameters of the list routes; `cursor` ones answer INVALID_CURSOR for anything that is not an id. */
const QUERY_ROUTES: Array<[string, Record<string, 'checked' | 'cursor'>]> = [
  ['/boards', { page: 'checked', limit: 'checked', created: 'checked' }],
  ['/boards', { first: 'checked', after: 'cursor' }],
  ['/boards/get', { page: 'checked', limit: 'checked', created: 'checked' }],
  ['/boards/search/b', { limit: 'checked' }],
  ['/roadmaps', { first: 'checked', after: 'cursor', visibility: 'checked' }],
  ['/roadmaps/search/r', { limit: 'checked' }],
  ['/users', { page: 'checked', limit: 'checked', created: 'checked' }],
  ['/users', { first: 'checked', after: 'cursor' }],
  ['/roles', { first: 'checked', after: 'cursor' }],
];

test('every query parameter and path parameter: NUL and bad UTF-8 never answer a 5xx', async (t) => {
  const world = await furnish(await startWorld(t));
  const { server, ownerToken: token } = world;
  const perPost: Array<[string, Record<string, 'checked' | 'cursor'>]> = [
    [`/posts/${world.postId}/votes`, { first: 'checked', after: 'cursor' }],
    [`/posts/${world.postId}/activity`, { page: 'checked', limit: 'checked', visibility: 'checked' }],
  ];
  for (const [path, params] of [...QUERY_ROUTES, ...perPost]) {
    for (const [name, kind] of Object.entries(params)) {
      for (const value of QUERY_VALUES) {
        const response = await server.request('GET', `${path}?${name}=${value}`, { token });
        const label = `GET ${path}?${name}=${value}`;
        const isNul = value.includes('%00');
        const expected: Outcome =
          kind === 'cursor' ? { status: 400, code: 'INVALID_CURSOR' } : isNul ? NUL_RULE : { status: 400, code: 'VALIDATION_ERROR' };
        checkAnswer(t, response, name, expected, label);
      }
    }
  }
  const { postId, commentId, roleId, memberId } = world;
  const pathRoutes: Array<[string, (value: string) => string]> = [
    ['GET', (v) => `/boards/${v}`],
    ['GET', (v) => `/boards/search/${v}`],
    ['GET', (v) => `/roadmaps/${v}`],
    ['GET', (v) => `/roadmaps/search/${v}`],
    ['GET', (v) => `/posts/${v}/votes`],
    ['GET', (v) => `/posts/${v}/activity`],
    ['POST', (v) => `/posts/${v}/comments`],
    ['PUT', (v) => `/posts/${postId}/comments/${v}`],
    ['DELETE', (v) => `/posts/${postId}/comments/${v}`],
    ['POST', (v) => `/posts/${postId}/votes/${v}`],
    ['DELETE', (v) => `/posts/${v}/votes/${memberId}`],
    ['GET', (v) => `/roles/${v}`],
    ['PUT', (v) => `/roles/${roleId}/users/${v}`],
    ['DELETE', (v) => `/roles/${v}/users/${memberId}`],
  ];
  for (const [method, pathFor] of pathRoutes) {
    for (const value of QUERY_VALUES) {
      const body = method === 'GET' ? undefined : { body: `about ${commentId}` };
      const response = await server.request(method, pathFor(value), { token, ...(body ? { body } : {}) });
      const label = `${method} ${pathFor(value)}`;
      t.true(response.status < 500, `${label}: ${response.status} ${response.text}`);
      // A search by a name nobody has is an empty 200; everything else is a 4xx in the error shape.
      if (response.status >= 400) t.deepEqual(Object.keys(response.body ?? {}).slice(0, 2), ['message', 'code'], label);
    }
  }
});
