import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type RawDocument, SCHEMA_VERSION } from '../../src/storage/lowdb/document.js';
import type { ExecutionContext } from 'ava';
import { writeLowdbSnapshot } from '../../src/storage/lowdb/snapshot-restore.js';
import { upgradeDocument } from '../../src/storage/lowdb/upgrade.js';
import { DEFAULT_SETTINGS, EVERYONE_ROLE_ID, everyoneRole, TEAM_PERMISSIONS, TEAM_ROLE_ID } from '../../src/storage/seed.js';
import type { DatabaseSnapshot, RoleRow } from '../../src/storage/types.js';
import { open, tempDir } from './_config.js';
import { lowdbOnly } from './_engine.js';
import { at, roleRow, userRoleRow, userRow } from './_rows.js';

/** A schema-3 document as the feedbackd before issue 27 wrote it: the roles given, one user holding them all. */
function versionThreeDocument(roles: RoleRow[]) {
  const owner = userRow({ isOwner: true });
  const tables = {
    users: [owner],
    roles: [everyoneRole(at(0)), ...roles],
    userRoles: [everyoneRole(at(0)), ...roles].map((role) => userRoleRow(owner.id, role.id)),
    boards: [],
    roadmaps: [],
    posts: [],
    votes: [],
    comments: [],
    activities: [],
    mailTokens: [],
    mailLog: [],
    outbox: [],
    webhookEndpoints: [],
    webhookDeliveries: [],
    subscriptions: [],
    notifications: [],
  };
  return { schemaVersion: 3, seq: 2, settings: DEFAULT_SETTINGS, tables };
}

async function openVersionThree(t: ExecutionContext, roles: RoleRow[]) {
  const dir = join(await tempDir(t), 'data');
  await mkdir(dir);
  await writeFile(join(dir, 'db.json'), JSON.stringify(versionThreeDocument(roles)));
  return { dir, storage: await open(t, dir) };
}

lowdbOnly('a schema-3 database gets the Team role when upgraded (through 4), and nobody is given it', async (t) => {
  const mods = roleRow({ name: 'Moderators' });
  const { dir, storage } = await openVersionThree(t, [mods]);
  const upgraded = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')) as RawDocument;
  t.is(upgraded.schemaVersion, SCHEMA_VERSION);
  const team = await storage.roles.get(TEAM_ROLE_ID);
  t.like(team, { name: 'Team', isSystem: false, permissions: [...TEAM_PERMISSIONS] });
  t.is(team?.createdAt, team?.updatedAt);
  t.deepEqual((await storage.roles.list()).map((role) => role.id).sort(), [EVERYONE_ROLE_ID, TEAM_ROLE_ID, mods.id].sort());
  const [owner] = upgraded.tables.users!;
  t.deepEqual((await storage.userRoles.listByUser(owner!.id)).map((assignment) => assignment.roleId).sort(), [EVERYONE_ROLE_ID, mods.id].sort());
});

lowdbOnly('the upgrade leaves a role named Team in any case alone and adds no second one', async (t) => {
  const own = roleRow({ name: 'TEAM', permissions: ['comment:create_internal'] });
  const { storage } = await openVersionThree(t, [own]);
  t.is(await storage.roles.get(TEAM_ROLE_ID), undefined);
  t.deepEqual(await storage.roles.getByName('team'), own);
  t.is(await storage.roles.count(), 2);
});

lowdbOnly('upgrading is done once: a schema-4 document without the Team role stays without it', (t) => {
  const current = { ...versionThreeDocument([]), schemaVersion: 4 } as unknown as RawDocument;
  t.is(upgradeDocument(current, 'db.json').tables.roles?.length, 1);
  const old = versionThreeDocument([]) as unknown as RawDocument;
  t.deepEqual(
    upgradeDocument(old, 'db.json').tables.roles?.map((role) => role.id),
    [EVERYONE_ROLE_ID, TEAM_ROLE_ID],
  );
});

lowdbOnly('restoring a schema-3 copy upgrades it: the Team role appears', async (t) => {
  const doc = versionThreeDocument([]);
  const snapshot = { schemaVersion: 3, settings: doc.settings, tables: doc.tables } as unknown as DatabaseSnapshot;
  const target = join(await tempDir(t), 'restored');
  await mkdir(target);
  await writeLowdbSnapshot(target, snapshot);
  const restored = await open(t, target);
  t.is((await restored.roles.get(TEAM_ROLE_ID))?.name, 'Team');
});
