import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { type RawDocument, SCHEMA_VERSION } from '../../src/storage/lowdb/document.js';
import { DEFAULT_SETTINGS, everyoneRole, teamRole } from '../../src/storage/seed.js';
import { type LinkedIdentityRow, type SsoSecretRow, UniqueViolation } from '../../src/storage/types.js';
import { freshStorage, open, tempDir } from './_config.js';
import { lowdbOnly } from './_engine.js';
import { at, userRow } from './_rows.js';

/*
 * The issue-28 tables on both engines: single sign-on secrets and linked identities, with their
 * uniqueness rules (one identity per provider and subject, one per user and provider); and the
 * JSON-file upgrade from schema 5, which gives a database both tables, empty.
 */

const secretRow = (fields: Partial<SsoSecretRow> = {}): SsoSecretRow => ({
  id: randomUUID(),
  secret: `ssosec_${'a'.repeat(43)}`,
  createdAt: at(0),
  lastUsedAt: null,
  ...fields,
});

const identityRow = (userId: string, fields: Partial<LinkedIdentityRow> = {}): LinkedIdentityRow => ({
  id: randomUUID(),
  userId,
  provider: 'sso',
  subject: `subject-${randomUUID()}`,
  avatarUrl: null,
  createdAt: at(0),
  lastUsedAt: at(0),
  ...fields,
});

test('sso secrets: insert, get, update lastUsedAt, list oldest first, delete, count', async (t) => {
  const { storage } = await freshStorage(t);
  const late = secretRow({ createdAt: at(9) });
  const early = secretRow({ createdAt: at(3) });
  for (const row of [late, early]) t.deepEqual(await storage.ssoSecrets.insert(row), row);
  t.deepEqual((await storage.ssoSecrets.list()).map((row) => row.id), [early.id, late.id]);
  t.deepEqual(await storage.ssoSecrets.update(late.id, { lastUsedAt: at(20) }), { ...late, lastUsedAt: at(20) });
  t.deepEqual(await storage.ssoSecrets.get(late.id), { ...late, lastUsedAt: at(20) });
  t.true(await storage.ssoSecrets.delete(early.id));
  t.is(await storage.ssoSecrets.count(), 1);
});

test('linked identities: found by provider and subject, listed per user; each key unique; deleted with their user', async (t) => {
  const { storage } = await freshStorage(t);
  const [ann, bob] = [userRow(), userRow()];
  for (const user of [ann, bob]) await storage.users.insert(user);
  const annSso = identityRow(ann.id, { subject: 'a/b', avatarUrl: 'https://cdn.example.com/a.png' });
  const annOidc = identityRow(ann.id, { provider: 'google', subject: 'a/b', createdAt: at(5) });
  for (const row of [annSso, annOidc]) t.deepEqual(await storage.linkedIdentities.insert(row), row);
  t.deepEqual(await storage.linkedIdentities.getBySubject('sso', 'a/b'), annSso);
  t.is((await storage.linkedIdentities.getBySubject('google', 'a/b'))?.id, annOidc.id, 'the same subject at another provider is another identity');
  t.is(await storage.linkedIdentities.getBySubject('sso/a', 'b'), undefined, 'provider and subject never run together');
  t.deepEqual((await storage.linkedIdentities.listByUser(ann.id)).map((row) => row.id), [annSso.id, annOidc.id]);

  const taken = await t.throwsAsync(storage.linkedIdentities.insert(identityRow(bob.id, { subject: 'a/b' })), { instanceOf: UniqueViolation });
  t.is(taken?.constraint, 'linkedIdentities.providerSubject');
  const second = await t.throwsAsync(storage.linkedIdentities.insert(identityRow(ann.id)), { instanceOf: UniqueViolation });
  t.is(second?.constraint, 'linkedIdentities.userProvider');

  t.is((await storage.linkedIdentities.update(annSso.id, { lastUsedAt: at(30) })).lastUsedAt, at(30));
  t.is(await storage.linkedIdentities.deleteByUser(ann.id), 2);
  t.deepEqual(await storage.linkedIdentities.listByUser(ann.id), []);
  t.is(await storage.linkedIdentities.count(), 0);
});

lowdbOnly('a schema-5 database is upgraded with both sign-in tables, empty, and its rows kept', async (t) => {
  const dir = join(await tempDir(t), 'data');
  await mkdir(dir);
  const user = userRow();
  const tables = {
    users: [user],
    roles: [everyoneRole(at(0)), teamRole(at(0))],
    ...Object.fromEntries(
      ['userRoles', 'boards', 'roadmaps', 'posts', 'votes', 'comments', 'activities', 'mailTokens', 'mailLog', 'outbox', 'webhookEndpoints', 'webhookDeliveries', 'subscriptions', 'notifications'].map((name) => [name, []]),
    ),
  };
  await writeFile(join(dir, 'db.json'), JSON.stringify({ schemaVersion: 5, seq: 1, settings: DEFAULT_SETTINGS, tables }));
  const storage = await open(t, dir);
  t.is(SCHEMA_VERSION, 15);
  t.deepEqual(await storage.users.get(user.id), user);
  t.deepEqual(await storage.ssoSecrets.list(), []);
  t.is(await storage.linkedIdentities.count(), 0);
  const upgraded = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')) as RawDocument;
  t.is(upgraded.schemaVersion, 15);
  t.deepEqual([upgraded.tables.ssoSecrets, upgraded.tables.linkedIdentities], [[], []]);
});
