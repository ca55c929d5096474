import { randomUUID } from 'node:crypto';
import test from 'ava';
import { TEAM_PERMISSIONS, TEAM_ROLE_ID } from '../../src/storage/seed.js';
import type { RoleRow } from '../../src/storage/types.js';
import { createMember, EVERYONE_ROLE_ID } from '../_helpers/personas.js';
import type { TestServer } from '../_helpers/server.js';
import {
  EVERYONE_PERMISSIONS,
  FORBIDDEN,
  INVALID_ROLE_ID,
  ownerServer,
  ROLE_KEYS,
  ROLE_NOT_FOUND,
  validationError,
} from './_roles.js';

const INVALID_CURSOR = { message: 'Invalid cursor value', code: 'INVALID_CURSOR' };
const firstError = validationError('first', 'first must be an integer between 1 and 100');

/** A fixed timestamp `second` seconds into 2020, before @everyone (made with the store, now). */
const at = (second: number) => new Date(Date.UTC(2020, 0, 1, 0, 0, second)).toISOString();
const newestFirst = (a: RoleRow, b: RoleRow) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
const ids = (body: { roles: Array<{ id: string }> }) => body.roles.map((role) => role.id);

/** `count` roles written straight to storage at chosen times, so ties and order are under the test's control. */
async function rolesAt(server: TestServer, count: number, time: (i: number) => number): Promise<RoleRow[]> {
  const roles: RoleRow[] = [];
  for (let i = 0; i < count; i++) {
    const createdAt = at(time(i));
    const row = { id: randomUUID(), name: `Role ${i}`, description: null, isSystem: false, permissions: [], createdAt, updatedAt: createdAt };
    roles.push(await server.ctx.storage.roles.insert(row));
  }
  return roles;
}

test('GET /roles needs role:read, checked before any parameter', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const plain = await createMember(server.ctx);
  const almost = await createMember(server.ctx, { permissions: ['role:create', 'role:update', 'role:assign', 'dashboard:read'] });
  for (const persona of [plain, almost]) {
    for (const query of ['', '?first=0', '?first=abc', `?after=${randomUUID()}`, '?after=nope']) {
      const response = await server.request('GET', `/roles${query}`, { token: persona.token });
      t.is(response.status, 403, query);
      t.deepEqual(response.body, FORBIDDEN);
    }
  }
  t.deepEqual((await server.request('GET', '/roles')).body, { message: 'Authorization header missing', code: 'INVALID_AUTH_HEADER' });
  const blocked = await createMember(server.ctx, { permissions: ['role:read'], blocked: true });
  t.deepEqual((await server.request('GET', '/roles', { token: blocked.token })).body, { message: 'User is Blocked', code: 'USER_BLOCKED' });
  const reader = await createMember(server.ctx, { withoutEveryone: true, permissions: ['role:read'] });
  t.is((await server.request('GET', '/roles', { token: reader.token })).status, 200);
  t.is((await server.request('GET', '/roles', { token: ownerToken })).status, 200);
});

test('GET /roles: Role shape, created_at desc then id desc, 10 by default, cursor keys', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const everyone = (await server.ctx.storage.roles.get(EVERYONE_ROLE_ID))!;
  const seeded = await server.ctx.storage.roles.list();
  // Four roles share each second: the id decides among them.
  const roles = [...(await rolesAt(server, 12, (i) => Math.floor(i / 4))), ...seeded].sort(newestFirst);
  const response = await server.request('GET', '/roles', { token: ownerToken });
  t.is(response.status, 200);
  t.deepEqual(Object.keys(response.body), ['roles', 'results', 'page_info', 'total_count', 'total_pages']);
  t.deepEqual(ids(response.body), roles.slice(0, 10).map((role) => role.id));
  t.deepEqual(response.body.results, response.body.roles);
  t.deepEqual(response.body.page_info, {
    count: 10,
    current_page: 1,
    has_next_page: true,
    start_cursor: roles[0]!.id,
    end_cursor: roles[9]!.id,
  });
  t.is(response.body.total_count, 14);
  t.is(response.body.total_pages, 2);
  // @everyone and Team were made with the store, after these 2020 roles: they lead the list, Team made last.
  t.is(response.body.roles[0].id, TEAM_ROLE_ID);
  const everyoneView = response.body.roles[1];
  t.deepEqual(Object.keys(everyoneView), ROLE_KEYS);
  t.deepEqual(everyoneView, {
    id: EVERYONE_ROLE_ID,
    name: '@everyone',
    description: 'All users',
    isSystem: true,
    created_at: everyone.createdAt,
    updated_at: everyone.updatedAt,
  });
  t.false('permissions' in everyoneView, 'a listed Role carries no permissions');
});

test('GET /roles: a cursor walk visits every role exactly once, at every page size', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const seeded = await server.ctx.storage.roles.list();
  const expected = [...(await rolesAt(server, 23, (i) => i % 5)), ...seeded].sort(newestFirst).map((role) => role.id);
  for (const first of [1, 3, 10, 24, 100]) {
    const seen: string[] = [];
    let query = `?first=${first}`;
    for (let page = 1; ; page++) {
      const { body } = await server.request('GET', `/roles${query}`, { token: ownerToken });
      seen.push(...ids(body));
      t.like(body, { total_count: 25, total_pages: Math.ceil(25 / first) });
      t.is(body.page_info.current_page, page);
      if (!body.page_info.has_next_page) break;
      // Upper-case hex is a valid cursor too (API.md §1.7).
      query = `?first=${first}&after=${body.page_info.end_cursor.toUpperCase()}`;
    }
    t.deepEqual(seen, expected, `first=${first}`);
  }
  const last = await server.request('GET', `/roles?after=${expected.at(-1)}`, { token: ownerToken });
  t.deepEqual(last.body.roles, []);
  t.deepEqual(last.body.page_info, { count: 0, current_page: 3, has_next_page: false, start_cursor: null, end_cursor: null });
});

test('GET /roles: bad first is a VALIDATION_ERROR; bad after is INVALID_CURSOR, checked after first', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const [role] = await rolesAt(server, 1, () => 1);
  for (const first of ['0', '101', 'abc', '1.5', '-1', '%00']) {
    const response = await server.request('GET', `/roles?first=${first}`, { token: ownerToken });
    t.is(response.status, 400, first);
    t.deepEqual(response.body, first === '%00' ? validationError('first', 'first must not contain NUL characters') : firstError);
  }
  t.deepEqual((await server.request('GET', '/roles?first=0&after=nope', { token: ownerToken })).body, firstError);
  for (const after of ['nope', randomUUID(), `${role!.id}x`]) {
    const response = await server.request('GET', `/roles?after=${after}`, { token: ownerToken });
    t.is(response.status, 400, after);
    t.deepEqual(response.body, INVALID_CURSOR);
  }
  await server.ctx.storage.roles.delete(role!.id);
  t.deepEqual((await server.request('GET', `/roles?after=${role!.id}`, { token: ownerToken })).body, INVALID_CURSOR);
  const empties = await server.request('GET', '/roles?first=&after=', { token: ownerToken });
  t.is(empties.status, 200, 'empty values count as absent');
  t.deepEqual(ids(empties.body), [TEAM_ROLE_ID, EVERYONE_ROLE_ID]);
});

test('GET /roles/:role_id: id (400) → lookup (404) → role:read (403) → RoleDetail', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const plain = await createMember(server.ctx);
  for (const id of ['nope', `${EVERYONE_ROLE_ID}0`, 'f6027b68-6c4f-4331-8354-41836f65498g', '%00']) {
    for (const token of [ownerToken, plain.token]) {
      const response = await server.request('GET', `/roles/${id}`, { token });
      t.is(response.status, 400, id);
      t.deepEqual(response.body, INVALID_ROLE_ID);
    }
  }
  for (const token of [ownerToken, plain.token]) {
    const response = await server.request('GET', `/roles/${randomUUID()}`, { token });
    t.is(response.status, 404);
    t.deepEqual(response.body, ROLE_NOT_FOUND);
  }
  const denied = await server.request('GET', `/roles/${EVERYONE_ROLE_ID}`, { token: plain.token });
  t.is(denied.status, 403);
  t.deepEqual(denied.body, FORBIDDEN);

  const everyone = (await server.ctx.storage.roles.get(EVERYONE_ROLE_ID))!;
  const reader = await createMember(server.ctx, { withoutEveryone: true, permissions: ['role:read'] });
  const response = await server.request('GET', `/roles/${EVERYONE_ROLE_ID.toUpperCase()}`, { token: reader.token });
  t.is(response.status, 200);
  t.deepEqual(Object.keys(response.body.role), [...ROLE_KEYS, 'permissions']);
  t.deepEqual(response.body, {
    role: {
      id: EVERYONE_ROLE_ID,
      name: '@everyone',
      description: 'All users',
      isSystem: true,
      created_at: everyone.createdAt,
      updated_at: everyone.updatedAt,
      permissions: EVERYONE_PERMISSIONS,
    },
  });
});

test('GET /roles/:role_id shows permissions in canonical order, however the row holds them', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const [role] = await rolesAt(server, 1, () => 0);
  await server.ctx.storage.roles.update(role!.id, { permissions: ['comment:view_internal', 'post:read', 'role:read', 'post:read'] });
  const response = await server.request('GET', `/roles/${role!.id}`, { token: ownerToken });
  t.deepEqual(response.body.role.permissions, ['post:read', 'role:read', 'comment:view_internal']);
  t.is(response.body.role.description, null);
});

test('the roles paths answer 405 with Allow for other methods', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const cases = [
    ['DELETE', '/roles', 'GET, HEAD, POST, PATCH, OPTIONS'],
    ['POST', `/roles/${EVERYONE_ROLE_ID}`, 'GET, HEAD, OPTIONS'],
    ['GET', `/roles/${EVERYONE_ROLE_ID}/users/${randomUUID()}`, 'PUT, DELETE, OPTIONS'],
  ] as const;
  for (const [method, path, allow] of cases) {
    const response = await server.request(method, path, { token: ownerToken });
    t.is(response.status, 405, `${method} ${path}`);
    t.is(response.headers.get('allow'), allow);
  }
});

test('GET /roles/:role_id: a new board has the Team role, an ordinary role without settings or roles', async (t) => {
  const { server, ownerToken } = await ownerServer(t);
  const response = await server.request('GET', `/roles/${TEAM_ROLE_ID}`, { token: ownerToken });
  t.is(response.status, 200);
  t.like(response.body.role, {
    id: TEAM_ROLE_ID,
    name: 'Team',
    description: 'Moderates posts, comments, boards and roadmaps',
    isSystem: false,
    permissions: [...TEAM_PERMISSIONS],
  });
  const permissions: string[] = response.body.role.permissions;
  t.false(permissions.some((permission) => permission.startsWith('role:') || permission.startsWith('settings:')));
  for (const needed of ['post:update', 'board:update', 'roadmap:assign', 'comment:create_internal', 'comment:view_internal', 'dashboard:read']) {
    t.true(permissions.includes(needed), needed);
  }
});
