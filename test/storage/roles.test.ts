import { randomUUID } from 'node:crypto';
import test from 'ava';
import { EVERYONE_ROLE_ID, TEAM_ROLE_ID } from '../../src/storage/seed.js';
import type { OrderedPage, OrderedPageRequest, RoleRow, Storage } from '../../src/storage/types.js';
import { freshStorage, open } from './_config.js';
import { at, roleRow, userRoleRow, userRow } from './_rows.js';

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);

/** `count` roles at chosen times (seconds into 2026), inserted newest first so the order index cannot just append. */
async function insertRoles(storage: Storage, count: number, time: (i: number) => number): Promise<RoleRow[]> {
  const rows = Array.from({ length: count }, (_, i) => roleRow({ createdAt: at(time(i)) }));
  for (const row of [...rows].reverse()) await storage.roles.insert(row);
  return rows;
}

/** Every role id reached by following `after` from the start, `limit` at a time. */
async function walk(storage: Storage, direction: 'asc' | 'desc', limit: number): Promise<string[]> {
  const seen: string[] = [];
  let from: OrderedPageRequest['from'] = { offset: 0 };
  for (;;) {
    const page: OrderedPage<RoleRow> = (await storage.roles.page({ direction, limit, from }))!;
    seen.push(...ids(page.rows));
    if (!page.hasMore) return seen;
    from = { after: page.rows[page.rows.length - 1]!.id };
  }
}

test('roles.page: (createdAt, id) order in both directions, ties by id, the seeded roles included', async (t) => {
  const { storage } = await freshStorage(t);
  const seeded = await storage.roles.list();
  const roles = await insertRoles(storage, 7, (i) => i % 3);
  const ascending = ids([...seeded, ...roles].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)));
  const first = (await storage.roles.page({ direction: 'desc', limit: 3, from: { offset: 0 } }))!;
  t.deepEqual(ids(first.rows), [...ascending].reverse().slice(0, 3));
  t.like(first, { total: 9, offset: 0, hasMore: true });
  t.deepEqual(await walk(storage, 'desc', 3), [...ascending].reverse());
  t.deepEqual(await walk(storage, 'asc', 5), ascending);
  const after = (await storage.roles.page({ direction: 'desc', limit: 10, from: { after: ascending[5]! } }))!;
  t.deepEqual(ids(after.rows), ascending.slice(0, 5).reverse());
  t.like(after, { total: 9, offset: 4, hasMore: false });
});

test('roles.page: an unknown or deleted cursor role gives undefined', async (t) => {
  const { storage } = await freshStorage(t);
  const [gone] = await insertRoles(storage, 1, () => 1);
  await storage.roles.delete(gone!.id);
  for (const after of [randomUUID(), gone!.id, 'not-an-id']) {
    t.is(await storage.roles.page({ direction: 'desc', limit: 10, from: { after } }), undefined);
  }
  const seeded = (await storage.roles.page({ direction: 'desc', limit: 10, from: { offset: 0 } }))!;
  t.deepEqual(ids(seeded.rows), [TEAM_ROLE_ID, EVERYONE_ROLE_ID], 'Team was made right after @everyone');
});

test('roles.getByName ignores case and follows renames; userRoles.getByUserAndRole finds one pair', async (t) => {
  const { storage } = await freshStorage(t);
  t.is((await storage.roles.getByName('@EveryOne'))?.id, EVERYONE_ROLE_ID);
  const role = await storage.roles.insert(roleRow({ name: 'Moderators' }));
  t.is((await storage.roles.getByName('moderators'))?.id, role.id);
  await storage.roles.update(role.id, { name: 'Editors' });
  t.is(await storage.roles.getByName('Moderators'), undefined);
  t.is((await storage.roles.getByName('EDITORS'))?.id, role.id);
  t.is(await storage.roles.getByName('nobody'), undefined);

  const [ada, grace] = [await storage.users.insert(userRow()), await storage.users.insert(userRow())];
  const assignment = await storage.userRoles.insert(userRoleRow(ada.id, role.id));
  t.deepEqual(await storage.userRoles.getByUserAndRole(ada.id, role.id), assignment);
  t.is(await storage.userRoles.getByUserAndRole(grace.id, role.id), undefined);
  t.is(await storage.userRoles.getByUserAndRole(ada.id, EVERYONE_ROLE_ID), undefined);
  await storage.userRoles.delete(assignment.id);
  t.is(await storage.userRoles.getByUserAndRole(ada.id, role.id), undefined);
});

test('the new lookups and the role order survive a restart', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const roles = await insertRoles(storage, 4, (i) => i);
  const user = await storage.users.insert(userRow());
  const assignment = await storage.userRoles.insert(userRoleRow(user.id, roles[2]!.id));
  const before = await walk(storage, 'desc', 2);
  await storage.close();
  const reopened = await open(t, dir);
  t.deepEqual(await walk(reopened, 'desc', 2), before);
  t.is((await reopened.roles.getByName(roles[1]!.name.toUpperCase()))?.id, roles[1]!.id);
  t.deepEqual(await reopened.userRoles.getByUserAndRole(user.id, roles[2]!.id), assignment);
});
