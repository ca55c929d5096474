import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { type RawDocument, SCHEMA_VERSION } from '../../src/storage/lowdb/document.js';
import { DEFAULT_SETTINGS, everyoneRole, teamRole } from '../../src/storage/seed.js';
import type { UploadRow } from '../../src/storage/types.js';
import { writeSnapshot } from '../../src/storage/restore.js';
import { openStorage } from '../../src/storage/open.js';
import { testDatabaseUrl } from '../_helpers/engine.js';
import { createSchema } from '../_helpers/pg-schema.js';
import { testConfig } from '../_helpers/config.js';
import { freshStorage, open, silentLogger, TEST_ENGINE, tempDir } from './_config.js';
import { lowdbOnly } from './_engine.js';
import { at, userRow } from './_rows.js';

/*
 * Uploaded images (issue 31 §3, JSON schema 12, PostgreSQL migration 15) on both engines: the
 * rows, and the bytes kept beside them; the JSON-file upgrade from schema 11, which adds the table.
 */

function bytesOf(text: string): { id: string; bytes: Buffer } {
  const bytes = Buffer.from(text);
  return { id: createHash('sha256').update(bytes).digest('hex'), bytes };
}

function uploadRow(id: string, fields: Partial<UploadRow> = {}): UploadRow {
  return { id, type: 'png', width: 640, height: 480, size: 1234, userId: randomUUID(), createdAt: at(1), ...fields };
}

test('uploads: insert, get, listed by age before a time, a user’s bytes since a time, delete, count; rows read back as written', async (t) => {
  const { storage } = await freshStorage(t);
  const user = randomUUID();
  const a = uploadRow(bytesOf('a').id, { userId: user, createdAt: at(1), size: 100, type: 'jpeg' });
  const b = uploadRow(bytesOf('b').id, { userId: user, createdAt: at(5), size: 250, type: 'gif' });
  const c = uploadRow(bytesOf('c').id, { createdAt: at(3), size: 7, type: 'webp' });
  for (const row of [a, b, c]) t.deepEqual(await storage.transaction((tx) => tx.uploads.insert(row)), row);
  t.deepEqual(await storage.uploads.get(b.id), b);
  t.is(await storage.uploads.get(bytesOf('none').id), undefined);
  t.is(await storage.uploads.count(), 3);
  t.deepEqual(await storage.uploads.listCreatedBefore(at(4), 10), [a, c]);
  t.deepEqual(await storage.uploads.listCreatedBefore(at(9), 2), [a, c]);
  t.deepEqual(await storage.uploads.listCreatedBefore(at(0), 10), []);
  t.is(await storage.uploads.sizeByUserSince(user, at(0)), 350);
  t.is(await storage.uploads.sizeByUserSince(user, at(2)), 250);
  t.is(await storage.uploads.sizeByUserSince(randomUUID(), at(0)), 0);
  t.true(await storage.transaction((tx) => tx.uploads.delete(a.id)));
  t.is(await storage.uploads.count(), 2);
  t.is(await storage.uploads.sizeByUserSince(user, at(0)), 250);
});

test('upload bytes: written once per id (a second write of the same bytes is fine), read back, listed, removed', async (t) => {
  const { storage } = await freshStorage(t);
  const one = bytesOf('first image');
  const two = bytesOf('second image');
  t.is(await storage.uploadBytes.read(one.id), undefined);
  await storage.uploadBytes.write(one.id, one.bytes);
  await storage.uploadBytes.write(one.id, one.bytes);
  await storage.uploadBytes.write(two.id, two.bytes);
  t.deepEqual(await storage.uploadBytes.read(one.id), one.bytes);
  t.deepEqual((await storage.uploadBytes.ids()).sort(), [one.id, two.id].sort());
  await storage.uploadBytes.remove(one.id);
  await storage.uploadBytes.remove(one.id);
  t.is(await storage.uploadBytes.read(one.id), undefined);
  t.deepEqual(await storage.uploadBytes.ids(), [two.id]);
});

lowdbOnly('the JSON-file engine keeps an upload’s bytes as the file uploads/<id>, nothing else left in the directory', async (t) => {
  const { dir, storage } = await freshStorage(t);
  const one = bytesOf('on disk');
  await storage.uploadBytes.write(one.id, one.bytes);
  t.deepEqual(await readdir(join(dir, 'uploads')), [one.id]);
  t.deepEqual(await readFile(join(dir, 'uploads', one.id)), one.bytes);
  t.is(await storage.uploadBytes.read('../db.json'), undefined, 'a name that is no upload id never reads a file');
});

lowdbOnly('a schema-11 database is upgraded to 12 with an empty uploads table, its rows kept', async (t) => {
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
    'authProviders',
    'changelogEntries',
    'changelogLinks',
    'postMerges',
    'tags',
    'postTags',
  ];
  const tables = { users: [user], roles: [everyoneRole(at(0)), teamRole(at(0))], ...Object.fromEntries(names.map((name) => [name, []])) };
  await writeFile(join(dir, 'db.json'), JSON.stringify({ schemaVersion: 11, seq: 1, settings: DEFAULT_SETTINGS, tables }));
  const storage = await open(t, dir);
  t.is(SCHEMA_VERSION, 15);
  t.deepEqual(await storage.users.get(user.id), user);
  t.is(await storage.uploads.count(), 0);
  const upgraded = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')) as RawDocument;
  t.is(upgraded.schemaVersion, 15);
  t.deepEqual(upgraded.tables.uploads, []);
});

test('a snapshot carries each upload’s bytes (base64); written back into a new store, rows and bytes are the same', async (t) => {
  const { storage } = await freshStorage(t);
  const image = bytesOf('a picture');
  const row = uploadRow(image.id, { size: image.bytes.length });
  await storage.uploadBytes.write(image.id, image.bytes);
  await storage.transaction((tx) => tx.uploads.insert(row));
  const snapshot = await storage.snapshot();
  t.deepEqual(snapshot.tables.uploads, [{ ...row, data: image.bytes.toString('base64') }]);

  const dir = join(await tempDir(t), 'copy');
  await mkdir(dir);
  const schema = TEST_ENGINE === 'postgres' ? await createSchema(testDatabaseUrl()) : undefined;
  if (schema) t.teardown(schema.drop);
  const config = testConfig(dir, { databaseUrl: schema?.url ?? null });
  await writeSnapshot(config, snapshot, { replace: true });
  const restored = await openStorage(config, silentLogger);
  t.teardown(() => restored.close());
  t.deepEqual(await restored.uploads.get(image.id), row);
  t.deepEqual(await restored.uploadBytes.read(image.id), image.bytes);
});

lowdbOnly('writing a copy back keeps the file of a row the copy holds without bytes, and removes files no row names', async (t) => {
  const dir = join(await tempDir(t), 'data');
  await mkdir(dir);
  const kept = bytesOf('kept on disk');
  const stale = bytesOf('named by no row');
  const first = await open(t, dir);
  await first.uploadBytes.write(kept.id, kept.bytes);
  await first.uploadBytes.write(stale.id, stale.bytes);
  const snapshot = await first.snapshot();
  await first.close();
  const row = uploadRow(kept.id, { size: kept.bytes.length });
  await writeSnapshot(testConfig(dir), { ...snapshot, tables: { ...snapshot.tables, uploads: [row] } }, { replace: true });
  const storage = await open(t, dir);
  t.deepEqual(await storage.uploads.get(kept.id), row);
  t.deepEqual(await storage.uploadBytes.read(kept.id), kept.bytes);
  t.is(await storage.uploadBytes.read(stale.id), undefined);
});

