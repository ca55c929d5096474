import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import test from 'ava';
import jwt from 'jsonwebtoken';
import { optionalAuth, requireAuth } from '../../src/http/auth.js';
import { parseBody } from '../../src/http/body.js';
import { insertAccount } from '../../src/services/accounts.js';
import { loadActor, PERMISSIONS } from '../../src/services/actors.js';
import type { ServiceContext } from '../../src/services/context.js';
import type { UserRow } from '../../src/storage/types.js';
import { TEST_SECRET } from '../_helpers/config.js';
import { createMember, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

const MISSING = { message: 'Authorization header missing', code: 'INVALID_AUTH_HEADER' };
const BAD_FORMAT = {
  message: 'Authorization header format is "authorization: Bearer [token]"',
  code: 'INVALID_AUTH_HEADER_FORMAT',
};
const INVALID_TOKEN = { message: 'Invalid JWT token', code: 'INVALID_TOKEN' };
const BLOCKED = { message: 'User is Blocked', code: 'USER_BLOCKED' };

/** Test-only routes: one per kind of auth, answering who the viewer is. */
function authRoutes(router: Router, services: ServiceContext): void {
  router.get('/test/required', requireAuth(services), (ctx) => {
    const { actor, viewer } = ctx.state;
    ctx.body = { userId: actor.user.id, same: actor === viewer, permissions: [...actor.permissions] };
  });
  router.post('/test/required', parseBody, requireAuth(services), (ctx) => {
    ctx.body = { userId: ctx.state.actor.user.id };
  });
  router.get('/test/optional', optionalAuth(services), (ctx) => {
    ctx.body = { userId: ctx.state.viewer?.user.id ?? null };
  });
}

let server: TestServer;
let member: Persona;
let blocked: Persona;
let owner: UserRow;

test.before(async () => {
  server = await startTestServer({}, { routes: authRoutes });
  member = await createMember(server.ctx, { permissions: ['comment:create', 'board:read', 'post:create'] });
  blocked = await createMember(server.ctx, { blocked: true });
  owner = await server.ctx.storage.transaction((tx) =>
    insertAccount(tx, { email: 'owner@example.org', name: 'Owner', passwordHash: 'x', isOwner: true }, new Date().toISOString()),
  );
});
test.after.always(() => server?.close());

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Claims of a valid access token for `user`, to be bent one way per test. */
function claimsFor(user: UserRow): Record<string, unknown> {
  return { userId: user.id, email: user.email, type: 'access', ver: user.tokenVersion, iat: nowSeconds(), exp: nowSeconds() + 600 };
}

function forge(claims: Record<string, unknown>, options: { secret?: string; algorithm?: jwt.Algorithm } = {}): string {
  return jwt.sign(claims, options.secret ?? TEST_SECRET, { algorithm: options.algorithm ?? 'HS256', noTimestamp: true });
}

function unsigned(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

const withHeader = (path: string, authorization: string | undefined) =>
  server.request('GET', path, authorization === undefined ? {} : { headers: { authorization } });

// ---- A1–A4 on required auth ------------------------------------------------------------------------

test('a valid token authenticates and sets both actor and viewer', async (t) => {
  const response = await server.request('GET', '/test/required', { token: member.token });
  t.is(response.status, 200);
  t.like(response.body, { userId: member.user.id, same: true });
});

test('A1: a missing or blank header answers 401 INVALID_AUTH_HEADER', async (t) => {
  for (const header of [undefined, '', '   ']) {
    const response = await withHeader('/test/required', header);
    t.is(response.status, 401, JSON.stringify(header));
    t.deepEqual(response.body, MISSING);
  }
});

test('A2: anything but exactly "Bearer <token>" answers 401 INVALID_AUTH_HEADER_FORMAT', async (t) => {
  for (const header of ['Bearer', 'Bearer ', `Bearer ${member.token} extra`, `Token ${member.token}`, 'Basic dXNlcjpwdw==', member.token]) {
    const response = await withHeader('/test/required', header);
    t.is(response.status, 401, header);
    t.deepEqual(response.body, BAD_FORMAT, header);
  }
});

test('the scheme is case-insensitive and whitespace runs split the parts', async (t) => {
  for (const header of [`bearer ${member.token}`, `BEARER ${member.token}`, `Bearer    ${member.token}`, `Bearer\t${member.token}`]) {
    t.is((await withHeader('/test/required', header)).status, 200, header);
  }
});

test('A3: every kind of bad token answers 401 INVALID_TOKEN', async (t) => {
  const base = claimsFor(member.user);
  const tokens: Record<string, string> = {
    malformed: 'not-a-jwt',
    'three garbage parts': 'a.b.c',
    'bad signature': forge(base, { secret: 'another-secret-another-secret-another-secr' }),
    'tampered payload': `${member.token.split('.')[0]}.${Buffer.from(JSON.stringify({ ...base, ver: 9 })).toString('base64url')}.${member.token.split('.')[2]}`,
    HS512: forge(base, { algorithm: 'HS512' }),
    'alg none': unsigned(base),
    expired: forge({ ...base, iat: nowSeconds() - 7200, exp: nowSeconds() - 60 }),
    'nbf in the future': forge({ ...base, nbf: nowSeconds() + 3600 }),
    'type refresh': forge({ ...base, type: 'refresh' }),
    'type missing': forge({ ...base, type: undefined }),
    'userId missing': forge({ ...base, userId: undefined }),
    'userId not a UUID': forge({ ...base, userId: 'abc' }),
    'userId a number': forge({ ...base, userId: 42 }),
    'no such user': forge({ ...base, userId: randomUUID() }),
    'older ver': forge({ ...base, ver: member.user.tokenVersion - 1 }),
    'newer ver': forge({ ...base, ver: member.user.tokenVersion + 1 }),
  };
  for (const [name, token] of Object.entries(tokens)) {
    const response = await server.request('GET', '/test/required', { token });
    t.is(response.status, 401, name);
    t.deepEqual(response.body, INVALID_TOKEN, name);
  }
});

test('A3: a token stops working once the user\'s token version moves on', async (t) => {
  const persona = await createMember(server.ctx);
  t.is((await server.request('GET', '/test/required', { token: persona.token })).status, 200);
  const bumped = await server.ctx.storage.transaction((tx) => tx.users.update(persona.user.id, { tokenVersion: persona.user.tokenVersion + 1 }));
  t.deepEqual((await server.request('GET', '/test/required', { token: persona.token })).body, INVALID_TOKEN);
  t.is((await server.request('GET', '/test/required', { token: server.ctx.tokens.sign(bumped) })).status, 200);
});

test('a userId in upper-case hex still names the user', async (t) => {
  const token = forge({ ...claimsFor(member.user), userId: member.user.id.toUpperCase() });
  t.like((await server.request('GET', '/test/required', { token })).body, { userId: member.user.id });
});

test('A4: a blocked user answers 403 USER_BLOCKED, after the token checks', async (t) => {
  const response = await server.request('GET', '/test/required', { token: blocked.token });
  t.is(response.status, 403);
  t.deepEqual(response.body, BLOCKED);
  const stale = forge({ ...claimsFor(blocked.user), ver: blocked.user.tokenVersion + 1 });
  t.deepEqual((await server.request('GET', '/test/required', { token: stale })).body, INVALID_TOKEN);
});

test('body checks come before authentication (API.md §1.6)', async (t) => {
  const response = await server.request('POST', '/test/required', { rawBody: '{', headers: { 'content-type': 'application/json' } });
  t.is(response.body.code, 'INVALID_JSON');
  t.deepEqual((await server.request('POST', '/test/required', { body: {} })).body, MISSING);
});

// ---- optional auth ----------------------------------------------------------------------------------

test('optional auth: a valid token names the viewer', async (t) => {
  t.deepEqual((await server.request('GET', '/test/optional', { token: member.token })).body, { userId: member.user.id });
});

test('optional auth: every A1–A4 failure, blocked included, is anonymous and never an error', async (t) => {
  const headers = [
    undefined,
    '',
    'Bearer',
    `Token ${member.token}`,
    'Bearer not-a-jwt',
    `Bearer ${forge({ ...claimsFor(member.user), exp: nowSeconds() - 1 })}`,
    `Bearer ${forge(claimsFor(member.user), { algorithm: 'HS512' })}`,
    `Bearer ${forge({ ...claimsFor(member.user), type: 'refresh' })}`,
    `Bearer ${forge({ ...claimsFor(member.user), userId: randomUUID() })}`,
    `Bearer ${forge({ ...claimsFor(member.user), ver: 99 })}`,
    `Bearer ${blocked.token}`,
  ];
  for (const header of headers) {
    const response = await withHeader('/test/optional', header);
    t.is(response.status, 200, String(header));
    t.deepEqual(response.body, { userId: null }, String(header));
  }
});

// ---- effective permissions --------------------------------------------------------------------------

test('the owner holds all 36 permissions in canonical order, then feedbackd’s own', async (t) => {
  const response = await server.request('GET', '/test/required', { token: server.ctx.tokens.sign(owner) });
  t.is(response.body.permissions.length, 45);
  t.deepEqual(response.body.permissions, [...PERMISSIONS]);
  t.is(PERMISSIONS[0], 'post:read');
  t.is(PERMISSIONS[35], 'comment:view_internal');
  t.deepEqual(PERMISSIONS.slice(36), ['post:merge', 'changelog:create', 'changelog:update', 'changelog:destroy', 'tag:create', 'tag:update', 'tag:destroy', 'tag:assign', 'moderation:review']);
});

test('a member holds the union of their roles, deduplicated, in canonical order', async (t) => {
  const response = await server.request('GET', '/test/required', { token: member.token });
  // @everyone (post:create, vote:create, vote:destroy, comment:create, comment:update:own, comment:delete:own)
  // plus a role with comment:create, board:read, post:create.
  t.deepEqual(response.body.permissions, [
    'post:create',
    'board:read',
    'vote:create',
    'vote:destroy',
    'comment:create',
    'comment:update:own',
    'comment:delete:own',
  ]);
});

test('a user without any role is still authenticated, with no permissions', async (t) => {
  const bare = await createMember(server.ctx, { withoutEveryone: true });
  const response = await server.request('GET', '/test/required', { token: bare.token });
  t.is(response.status, 200);
  t.deepEqual(response.body.permissions, []);
});

test('loadActor finds a user by id in any hex case, and gives null for an unknown id', async (t) => {
  const actor = await loadActor(server.ctx, member.user.id.toUpperCase());
  t.is(actor?.user.id, member.user.id);
  t.true(actor?.permissions.has('board:read'));
  t.is(await loadActor(server.ctx, randomUUID()), null);
});
