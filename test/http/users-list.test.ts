import { createHash, randomUUID } from 'node:crypto';
import test, { type ExecutionContext } from 'ava';
import { insertAccount } from '../../src/services/accounts.js';
import { cursorPageMeta } from '../../src/services/pagination.js';
import type { UserRow } from '../../src/storage/types.js';
import { createMember, createPostAt, EVERYONE_ROLE_ID, OWNER, voteAt } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });
const pageError = validationError('page', 'page must be an integer between 1 and 99999999');
const limitError = validationError('limit', 'limit must be an integer between 1 and 100');
const firstError = validationError('first', 'first must be an integer between 1 and 100');
const createdError = validationError('created', 'created must be one of: asc, desc');
const INVALID_CURSOR = { message: 'Invalid cursor value', code: 'INVALID_CURSOR' };
const FORBIDDEN = { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' };

/** A fixed timestamp `second` seconds into 2020, before any user made "now" (the owner). */
const at = (second: number) => new Date(Date.UTC(2020, 0, 1, 0, 0, second)).toISOString();
const byTime = (a: UserRow, b: UserRow) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
const ids = (body: { users: Array<{ userId: string }> }) => body.users.map((user) => user.userId);

/** A server with the owner set up through the API; returns the owner's token too. */
async function ownerServer(t: ExecutionContext): Promise<{ server: TestServer; token: string; owner: UserRow }> {
  const server = await startTestServer();
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  t.is(setup.status, 201);
  const owner = (await server.ctx.storage.users.getOwner())!;
  return { server, token: setup.body.user.authToken, owner };
}

/** `count` members created at chosen times (seconds `time(i)` into 2020), through the account service. */
async function membersAt(server: TestServer, count: number, time: (i: number) => number): Promise<UserRow[]> {
  const users: UserRow[] = [];
  for (let i = 0; i < count; i++) {
    const account = { email: `m${i}-${randomUUID()}@example.org`, name: `M ${i}`, passwordHash: 'x', isOwner: false };
    users.push(await server.ctx.storage.transaction((tx) => insertAccount(tx, account, at(time(i)))));
  }
  return users;
}

test('only the owner may list users, and that is checked before any parameter', async (t) => {
  const { server, token } = await ownerServer(t);
  const member = await createMember(server.ctx);
  const everything = await createMember(server.ctx, { permissions: ['dashboard:read', 'role:read', 'role:assign'] });
  for (const persona of [member, everything]) {
    for (const query of ['', '?page=0', '?first=0', '?created=sideways', `?after=${randomUUID()}`]) {
      const response = await server.request('GET', `/users${query}`, { token: persona.token });
      t.is(response.status, 403, query);
      t.deepEqual(response.body, FORBIDDEN);
    }
  }
  t.deepEqual((await server.request('GET', '/users?page=0', { token })).body, pageError);
  t.deepEqual((await server.request('GET', '/users')).body, { message: 'Authorization header missing', code: 'INVALID_AUTH_HEADER' });
});

test('a listed user has every UserListItem field in order, with counts and roles sorted by name', async (t) => {
  const { server, token, owner } = await ownerServer(t);
  const member = await createMember(server.ctx, { name: 'Grace Hopper' });
  const { storage } = server.ctx;
  const now = new Date().toISOString();
  const roles = [];
  for (const name of ['Zed', 'alpha', 'Beta']) {
    const role = await storage.roles.insert({ id: randomUUID(), name, description: null, isSystem: false, permissions: [], createdAt: now, updatedAt: now });
    await storage.userRoles.insert({ id: randomUUID(), userId: member.user.id, roleId: role.id, createdAt: now });
    roles.push(role);
  }
  const [zed, alpha, beta] = roles;
  const updated = await storage.users.update(member.user.id, { notes: 'met at the meetup', isVerified: true, isBlocked: true });
  const posts = await Promise.all([0, 1].map((i) => createPostAt(server.ctx, owner, { createdAt: at(i) })));
  await createPostAt(server.ctx, updated, { createdAt: at(3) });
  for (const post of posts) await voteAt(server.ctx, updated, post, at(5));

  const response = await server.request('GET', '/users', { token });
  t.is(response.status, 200);
  const listed = response.body.users.find((user: { userId: string }) => user.userId === member.user.id);
  t.deepEqual(Object.keys(listed), [
    'userId', 'name', 'email', 'username', 'avatar', 'isVerified', 'isBlocked', 'isOwner', 'notes', 'createdAt', 'votes', 'posts', 'roles',
  ]);
  const expectedRoles = [
    { id: EVERYONE_ROLE_ID, name: '@everyone', isSystem: true },
    { id: alpha!.id, name: 'alpha', isSystem: false },
    { id: beta!.id, name: 'Beta', isSystem: false },
    { id: zed!.id, name: 'Zed', isSystem: false },
  ];
  t.deepEqual(listed, {
    userId: member.user.id,
    name: 'Grace Hopper',
    email: member.user.email,
    username: member.user.username,
    avatar: `https://www.gravatar.com/avatar/${createHash('md5').update(member.user.email).digest('hex')}`,
    isVerified: true,
    isBlocked: true,
    isOwner: false,
    notes: 'met at the meetup',
    createdAt: member.user.createdAt,
    votes: 2,
    posts: 1,
    roles: expectedRoles,
  });
  const ownerItem = response.body.users.find((user: { userId: string }) => user.userId === owner.id);
  t.like(ownerItem, { isOwner: true, notes: null, votes: 0, posts: 2, roles: [{ id: EVERYONE_ROLE_ID, name: '@everyone', isSystem: true }] });
  t.deepEqual(response.body.results, response.body.users);
});

test('counts follow votes and posts as they come and go', async (t) => {
  const { server, token, owner } = await ownerServer(t);
  const member = await createMember(server.ctx);
  const post = await createPostAt(server.ctx, member.user, { createdAt: at(1) });
  const other = await createPostAt(server.ctx, owner, { createdAt: at(2) });
  const vote = await voteAt(server.ctx, member.user, post, at(3));
  await voteAt(server.ctx, member.user, other, at(4));
  const counts = async () => {
    const { body } = await server.request('GET', '/users?limit=100', { token });
    return body.users.map((user: { votes: number; posts: number }) => [user.votes, user.posts]);
  };
  t.deepEqual(await counts(), [[0, 1], [2, 1]]);
  await server.ctx.storage.votes.delete(vote.id);
  // A post goes with its votes (API.md §1.13), as DELETE /posts does.
  await server.ctx.storage.votes.deleteByPost(other.id);
  await server.ctx.storage.posts.delete(other.id);
  t.deepEqual(await counts(), [[0, 0], [0, 1]]);
});

test('cursor walks visit every user once in both directions, equal times broken by userId', async (t) => {
  const { server, token, owner } = await ownerServer(t);
  const members = await membersAt(server, 23, (i) => i % 4);
  const ascending = [...members, owner].sort(byTime).map((user) => user.id);
  for (const [created, expected] of [['asc', ascending], ['DESC', [...ascending].reverse()]] as const) {
    const seen: string[] = [];
    let after = '';
    for (let page = 1; page <= 5; page++) {
      const { status, body } = await server.request('GET', `/users?first=5&created=${created}&after=${after}`, { token });
      t.is(status, 200);
      const slice = expected.slice((page - 1) * 5, page * 5);
      t.deepEqual(ids(body), slice);
      t.deepEqual(body.page_info, {
        count: slice.length,
        current_page: page,
        has_next_page: page < 5,
        start_cursor: slice[0],
        end_cursor: slice[slice.length - 1],
      });
      t.like(body, { total_count: 24, total_pages: 5 });
      seen.push(...ids(body));
      after = body.page_info.end_cursor;
    }
    t.deepEqual(seen, expected);
    const pastEnd = await server.request('GET', `/users?first=5&created=${created}&after=${after}`, { token });
    t.deepEqual(pastEnd.body, {
      users: [],
      results: [],
      page_info: { count: 0, current_page: 5, has_next_page: false, start_cursor: null, end_cursor: null },
      total_count: 24,
      total_pages: 5,
    });
  }
});

test('a cursor that is not on a page boundary counts the items before it', async (t) => {
  const { server, token, owner } = await ownerServer(t);
  const members = await membersAt(server, 11, (i) => i);
  const ascending = [...members, owner].sort(byTime).map((user) => user.id);
  const { body } = await server.request('GET', `/users?first=4&after=${ascending[5]!.toUpperCase()}`, { token });
  t.deepEqual(ids(body), ascending.slice(6, 10));
  t.deepEqual(body.page_info, { count: 4, current_page: 2, has_next_page: true, start_cursor: ascending[6], end_cursor: ascending[9] });
  const desc = await server.request('GET', `/users?first=4&created=desc&after=${ascending[5]}`, { token });
  t.deepEqual(ids(desc.body), ascending.slice(1, 5).reverse());
  t.like(desc.body.page_info, { current_page: 2, has_next_page: true });
  t.like(desc.body, { total_count: 12, total_pages: 3 });
});

test('offset walks in both directions; a page past the end is empty; no cursor keys', async (t) => {
  const { server, token, owner } = await ownerServer(t);
  const members = await membersAt(server, 13, (i) => i % 3);
  const ascending = [...members, owner].sort(byTime).map((user) => user.id);
  for (const [created, expected] of [['Asc', ascending], ['desc', [...ascending].reverse()]] as const) {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { body } = await server.request('GET', `/users?page=${page}&limit=5&created=${created}&first=1&after=x`, { token });
      t.deepEqual(Object.keys(body), ['users', 'results']);
      seen.push(...ids(body));
    }
    t.deepEqual(seen, expected);
  }
  const past = await server.request('GET', '/users?page=4&limit=5', { token });
  t.deepEqual(past.body, { users: [], results: [] });
  const far = await server.request('GET', '/users?page=99999999&limit=100', { token });
  t.deepEqual(far.body, { users: [], results: [] });
  const defaults = await server.request('GET', '/users?page=1', { token });
  t.deepEqual(ids(defaults.body), ascending.slice(0, 10), 'default size 10, oldest first');
});

test('limit wins over first as the page size in both modes; defaults are 10', async (t) => {
  const { server, token, owner } = await ownerServer(t);
  const members = await membersAt(server, 24, (i) => i);
  const ascending = [...members, owner].sort(byTime).map((user) => user.id);
  const cursor = await server.request('GET', '/users?limit=7&first=3', { token });
  t.deepEqual(ids(cursor.body), ascending.slice(0, 7));
  t.like(cursor.body, { total_count: 25, total_pages: 4 });
  t.is(cursor.body.page_info.count, 7);
  const offset = await server.request('GET', '/users?page=2&limit=7&first=3', { token });
  t.deepEqual(ids(offset.body), ascending.slice(7, 14));
  const firstOnly = await server.request('GET', '/users?first=25', { token });
  t.like(firstOnly.body, { total_pages: 1, page_info: { count: 25, has_next_page: false } });
  const plain = await server.request('GET', '/users?page=&limit=&first=&after=&created=', { token });
  t.deepEqual(ids(plain.body), ascending.slice(0, 10), 'empty values count as absent');
  t.like(plain.body, { total_pages: 3, page_info: { count: 10, current_page: 1, has_next_page: true } });
  const repeated = await server.request('GET', '/users?limit=2&limit=abc&created=desc&created=up', { token });
  t.deepEqual(ids(repeated.body), [...ascending].reverse().slice(0, 2), 'a repeated parameter counts by its first value');
});

test('INVALID_CURSOR for an after that is malformed, unknown, or a deleted user', async (t) => {
  const { server, token } = await ownerServer(t);
  const [gone] = await membersAt(server, 1, () => 1);
  await server.ctx.storage.users.delete(gone!.id);
  for (const after of ['nope', '123', `${randomUUID()}x`, randomUUID(), gone!.id, encodeURIComponent(`{${randomUUID()}}`)]) {
    for (const created of ['asc', 'desc']) {
      const response = await server.request('GET', `/users?after=${after}&created=${created}`, { token });
      t.is(response.status, 400, after);
      t.deepEqual(response.body, INVALID_CURSOR);
    }
  }
  t.is((await server.request('GET', '/users?page=1&after=nope', { token })).status, 200, 'offset mode ignores after');
});

test('total_pages is 0 for an empty list and null cursors describe an empty first page', (t) => {
  t.deepEqual(cursorPageMeta({ rows: [], total: 0, offset: 0, hasMore: false }, 10), {
    page_info: { count: 0, current_page: 1, has_next_page: false, start_cursor: null, end_cursor: null },
    total_count: 0,
    total_pages: 0,
  });
});

let shared: { server: TestServer; token: string } | undefined;
test.before(async () => {
  const server = await startTestServer();
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  shared = { server, token: setup.body.user.authToken };
});
test.after.always(() => shared?.server.close());

const rows: Array<[string, string, unknown]> = [
  ['page 0', 'page=0', pageError],
  ['page negative', 'page=-1', pageError],
  ['page fraction', 'page=1.5', pageError],
  ['page signed', 'page=%2B1', pageError],
  ['page spaced', 'page=%201', pageError],
  ['page too large', 'page=100000000', pageError],
  ['page not numeric', 'page=two', pageError],
  ['page repeated, first bad', 'page=x&page=1', pageError],
  ['page before limit', 'page=0&limit=0', pageError],
  ['limit 0 (offset)', 'page=1&limit=0', limitError],
  ['limit 101 (offset)', 'page=1&limit=101', limitError],
  ['limit before created (offset)', 'page=1&limit=x&created=up', limitError],
  ['limit 101 (cursor)', 'limit=101', limitError],
  ['limit before first (cursor)', 'limit=0&first=0', limitError],
  ['first 0', 'first=0', firstError],
  ['first 101', 'first=101', firstError],
  ['first exponent', 'first=1e1', firstError],
  ['first checked though limit wins', 'limit=5&first=500', firstError],
  ['first before created', 'first=x&created=up', firstError],
  ['created other', 'created=newest', createdError],
  ['created before cursor', 'created=up&after=nope', createdError],
  ['created (offset)', 'page=2&created=up', createdError],
  ['NUL in created', 'created=asc%00', validationError('created', 'created must not contain NUL characters')],
];

for (const [title, query, expected] of rows) {
  test(`list users error: ${title}`, async (t) => {
    const response = await shared!.server.request('GET', `/users?${query}`, { token: shared!.token });
    t.is(response.status, 400);
    t.deepEqual(response.body, expected);
  });
}

test('first is ignored in offset mode, and ASC/desc in any case are accepted', async (t) => {
  for (const query of ['page=1&first=0', 'page=1&first=x', 'created=ASC', 'created=dEsC', 'page=1&created=DESC']) {
    const response = await shared!.server.request('GET', `/users?${query}`, { token: shared!.token });
    t.is(response.status, 200, query);
  }
});
