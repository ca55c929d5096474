import { randomUUID } from 'node:crypto';
import test from 'ava';
import { insertAccount } from '../../src/services/accounts.js';
import type { UserRow } from '../../src/storage/types.js';
import { createMember, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

/*
 * feedbackd's extensions of the users routes for the dashboard: `query` on `GET /users` and
 * `PATCH /users/:user_id` (block, unblock). Runs on both engines (the PostgreSQL run includes test/http).
 */

const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });
const FORBIDDEN = { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' };
const BLOCKED = { message: 'User is Blocked', code: 'USER_BLOCKED' };
const INVALID_CURSOR = { message: 'Invalid cursor value', code: 'INVALID_CURSOR' };
const INVALID_USER_ID = { message: 'Invalid user ID', code: 'INVALID_USER_ID' };
const USER_NOT_FOUND = { message: 'User not found', code: 'USER_NOT_FOUND' };
const TOO_LONG = validationError('query', 'query cannot exceed 200 characters');

let server: TestServer;
let ownerToken: string;
let owner: UserRow;
/** Users of the search tests, created 2020-01-01 at the second given, so their order is known. */
const people: Record<string, UserRow> = {};

const at = (second: number) => new Date(Date.UTC(2020, 0, 1, 0, 0, second)).toISOString();

async function person(key: string, email: string, name: string, second: number): Promise<void> {
  const account = { email, name, passwordHash: 'x', isOwner: false };
  people[key] = await server.ctx.storage.transaction((tx) => insertAccount(tx, account, at(second)));
}

test.before(async () => {
  server = await startTestServer();
  ownerToken = (await server.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
  owner = (await server.ctx.storage.users.getOwner())!;
  await person('elodie', 'elodie@search.example', 'Élodie Ünal', 1);
  await person('ipek', 'ipek@search.example', 'İpek Yılmaz', 2);
  await person('percent', 'pct%sign@search.example', 'Grace Hopper', 3);
  await person('underscore', 'a_b@search.example', 'Barbara Liskov', 4);
  await person('lookalike', 'axb@search.example', 'Margaret Hamilton', 5);
  await person('shouting', 'KATHERINE@SEARCH.EXAMPLE', 'Katherine Johnson', 6);
});
test.after.always(() => server?.close());

const list = (query: string, token = ownerToken) => server.request('GET', `/users${query}`, { token });
const namesOf = (body: { users: Array<{ name: string }> }) => body.users.map((user) => user.name);
const search = async (text: string, extra = '&page=1&limit=100') => namesOf((await list(`?query=${encodeURIComponent(text)}${extra}`)).body);
const patchUser = (id: string, body: unknown, token = ownerToken) => server.request('PATCH', `/users/${id}`, { token, body });

// ---- GET /users?query= ---------------------------------------------------------------------------

test.serial('query finds users by name, username or email, ignoring case the Unicode way', async (t) => {
  t.deepEqual(await search('ÉLODIE'), ['Élodie Ünal']);
  t.deepEqual(await search('ünal'), ['Élodie Ünal']);
  // JavaScript lower-cases İ to i + U+0307; a database locale would give a plain i. Both engines agree with JavaScript.
  t.deepEqual(await search('İPEK'), ['İpek Yılmaz']);
  t.deepEqual(await search(people.ipek!.username.toUpperCase()), ['İpek Yılmaz']);
  t.deepEqual(await search('katherine@search'), ['Katherine Johnson']);
  t.deepEqual(await search('  hopper  '), ['Grace Hopper'], 'trimmed');
  t.deepEqual(await search('nobody at all'), []);
});

test.serial('% and _ are plain characters, not wildcards', async (t) => {
  t.deepEqual(await search('%'), ['Grace Hopper']);
  t.deepEqual(await search('t%s'), ['Grace Hopper']);
  t.deepEqual(await search('a_b@'), ['Barbara Liskov']);
  t.deepEqual(await search('a%b'), []);
});

test.serial('an absent, empty or blank query lists every user', async (t) => {
  const everyone = namesOf((await list('?page=1&limit=100')).body);
  t.true(everyone.length >= 7);
  t.deepEqual(await search(''), everyone);
  t.deepEqual(await search('   '), everyone);
});

test.serial('query pages in offset mode, in the usual order, both directions', async (t) => {
  const all = await search('SEARCH.example');
  t.deepEqual(all, ['Élodie Ünal', 'İpek Yılmaz', 'Grace Hopper', 'Barbara Liskov', 'Margaret Hamilton', 'Katherine Johnson']);
  const pages = [];
  for (const page of [1, 2, 3, 4]) pages.push(await search('search.example', `&page=${page}&limit=2`));
  t.deepEqual(pages, [all.slice(0, 2), all.slice(2, 4), all.slice(4, 6), []]);
  t.deepEqual(await search('search.example', '&page=1&limit=100&created=desc'), [...all].reverse());
});

test.serial('query in cursor mode: totals count the matches; a cursor outside the matches is invalid', async (t) => {
  const first = await list('?query=Search.Example&first=4');
  t.is(first.status, 200);
  t.deepEqual(namesOf(first.body), ['Élodie Ünal', 'İpek Yılmaz', 'Grace Hopper', 'Barbara Liskov']);
  t.like(first.body, { total_count: 6, total_pages: 2 });
  const next = await list(`?query=search.example&first=4&after=${first.body.page_info.end_cursor}`);
  t.deepEqual(namesOf(next.body), ['Margaret Hamilton', 'Katherine Johnson']);
  t.like(next.body, { total_count: 6, total_pages: 2, page_info: { current_page: 2, count: 2, has_next_page: false } });
  const desc = await list('?query=search.example&first=5&created=desc');
  t.like(desc.body, { total_count: 6, page_info: { has_next_page: true } });
  t.deepEqual((await list(`?query=%C3%A9lodie&after=${people.ipek!.id}`)).body, INVALID_CURSOR);
});

test.serial('query is checked after the other parameters: length in code points, repeated, NUL', async (t) => {
  t.is((await list(`?query=${encodeURIComponent('🎉'.repeat(200))}`)).status, 200);
  t.deepEqual((await list(`?query=${'a'.repeat(201)}`)).body, TOO_LONG);
  t.is((await list(`?query=${encodeURIComponent(` ${'a'.repeat(200)} `)}`)).status, 200, 'counted after trimming');
  t.deepEqual((await list('?query=a&query=b')).body, validationError('query', 'query must be a string'));
  t.deepEqual((await list('?query=a%00b')).body, validationError('query', 'query must not contain NUL characters'));
  t.deepEqual((await list(`?page=0&query=${'a'.repeat(201)}`)).body.errors[0].path, 'page');
  t.deepEqual((await list(`?created=up&query=${'a'.repeat(201)}`)).body.errors[0].path, 'created');
  t.deepEqual((await list(`?after=nope&query=${'a'.repeat(201)}`)).body, INVALID_CURSOR);
  const member = await createMember(server.ctx, { permissions: ['dashboard:read', 'role:assign'] });
  t.deepEqual((await list(`?query=${'a'.repeat(201)}`, member.token)).body, FORBIDDEN, 'the owner check comes first');
});

// ---- PATCH /users/:user_id ---------------------------------------------------------------------

test.serial('PATCH /users/:user_id blocks at once and unblocks, answering the user as GET /users lists them', async (t) => {
  const member = await createMember(server.ctx, { name: 'Mary Jackson' });
  t.is((await server.request('GET', '/users/profile', { token: member.token })).status, 200);

  const blocked = await patchUser(member.user.id.toUpperCase(), { isBlocked: true });
  t.is(blocked.status, 200);
  const listed = (await list('?query=Mary%20Jackson')).body.users;
  t.deepEqual(blocked.body, { user: listed[0] });
  t.like(blocked.body.user, { userId: member.user.id, isBlocked: true, isOwner: false });
  const refused = await server.request('GET', '/users/profile', { token: member.token });
  t.is(refused.status, 403);
  t.deepEqual(refused.body, BLOCKED);

  t.like((await patchUser(member.user.id, { isBlocked: true })).body.user, { isBlocked: true }, 'again: no change, still 200');
  const unblocked = await patchUser(member.user.id, { isBlocked: false });
  t.is(unblocked.status, 200);
  t.false(unblocked.body.user.isBlocked);
  t.is((await server.request('GET', '/users/profile', { token: member.token })).status, 200);
});

test.serial('PATCH /users/:user_id: auth, owner, id, user, body, in that order', async (t) => {
  const target = await createMember(server.ctx);
  const blockedCaller = await createMember(server.ctx, { blocked: true });
  const helper: Persona = await createMember(server.ctx, { permissions: ['dashboard:read', 'role:assign', 'role:unassign'] });
  const path = `/users/${target.user.id}`;
  t.deepEqual((await server.request('PATCH', path, { body: { isBlocked: true } })).body.code, 'INVALID_AUTH_HEADER');
  const badFormat = { headers: { authorization: 'Token x' }, body: { isBlocked: true } };
  t.deepEqual((await server.request('PATCH', path, badFormat)).body.code, 'INVALID_AUTH_HEADER_FORMAT');
  t.deepEqual((await server.request('PATCH', path, { token: 'not.a.jwt', body: { isBlocked: true } })).body.code, 'INVALID_TOKEN');
  t.deepEqual((await patchUser(target.user.id, { isBlocked: true }, blockedCaller.token)).body, BLOCKED);
  for (const id of [target.user.id, 'not-a-uuid']) {
    const response = await patchUser(id, { isBlocked: true }, helper.token);
    t.is(response.status, 403);
    t.deepEqual(response.body, FORBIDDEN);
  }
  const invalid = await patchUser('not-a-uuid', {});
  t.is(invalid.status, 400);
  t.deepEqual(invalid.body, INVALID_USER_ID);
  const unknown = await patchUser(randomUUID(), {});
  t.is(unknown.status, 404);
  t.deepEqual(unknown.body, USER_NOT_FOUND);
  t.deepEqual((await patchUser(target.user.id, {})).body, validationError('isBlocked', 'isBlocked is required'));
  for (const value of [null, 'true', 1, {}]) {
    const response = await patchUser(target.user.id, { isBlocked: value });
    t.is(response.status, 400);
    t.deepEqual(response.body, validationError('isBlocked', 'isBlocked must be a boolean'));
  }
  t.false((await server.ctx.storage.users.get(target.user.id))!.isBlocked, 'nothing was written');
});

test.serial('the owner cannot be blocked (the CLI\'s refusal); unblocking the owner changes nothing', async (t) => {
  const response = await patchUser(owner.id, { isBlocked: true });
  t.is(response.status, 409);
  t.deepEqual(response.body, {
    code: 'OWNER_CANNOT_BE_BLOCKED',
    message: `${OWNER.email} is the owner and cannot be blocked: make someone else the owner first (feedbackd user make-owner <user>)`,
  });
  t.false((await server.ctx.storage.users.get(owner.id))!.isBlocked);
  const unblock = await patchUser(owner.id, { isBlocked: false });
  t.is(unblock.status, 200);
  t.like(unblock.body.user, { userId: owner.id, isOwner: true, isBlocked: false });
});

test.serial('/users/profile keeps PATCH; /users/:user_id answers OPTIONS and 405 with Allow', async (t) => {
  const profile = await server.request('PATCH', '/users/profile', { token: ownerToken, body: { name: 'Ada Lovelace' } });
  t.deepEqual(Object.keys(profile.body.user), ['userId', 'name', 'username', 'email']);
  t.is((await server.request('PATCH', '/USERS/Profile', { token: ownerToken, body: {} })).body.user.userId, owner.id);
  const options = await server.request('OPTIONS', `/users/${owner.id}`);
  t.is(options.status, 204);
  t.is(options.headers.get('allow'), 'PATCH, OPTIONS');
  const get = await server.request('GET', `/users/${owner.id}`, { token: ownerToken });
  t.is(get.status, 405);
  t.is(get.headers.get('allow'), 'PATCH, OPTIONS');
  t.is((await server.request('POST', '/users/profile', { token: ownerToken, body: {} })).headers.get('allow'), 'GET, HEAD, PATCH, OPTIONS');
  // A literal path keeps its own methods: an id never takes a literal word (API.md §8.7; walked in literal-routes.test.ts).
  t.is((await server.request('OPTIONS', '/users/permissions')).headers.get('allow'), 'GET, HEAD, OPTIONS');
  t.is((await patchUser('permissions', { isBlocked: true })).status, 405);
});
