import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { type RawDocument, SCHEMA_VERSION } from '../../src/storage/lowdb/document.js';
import { DEFAULT_SETTINGS, everyoneRole, teamRole } from '../../src/storage/seed.js';
import type { AuthProviderRow } from '../../src/storage/types.js';
import { freshStorage, open, tempDir } from './_config.js';
import { lowdbOnly } from './_engine.js';
import { at, userRow } from './_rows.js';

/*
 * The sign-in providers table (issue 28 §2, JSON schema 7, PostgreSQL migration 10) on both
 * engines, and the JSON-file upgrade from schema 6, which adds it empty.
 */

const providerRow = (fields: Partial<AuthProviderRow> = {}): AuthProviderRow => ({
  id: 'acme',
  kind: 'oidc',
  name: 'Acme',
  issuer: 'https://id.acme.example',
  clientId: 'client-1',
  clientSecret: 'client-secret-1',
  allowedDomains: ['acme.com', 'example.com'],
  allowTeam: false,
  enabled: true,
  createdAt: at(0),
  ...fields,
});

test('auth providers: insert, get, update, list oldest first, delete, count; every field read back as written', async (t) => {
  const { storage } = await freshStorage(t);
  const late = providerRow({
    id: 'late',
    createdAt: at(9),
    allowedDomains: [],
  });
  const early = providerRow({
    id: 'early',
    kind: 'github',
    createdAt: at(3),
    allowTeam: true,
  });
  for (const row of [late, early]) t.deepEqual(await storage.authProviders.insert(row), row);
  t.deepEqual(await storage.authProviders.list(), [early, late]);
  t.deepEqual(await storage.authProviders.update(late.id, { enabled: false }), {
    ...late,
    enabled: false,
  });
  t.deepEqual(await storage.authProviders.get(early.id), early);
  t.true(await storage.authProviders.delete(early.id));
  t.is(await storage.authProviders.count(), 1);
});

lowdbOnly('a schema-6 database is upgraded with an empty providers table, its rows kept', async (t) => {
  const dir = join(await tempDir(t), 'data');
  await mkdir(dir);
  const user = userRow();
  const names = [
    'userRoles',
    'boards',
    'roadmaps',
    'posts',
    'votes',
    'comments',
    'activities',
    'mailTokens',
    'mailLog',
    'outbox',
    'webhookEndpoints',
    'webhookDeliveries',
    'subscriptions',
    'notifications',
    'ssoSecrets',
    'linkedIdentities',
  ];
  const tables = {
    users: [user],
    roles: [everyoneRole(at(0)), teamRole(at(0))],
    ...Object.fromEntries(names.map((name) => [name, []])),
  };
  await writeFile(
    join(dir, 'db.json'),
    JSON.stringify({
      schemaVersion: 6,
      seq: 1,
      settings: DEFAULT_SETTINGS,
      tables,
    }),
  );
  const storage = await open(t, dir);
  t.is(SCHEMA_VERSION, 15);
  t.deepEqual(await storage.users.get(user.id), user);
  t.deepEqual(await storage.authProviders.list(), []);
  const upgraded = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')) as RawDocument;
  t.is(upgraded.schemaVersion, 15);
  t.deepEqual(upgraded.tables.authProviders, []);
});
