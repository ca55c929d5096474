import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { openStorage } from '../../src/storage/open.js';
import { type RawDocument, SCHEMA_VERSION } from '../../src/storage/lowdb/document.js';
import { upgradeDocument } from '../../src/storage/lowdb/upgrade.js';
import { freshStorage, open, silentLogger, testConfig } from './_config.js';
import { userRow } from './_rows.js';

async function setVersion(dir: string, version: unknown): Promise<void> {
  const path = join(dir, 'db.json');
  const doc = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  await writeFile(path, JSON.stringify({ ...doc, schemaVersion: version }));
}

test('the snapshot carries the current schema version', async (t) => {
  const { dir, storage } = await freshStorage(t);
  await storage.users.insert(userRow());
  await storage.close();
  const doc = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')) as RawDocument;
  t.is(doc.schemaVersion, SCHEMA_VERSION);
  t.is(doc.seq, 1);
});

test('a database from a newer feedbackd is refused with a clear message', async (t) => {
  const { dir, storage } = await freshStorage(t);
  await storage.close();
  await setVersion(dir, SCHEMA_VERSION + 1);
  const error = await t.throwsAsync(openStorage(testConfig(dir), silentLogger));
  t.like(error, { code: 'DATABASE_TOO_NEW', status: 500 });
  t.regex(error!.message, new RegExp(`schema version ${SCHEMA_VERSION + 1}.*up to ${SCHEMA_VERSION}.*upgrade feedbackd`));
  t.true(error!.message.includes(join(dir, 'db.json')));
  await setVersion(dir, SCHEMA_VERSION);
  await t.notThrowsAsync(open(t, dir), 'the refusal left the files alone and released the lock');
});

test('a database without a valid version is refused', async (t) => {
  const { dir, storage } = await freshStorage(t);
  await storage.close();
  await setVersion(dir, 'one');
  const error = await t.throwsAsync(openStorage(testConfig(dir), silentLogger));
  t.like(error, { code: 'DATABASE_CORRUPT' });
});

test('upgrade steps run in order from the stored version to the current one', (t) => {
  const doc: RawDocument = { schemaVersion: 1, seq: 7, settings: {}, tables: { users: [{ id: 'u1' }] } };
  const steps = [
    (d: RawDocument) => ({ ...d, tables: { ...d.tables, people: d.tables.users!, users: [] } }),
    (d: RawDocument) => ({ ...d, settings: { ...d.settings, upgraded: true } }),
  ];
  const upgraded = upgradeDocument(doc, 'db.json', steps, 3);
  t.is(upgraded.schemaVersion, 3);
  t.deepEqual(upgraded.tables.people, [{ id: 'u1' }]);
  t.deepEqual(upgraded.settings, { upgraded: true });
  t.is(upgradeDocument({ ...doc, schemaVersion: 3 }, 'db.json', steps, 3).tables.users?.length, 1, 'current: unchanged');
  t.throws(() => upgradeDocument(doc, 'db.json', [], 2), { message: /no upgrade step from schema version 1/ });
});
