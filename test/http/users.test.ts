import { randomUUID } from 'node:crypto';
import test from 'ava';
import { PERMISSIONS } from '../../src/services/actors.js';
import { createMember, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });
const FORBIDDEN = { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' };
const BLOCKED = { message: 'User is Blocked', code: 'USER_BLOCKED' };
const MISSING_HEADER = { message: 'Authorization header missing', code: 'INVALID_AUTH_HEADER' };
const INVALID_TOKEN = { message: 'Invalid JWT token', code: 'INVALID_TOKEN' };
const NAME_TOO_LONG = { message: 'Name cannot exceed 64 characters', code: 'NAME_TOO_LONG' };
const EVERYONE_PERMISSIONS = ['post:create', 'vote:create', 'vote:destroy', 'comment:create', 'comment:update:own', 'comment:delete:own'];
const ROUTES = [
  ['GET', '/users'],
  ['GET', '/users/profile'],
  ['PATCH', '/users/profile'],
  ['GET', '/users/permissions'],
  ['GET', '/users/dashboard'],
] as const;

let server: TestServer;
let ownerToken: string;

test.before(async () => {
  server = await startTestServer();
  ownerToken = (await server.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
});
test.after.always(() => server?.close());

/** A fresh member with a name of its own, so PATCH tests do not disturb each other. */
const member = (options: Parameters<typeof createMember>[1] = {}): Promise<Persona> =>
  createMember(server.ctx, { name: 'Grace Hopper', ...options });

const patchName = (persona: Persona, body: unknown) => server.request('PATCH', '/users/profile', { token: persona.token, body });

test('every route needs a valid token and refuses a blocked user', async (t) => {
  const blocked = await member({ blocked: true, permissions: ['dashboard:read'] });
  for (const [method, path] of ROUTES) {
    const anonymous = await server.request(method, path, method === 'PATCH' ? { body: { name: 'x' } } : {});
    t.is(anonymous.status, 401, `${method} ${path}`);
    t.deepEqual(anonymous.body, MISSING_HEADER);
    t.deepEqual((await server.request(method, path, { token: 'not.a.jwt' })).body, INVALID_TOKEN);
    const response = await server.request(method, path, { token: blocked.token, ...(method === 'PATCH' ? { body: { name: 'x' } } : {}) });
    t.is(response.status, 403, `${method} ${path}`);
    t.deepEqual(response.body, BLOCKED);
  }
  t.is((await server.ctx.storage.users.get(blocked.user.id))!.name, 'Grace Hopper', 'the blocked PATCH wrote nothing');
});

test('GET /users/profile returns the caller, even one without any permission', async (t) => {
  const persona = await member({ withoutEveryone: true });
  await server.ctx.storage.users.update(persona.user.id, { isVerified: true });
  const response = await server.request('GET', '/users/profile', { token: persona.token });
  t.is(response.status, 200);
  t.deepEqual(response.body, {
    user: { userId: persona.user.id, name: 'Grace Hopper', username: persona.user.username, email: persona.user.email, isVerified: true },
  });
  t.deepEqual(Object.keys(response.body.user), ['userId', 'name', 'username', 'email', 'isVerified']);
  const head = await server.request('HEAD', '/users/profile', { token: persona.token });
  t.is(head.status, 200);
  t.is(head.text, '');
});

test('PATCH /users/profile stores the cleaned name and returns the profile without isVerified', async (t) => {
  const persona = await member();
  await server.ctx.storage.users.update(persona.user.id, { updatedAt: '2020-01-01T00:00:00.000Z' });
  const response = await patchName(persona, { name: "  Zoë   O'Brien-Smith 3rd!! 😀 ", email: 'ignored@example.org' });
  t.is(response.status, 200);
  t.deepEqual(response.body, {
    user: { userId: persona.user.id, name: "Zoë O'Brien-Smith 3rd", username: persona.user.username, email: persona.user.email },
  });
  const stored = (await server.ctx.storage.users.get(persona.user.id))!;
  t.like(stored, { name: "Zoë O'Brien-Smith 3rd", email: persona.user.email });
  t.true(stored.updatedAt > '2020-01-01T00:00:00.000Z');
  t.regex(stored.updatedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
});

test('PATCH /users/profile: an omitted name changes nothing, not even updatedAt', async (t) => {
  const persona = await member();
  const before = (await server.ctx.storage.users.get(persona.user.id))!;
  for (const body of [{}, { nickname: 'x' }, undefined]) {
    const response = await server.request('PATCH', '/users/profile', { token: persona.token, ...(body ? { body } : {}) });
    t.is(response.status, 200);
    t.deepEqual(response.body.user, { userId: persona.user.id, name: 'Grace Hopper', username: persona.user.username, email: persona.user.email });
  }
  t.deepEqual(await server.ctx.storage.users.get(persona.user.id), before);
});

test('PATCH /users/profile: null and "" both store an empty name and move updatedAt', async (t) => {
  for (const name of [null, '', '   ', '!!!']) {
    const persona = await member();
    await server.ctx.storage.users.update(persona.user.id, { updatedAt: '2020-01-01T00:00:00.000Z' });
    const response = await patchName(persona, { name });
    t.is(response.status, 200);
    t.is(response.body.user.name, '');
    const stored = (await server.ctx.storage.users.get(persona.user.id))!;
    t.is(stored.name, '');
    t.not(stored.updatedAt, '2020-01-01T00:00:00.000Z');
  }
});

test('PATCH /users/profile: 64 characters after cleaning pass, 65 do not', async (t) => {
  const persona = await member();
  const ok = await patchName(persona, { name: `${'é'.repeat(64)}!!!!` });
  t.is(ok.status, 200);
  t.is(ok.body.user.name, 'é'.repeat(64));
  for (const name of ['a'.repeat(65), `${'x'.repeat(40)} ${'y'.repeat(24)}`]) {
    const response = await patchName(persona, { name });
    t.is(response.status, 400);
    t.deepEqual(response.body, NAME_TOO_LONG);
  }
  t.is((await server.ctx.storage.users.get(persona.user.id))!.name, 'é'.repeat(64), 'a refused name is not stored');
});

test('PATCH /users/profile: a name that is not a string is a VALIDATION_ERROR', async (t) => {
  const persona = await member();
  for (const name of [42, true, { first: 'Ada' }, ['Ada']]) {
    const response = await patchName(persona, { name });
    t.is(response.status, 400);
    t.deepEqual(response.body, validationError('name', 'name must be a string'));
  }
  const notObject = await patchName(persona, ['Ada']);
  t.deepEqual(notObject.body, validationError('', 'Request body must be a JSON object'));
  t.is((await server.ctx.storage.users.get(persona.user.id))!.name, 'Grace Hopper');
});

test('GET /users/permissions: the owner holds all 36 in canonical order, then feedbackd’s own four', async (t) => {
  const response = await server.request('GET', '/users/permissions', { token: ownerToken });
  t.is(response.status, 200);
  t.deepEqual(response.body, { permissions: [...PERMISSIONS] });
  t.is(response.body.permissions.length, 45);
});

test('GET /users/permissions: a plain member holds the six of @everyone; a member without roles none', async (t) => {
  const plain = await member();
  t.deepEqual((await server.request('GET', '/users/permissions', { token: plain.token })).body, { permissions: EVERYONE_PERMISSIONS });
  const bare = await member({ withoutEveryone: true });
  const response = await server.request('GET', '/users/permissions', { token: bare.token });
  t.is(response.status, 200);
  t.deepEqual(response.body, { permissions: [] });
});

test('GET /users/permissions: overlapping roles are merged without duplicates, in canonical order', async (t) => {
  const persona = await member({ withoutEveryone: true, permissions: ['comment:view_internal', 'vote:create', 'board:read'] });
  const now = new Date().toISOString();
  const { storage } = server.ctx;
  const second = await storage.roles.insert({
    id: randomUUID(),
    name: `second-${randomUUID()}`,
    description: null,
    isSystem: false,
    permissions: ['board:read', 'post:create', 'comment:view_internal', 'dashboard:read'],
    createdAt: now,
    updatedAt: now,
  });
  await storage.userRoles.insert({ id: randomUUID(), userId: persona.user.id, roleId: second.id, createdAt: now });
  const response = await server.request('GET', '/users/permissions', { token: persona.token });
  t.deepEqual(response.body, { permissions: ['post:create', 'board:read', 'vote:create', 'dashboard:read', 'comment:view_internal'] });
});

test('GET /users/dashboard: access with dashboard:read (the owner has it), 403 without', async (t) => {
  const reader = await member({ permissions: ['dashboard:read'] });
  for (const token of [reader.token, ownerToken]) {
    const response = await server.request('GET', '/users/dashboard', { token });
    t.is(response.status, 200);
    t.deepEqual(response.body, { access: true });
  }
  for (const persona of [await member(), await member({ withoutEveryone: true, permissions: ['role:read'] })]) {
    const response = await server.request('GET', '/users/dashboard', { token: persona.token });
    t.is(response.status, 403);
    t.deepEqual(response.body, FORBIDDEN);
  }
});

test('the users paths answer 405 with Allow for other methods', async (t) => {
  const response = await server.request('POST', '/users/profile', { token: ownerToken, body: {} });
  t.is(response.status, 405);
  t.is(response.headers.get('allow'), 'GET, HEAD, PATCH, OPTIONS');
  t.is((await server.request('DELETE', '/users', { token: ownerToken })).headers.get('allow'), 'GET, HEAD, OPTIONS');
});
