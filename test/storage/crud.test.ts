import test from 'ava';
import { DEFAULT_SETTINGS, EVERYONE_ROLE_ID, TEAM_ROLE_ID, teamRole } from '../../src/storage/seed.js';
import { RowNotFound } from '../../src/storage/types.js';
import { freshStorage, TEST_ENGINE } from './_config.js';
import { at, boardRow, mailLogRow, mailTokenRow, roadmapRow, roleRow, userRoleRow, userRow } from './_rows.js';

test('a new store starts with the @everyone and Team roles and the default settings', async (t) => {
  const { storage } = await freshStorage(t);
  t.is(storage.engine, TEST_ENGINE);
  const roles = await storage.roles.list();
  t.deepEqual(
    roles.map((r) => [r.id, r.name, r.isSystem]),
    [
      [EVERYONE_ROLE_ID, '@everyone', true],
      [TEAM_ROLE_ID, 'Team', false],
    ],
  );
  const [everyone, team] = roles;
  t.is(Date.parse(team!.createdAt) - Date.parse(everyone!.createdAt), 1, 'made right after @everyone');
  t.deepEqual(team, { ...teamRole(team!.createdAt) });
  t.false(team!.permissions.some((permission) => permission.startsWith('role:') || permission === 'settings:update'));
  t.deepEqual(await storage.settings.get(), DEFAULT_SETTINGS);
  t.is(await storage.users.count(), 0);
});

test('insert, get, getMany, update, delete and count on a table', async (t) => {
  const { storage } = await freshStorage(t);
  const ada = userRow({ name: 'Ada' });
  const grace = userRow({ name: 'Grace' });
  t.deepEqual(await storage.users.insert(ada), ada);
  await storage.users.insert(grace);
  t.deepEqual(await storage.users.get(ada.id), ada);
  t.is(await storage.users.get('missing'), undefined);
  const many = await storage.users.getMany([ada.id, 'missing', grace.id]);
  t.deepEqual([...many.keys()].sort(), [ada.id, grace.id].sort());
  const updated = await storage.users.update(ada.id, { name: 'Ada L.', notes: undefined, updatedAt: at(5) });
  t.deepEqual(updated, { ...ada, name: 'Ada L.', updatedAt: at(5) });
  t.deepEqual(await storage.users.get(ada.id), updated);
  t.is(await storage.users.count(), 2);
  t.true(await storage.users.delete(grace.id));
  t.false(await storage.users.delete(grace.id));
  t.is(await storage.users.count(), 1);
});

test('updating an unknown row throws RowNotFound', async (t) => {
  const { storage } = await freshStorage(t);
  await t.throwsAsync(storage.boards.update('nope', { name: 'x' }), { instanceOf: RowNotFound });
});

test('rows handed out are independent of the caller’s objects (and frozen on lowdb)', async (t) => {
  const { storage } = await freshStorage(t);
  const role = roleRow({ permissions: ['post:create'] });
  const stored = await storage.roles.insert(role);
  role.permissions.push('vote:create');
  role.name = 'changed by caller';
  const read = (await storage.roles.get(role.id))!;
  t.deepEqual(read.permissions, ['post:create']);
  t.not(read.name, 'changed by caller');
  // The contract lets an engine hand out frozen rows; lowdb does, so its memory cannot be changed by a caller.
  if (TEST_ENGINE !== 'lowdb') return;
  t.throws(() => {
    (stored as { name: string }).name = 'x';
  }, { instanceOf: TypeError });
  t.throws(() => read.permissions.push('x'), { instanceOf: TypeError });
  const settings = await storage.settings.get();
  t.throws(() => {
    (settings.labs as { comments: boolean }).comments = false;
  }, { instanceOf: TypeError });
});

test('users are found by email (any case), username and owner flag', async (t) => {
  const { storage } = await freshStorage(t);
  const owner = await storage.users.insert(userRow({ email: 'Owner@Example.org', isOwner: true }));
  const member = await storage.users.insert(userRow());
  t.is((await storage.users.getByEmail('owner@example.org'))?.id, owner.id);
  t.is((await storage.users.getByEmail('OWNER@EXAMPLE.ORG'))?.id, owner.id);
  t.is((await storage.users.getByUsername(member.username))?.id, member.id);
  t.is(await storage.users.getByUsername(member.username.toUpperCase()), undefined);
  t.is((await storage.users.getOwner())?.id, owner.id);
  await storage.users.update(owner.id, { isOwner: false, email: 'new@example.org' });
  t.is(await storage.users.getOwner(), undefined);
  t.is(await storage.users.getByEmail('owner@example.org'), undefined);
  t.is((await storage.users.getByEmail('new@example.org'))?.id, owner.id);
});

test('user roles are listed per user, roles in creation order', async (t) => {
  const { storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow());
  const other = await storage.users.insert(userRow());
  const role = await storage.roles.insert(roleRow({ createdAt: '2000-01-01T00:00:00.000Z' }));
  const late = await storage.userRoles.insert(userRoleRow(user.id, role.id, { createdAt: at(9) }));
  const early = await storage.userRoles.insert(userRoleRow(user.id, EVERYONE_ROLE_ID, { createdAt: at(2) }));
  await storage.userRoles.insert(userRoleRow(other.id, role.id));
  t.deepEqual((await storage.userRoles.listByUser(user.id)).map((r) => r.id), [early.id, late.id]);
  t.deepEqual(await storage.userRoles.listByUser('nobody'), []);
  t.deepEqual((await storage.roles.list()).map((r) => r.id), [role.id, EVERYONE_ROLE_ID, TEAM_ROLE_ID], 'roles by creation time');
});

test('boards by url and in creation order; roadmaps by url and in index order', async (t) => {
  const { storage } = await freshStorage(t);
  const second = await storage.boards.insert(boardRow({ createdAt: at(2) }));
  const first = await storage.boards.insert(boardRow({ createdAt: at(1) }));
  t.deepEqual((await storage.boards.list()).map((b) => b.id), [first.id, second.id]);
  t.is((await storage.boards.getByUrl(second.url))?.id, second.id);
  await storage.boards.update(second.id, { url: 'renamed' });
  t.is(await storage.boards.getByUrl(second.url), undefined);
  t.is((await storage.boards.getByUrl('renamed'))?.id, second.id);
  const r3 = await storage.roadmaps.insert(roadmapRow({ index: 3 }));
  const r1 = await storage.roadmaps.insert(roadmapRow({ index: 1 }));
  t.deepEqual((await storage.roadmaps.list()).map((r) => r.id), [r1.id, r3.id]);
  t.is((await storage.roadmaps.getByUrl(r3.url))?.id, r3.id);
});

test('settings are patched field by field', async (t) => {
  const { storage } = await freshStorage(t);
  const updated = await storage.settings.update({ title: 'Acme', labs: { comments: false, voteOnBehalf: true } });
  t.deepEqual(updated, { ...DEFAULT_SETTINGS, title: 'Acme', labs: { comments: false, voteOnBehalf: true } });
  t.deepEqual(await storage.settings.get(), updated);
});

test('mail tokens by hash; deleteByUser removes one purpose of one user', async (t) => {
  const { storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow());
  const other = await storage.users.insert(userRow());
  const verify1 = await storage.mailTokens.insert(mailTokenRow(user.id, { purpose: 'verify' }));
  await storage.mailTokens.insert(mailTokenRow(user.id, { purpose: 'verify', createdAt: at(1) }));
  const reset = await storage.mailTokens.insert(mailTokenRow(user.id, { purpose: 'reset' }));
  const others = await storage.mailTokens.insert(mailTokenRow(other.id, { purpose: 'verify' }));
  t.is((await storage.mailTokens.getByHash(verify1.tokenHash))?.id, verify1.id);
  t.is(await storage.mailTokens.deleteByUser(user.id, 'verify'), 2);
  t.is(await storage.mailTokens.getByHash(verify1.tokenHash), undefined);
  t.truthy(await storage.mailTokens.get(reset.id));
  t.truthy(await storage.mailTokens.get(others.id));
  t.is(await storage.mailTokens.deleteByUser(user.id, 'verify'), 0);
});

test('sign-in links: no user, an address, used later; deleteExpired sweeps one purpose past a time', async (t) => {
  const { storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow());
  const link = await storage.mailTokens.insert(mailTokenRow(null, { purpose: 'signin', email: 'jane@example.org', expiresAt: at(10) }));
  const later = await storage.mailTokens.insert(mailTokenRow(null, { purpose: 'signin', email: 'jane@example.org', expiresAt: at(30) }));
  const reset = await storage.mailTokens.insert(mailTokenRow(user.id, { purpose: 'reset', expiresAt: at(10) }));
  t.deepEqual(await storage.mailTokens.getByHash(link.tokenHash), link);
  t.deepEqual(await storage.mailTokens.get(reset.id), reset, 'a reset token reads back without the sign-in fields');
  const used = await storage.mailTokens.update(link.id, { usedAt: at(5) });
  t.deepEqual(used, { ...link, usedAt: at(5) });
  t.deepEqual(await storage.mailTokens.get(link.id), used);
  t.is(await storage.mailTokens.deleteExpired('signin', at(20)), 1);
  t.is(await storage.mailTokens.get(link.id), undefined);
  t.truthy(await storage.mailTokens.get(later.id));
  t.truthy(await storage.mailTokens.get(reset.id), 'another purpose is left alone');
});

test('the mail log keeps the newest entries and lists them newest first', async (t) => {
  const { storage } = await freshStorage(t);
  const entries = [3, 1, 4, 2, 5].map((s) => mailLogRow({ createdAt: at(s), subject: `s${s}` }));
  for (const entry of entries) await storage.mailLog.append(entry, 3);
  t.deepEqual((await storage.mailLog.list(10)).map((e) => e.subject), ['s5', 's4', 's3']);
  t.deepEqual((await storage.mailLog.list(2)).map((e) => e.subject), ['s5', 's4']);
});
