import test, { type ExecutionContext } from 'ava';
import { DEFAULT_SETTINGS, EVERYONE_ROLE_ID, TEAM_ROLE_ID } from '../../src/storage/seed.js';
import { RowNotFound, UniqueViolation } from '../../src/storage/types.js';
import { at, mailLogRow, mailTokenRow, roleRow, userRoleRow, userRow } from '../storage/_rows.js';
import { freshPg, pgTests } from './_pg.js';

async function refused(t: ExecutionContext, write: Promise<unknown>, constraint: string): Promise<void> {
  const error = await t.throwsAsync(write, { instanceOf: UniqueViolation });
  t.is(error?.constraint, constraint);
}

pgTests((url) => {
  test('users: CRUD round-trips every field exactly', async (t) => {
    const { storage } = await freshPg(t, url);
    const row = userRow({ notes: 'a note', tokenVersion: 3, createdAt: '2026-03-04T05:06:07.089Z', updatedAt: at(5) });
    t.deepEqual(await storage.users.insert(row), row);
    t.deepEqual(await storage.users.get(row.id), row);
    t.is(await storage.users.get('00000000-0000-4000-8000-000000000000'), undefined);
    const updated = await storage.users.update(row.id, { name: 'Renamed', notes: null, isBlocked: true, email: undefined });
    t.deepEqual(updated, { ...row, name: 'Renamed', notes: null, isBlocked: true });
    t.deepEqual(await storage.users.update(row.id, {}), updated, 'an empty patch returns the row');
    const other = await storage.users.insert(userRow());
    const many = await storage.users.getMany([row.id, other.id, 'missing']);
    t.deepEqual([...many.keys()].sort(), [row.id, other.id].sort());
    t.deepEqual(many.get(row.id), updated);
    t.deepEqual(await storage.users.getMany([]), new Map());
    t.is(await storage.users.count(), 2);
    t.true(await storage.users.delete(row.id));
    t.false(await storage.users.delete(row.id));
    t.is(await storage.users.count(), 1);
    await t.throwsAsync(storage.users.update(row.id, { name: 'x' }), { instanceOf: RowNotFound });
  });

  test('users: email (case-insensitive), username, single owner, id', async (t) => {
    const { storage } = await freshPg(t, url);
    const ada = await storage.users.insert(userRow({ email: 'ada@example.org', isOwner: true }));
    await refused(t, storage.users.insert(userRow({ email: 'ADA@example.org' })), 'users.email');
    await refused(t, storage.users.insert(userRow({ username: ada.username })), 'users.username');
    await refused(t, storage.users.insert(userRow({ isOwner: true })), 'users.owner');
    await refused(t, storage.users.insert(userRow({ id: ada.id })), 'users.id');
    const other = await storage.users.insert(userRow());
    await refused(t, storage.users.update(other.id, { email: 'Ada@Example.org' }), 'users.email');
    await refused(t, storage.users.update(other.id, { isOwner: true }), 'users.owner');
    t.is(await storage.users.count(), 2);
    t.deepEqual(await storage.users.get(other.id), other, 'a refused update changes nothing');
    // Usernames are case-sensitive, as in the JSON-file engine.
    await storage.users.insert(userRow({ username: ada.username.toUpperCase() }));
  });

  test('users: lookups by email ignoring case, username, owner', async (t) => {
    const { storage } = await freshPg(t, url);
    t.is(await storage.users.getOwner(), undefined);
    const ada = await storage.users.insert(userRow({ email: 'Ada.Lovelace@Example.org', isOwner: true }));
    t.deepEqual(await storage.users.getByEmail('ada.lovelace@example.ORG'), ada);
    t.deepEqual(await storage.users.getByUsername(ada.username), ada);
    t.is(await storage.users.getByUsername(ada.username.toUpperCase()), undefined);
    t.deepEqual(await storage.users.getOwner(), ada);
    await storage.users.update(ada.id, { isOwner: false });
    t.is(await storage.users.getOwner(), undefined);
    const changed = await storage.users.update(ada.id, { email: 'ADA@example.net' });
    t.deepEqual(await storage.users.getByEmail('ada@EXAMPLE.net'), changed);
    t.is(await storage.users.getByEmail('ada.lovelace@example.org'), undefined);
  });

  test('users: pages by (createdAt, id), by offset and after a row, both directions', async (t) => {
    const { storage } = await freshPg(t, url);
    const ids = ['a', 'b', 'c', 'd', 'e'].map((c) => `${c}0000000-0000-4000-8000-000000000000`);
    // d and b share a timestamp: the id breaks the tie.
    const times = [at(1), at(3), at(2), at(3), at(5)];
    for (const [n, id] of ids.entries()) await storage.users.insert(userRow({ id, createdAt: times[n]! }));
    const ascending = [ids[0], ids[2], ids[1], ids[3], ids[4]];
    const page = await storage.users.page({ direction: 'asc', limit: 2, from: { offset: 1 } });
    t.deepEqual(
      page && { ...page, rows: page.rows.map((r) => r.id) },
      { rows: ascending.slice(1, 3), total: 5, offset: 1, hasMore: true },
    );
    const after = await storage.users.page({ direction: 'asc', limit: 10, from: { after: ids[1]! } });
    t.deepEqual(after && { ...after, rows: after.rows.map((r) => r.id) }, {
      rows: ascending.slice(3),
      total: 5,
      offset: 3,
      hasMore: false,
    });
    const descending = [...ascending].reverse();
    const down = await storage.users.page({ direction: 'desc', limit: 2, from: { after: ids[3]! } });
    t.deepEqual(down && { ...down, rows: down.rows.map((r) => r.id) }, {
      rows: descending.slice(2, 4),
      total: 5,
      offset: 2,
      hasMore: true,
    });
    const beyond = await storage.users.page({ direction: 'desc', limit: 2, from: { offset: 9 } });
    t.deepEqual(beyond, { rows: [], total: 5, offset: 5, hasMore: false });
    t.is(await storage.users.page({ direction: 'asc', limit: 2, from: { after: 'unknown' } }), undefined);
  });

  test('roles: @everyone and Team seeded, name unique ignoring case, list and page in order, getByName', async (t) => {
    const { storage } = await freshPg(t, url);
    const everyone = await storage.roles.get(EVERYONE_ROLE_ID);
    t.is(everyone?.name, '@everyone');
    t.true(everyone?.isSystem);
    t.regex(everyone?.createdAt ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await refused(t, storage.roles.insert(roleRow({ name: '@EVERYONE' })), 'roles.name');
    const role = await storage.roles.insert(roleRow({ name: 'Moderators', permissions: ['post:create', 'vote:create'] }));
    t.deepEqual(await storage.roles.getByName('mODERATORS'), role);
    await refused(t, storage.roles.update(role.id, { name: '@Everyone' }), 'roles.name');
    await refused(t, storage.roles.insert(roleRow({ id: role.id })), 'roles.id');
    const later = await storage.roles.insert(roleRow({ createdAt: '2999-01-01T00:00:00.000Z' }));
    const list = await storage.roles.list();
    t.deepEqual(
      list.map((r) => r.id),
      [role.id, everyone!.id, TEAM_ROLE_ID, later.id].sort((a, b) => {
        const ra = list.find((r) => r.id === a)!;
        const rb = list.find((r) => r.id === b)!;
        return ra.createdAt === rb.createdAt ? (a < b ? -1 : 1) : ra.createdAt < rb.createdAt ? -1 : 1;
      }),
    );
    const page = await storage.roles.page({ direction: 'desc', limit: 1, from: { offset: 0 } });
    t.deepEqual(page?.rows, [later]);
    t.is(page?.total, 4);
    const renamed = await storage.roles.update(role.id, { name: 'Mods' });
    t.deepEqual(await storage.roles.getByName('mods'), renamed);
    t.is(await storage.roles.getByName('moderators'), undefined);
  });

  test('userRoles: unique pair, lookups, grouped lists, cascade on user delete', async (t) => {
    const { storage } = await freshPg(t, url);
    const user = await storage.users.insert(userRow());
    const lonely = await storage.users.insert(userRow());
    const role = await storage.roles.insert(roleRow());
    const first = await storage.userRoles.insert(userRoleRow(user.id, EVERYONE_ROLE_ID, { createdAt: at(1) }));
    const second = await storage.userRoles.insert(userRoleRow(user.id, role.id, { createdAt: at(2) }));
    await refused(t, storage.userRoles.insert(userRoleRow(user.id, EVERYONE_ROLE_ID)), 'userRoles.userRole');
    await refused(t, storage.userRoles.insert(userRoleRow(lonely.id, role.id, { id: first.id })), 'userRoles.id');
    t.deepEqual(await storage.userRoles.getByUserAndRole(user.id, role.id), second);
    t.is(await storage.userRoles.getByUserAndRole(lonely.id, role.id), undefined);
    t.deepEqual(await storage.userRoles.listByUser(user.id), [first, second]);
    t.deepEqual(await storage.userRoles.listByUser(lonely.id), []);
    t.deepEqual(
      await storage.userRoles.listByUsers([user.id, lonely.id]),
      new Map([
        [user.id, [first, second]],
        [lonely.id, []],
      ]),
    );
    t.true(await storage.users.delete(user.id));
    t.is(await storage.userRoles.count(), 0);
  });

  test('settings: defaults, partial updates, labs replaced as a whole', async (t) => {
    const { storage } = await freshPg(t, url);
    t.deepEqual(await storage.settings.get(), DEFAULT_SETTINGS);
    t.deepEqual(Object.keys(await storage.settings.get()), Object.keys(DEFAULT_SETTINGS), 'fields in the contract order');
    const updated = await storage.settings.update({ title: 'Ideas', logo: 'https://example.org/l.png', description: undefined });
    t.deepEqual(updated, { ...DEFAULT_SETTINGS, title: 'Ideas', logo: 'https://example.org/l.png' });
    const labs = await storage.settings.update({ labs: { comments: false, voteOnBehalf: true } });
    t.deepEqual(labs.labs, { comments: false, voteOnBehalf: true });
    t.deepEqual(await storage.settings.get(), labs);
  });

  test('mailTokens: unique hash, lookup, delete by user and purpose', async (t) => {
    const { storage } = await freshPg(t, url);
    const user = await storage.users.insert(userRow());
    const verify = await storage.mailTokens.insert(mailTokenRow(user.id));
    const reset = await storage.mailTokens.insert(mailTokenRow(user.id, { purpose: 'reset' }));
    await refused(t, storage.mailTokens.insert(mailTokenRow(user.id, { tokenHash: verify.tokenHash })), 'mailTokens.tokenHash');
    t.deepEqual(await storage.mailTokens.getByHash(verify.tokenHash), verify);
    t.is(await storage.mailTokens.getByHash('nope'), undefined);
    t.is(await storage.mailTokens.deleteByUser(user.id, 'verify'), 1);
    t.is(await storage.mailTokens.deleteByUser(user.id, 'verify'), 0);
    t.deepEqual(await storage.mailTokens.get(reset.id), reset);
  });

  test('mailLog: newest first, only the newest `keep` entries kept', async (t) => {
    const { storage } = await freshPg(t, url);
    const entries = [1, 2, 3, 4].map((s) => mailLogRow({ createdAt: at(s), to: `n${s}@example.org` }));
    for (const entry of entries) await storage.mailLog.append(entry, 3);
    t.deepEqual(await storage.mailLog.list(10), [entries[3], entries[2], entries[1]]);
    t.deepEqual(await storage.mailLog.list(1), [entries[3]]);
    await storage.mailLog.append(mailLogRow({ createdAt: at(9), status: 'failed', error: 'refused' }), 1);
    const [only] = await storage.mailLog.list(10);
    t.is(only?.error, 'refused');
    t.is((await storage.mailLog.list(10)).length, 1);
  });
});
