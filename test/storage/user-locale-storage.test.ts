/*
 * A user's language (issue 33: storage schema 14, PostgreSQL migration 17) on both engines: set,
 * read back, cleared; a row written without it reads back without it; and a JSON-file database of
 * schema 13 opens upgraded to the current schema with its users as they were.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { type RawDocument, SCHEMA_VERSION, TABLE_NAMES } from '../../src/storage/lowdb/document.js';
import { DEFAULT_SETTINGS, everyoneRole, teamRole } from '../../src/storage/seed.js';
import { freshStorage, open, tempDir } from './_config.js';
import { lowdbOnly } from './_engine.js';
import { at, userRow } from './_rows.js';

test('a user’s locale is stored, read back, changed and cleared; a row without it reads back without it', async (t) => {
  const { storage } = await freshStorage(t);
  const plain = userRow();
  const chosen = { ...userRow(), locale: 'pt-BR' as const };
  for (const row of [plain, chosen]) t.deepEqual(await storage.transaction((tx) => tx.users.insert(row)), row);
  t.deepEqual(await storage.users.get(plain.id), plain);
  t.false(Object.hasOwn((await storage.users.get(plain.id)) ?? {}, 'locale'));
  t.is((await storage.users.get(chosen.id))?.locale, 'pt-BR');
  t.is((await storage.transaction((tx) => tx.users.update(chosen.id, { locale: 'ar' }))).locale, 'ar');
  t.is((await storage.users.getByEmail(chosen.email))?.locale, 'ar');
  // Cleared: the JSON-file engine keeps the null, PostgreSQL reads the NULL column as absent; both mean none.
  await storage.transaction((tx) => tx.users.update(chosen.id, { locale: null }));
  t.is((await storage.users.get(chosen.id))?.locale ?? null, null);
  // An update that does not name it leaves it as it was.
  await storage.transaction((tx) => tx.users.update(plain.id, { locale: 'ko' }));
  await storage.transaction((tx) => tx.users.update(plain.id, { name: 'Renamed' }));
  t.like(await storage.users.get(plain.id), { name: 'Renamed', locale: 'ko' });
});

lowdbOnly('a schema-13 database is upgraded to 14, its users kept as they were, without a language', async (t) => {
  const dir = await tempDir(t);
  const user = userRow();
  const tables = { ...Object.fromEntries(TABLE_NAMES.map((name) => [name, []])), users: [user], roles: [everyoneRole(at(0)), teamRole(at(0))] };
  await writeFile(join(dir, 'db.json'), JSON.stringify({ schemaVersion: 13, seq: 1, settings: DEFAULT_SETTINGS, tables }));
  const storage = await open(t, dir);
  t.is(SCHEMA_VERSION, 15);
  t.deepEqual(await storage.users.get(user.id), user);
  const upgraded = JSON.parse(await readFile(join(dir, 'db.json'), 'utf8')) as RawDocument;
  t.is(upgraded.schemaVersion, 15);
  t.deepEqual(upgraded.tables.users, [user]);
});
