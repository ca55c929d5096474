// Before a JSON-file database of an older schema is upgraded in place, whatever opens it (serve or
// a command) writes a backup file of it into <data>/backups/, the newest three kept; restore reads it.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { SCHEMA_VERSION } from '../../src/storage/lowdb/document.ts';
import { writePreUpgradeBackup } from '../../src/admin/pre-upgrade-backup.ts';
import { testConfig } from '../_helpers/config.ts';
import { seedBoard } from '../admin/backup-fixtures.ts';
import { runInProcess, tempDir } from './_cli.ts';

/**
 * A data directory as feedbackd wrote it at schema version 1: the rows of a real board (so restore's
 * checks pass), without the comment tables version 2 added, in db.json alone.
 */
async function versionOneDataDir(dir: string) {
  const data = join(dir, 'data');
  await seedBoard(data);
  const current = JSON.parse(await readFile(join(data, 'db.json'), 'utf8'));
  const backupFile = join(dir, 'seed.json');
  const backup = await runInProcess(['backup', '--out', backupFile, '--data', data]);
  if (backup.code !== 0) throw new Error(backup.stderr);
  const { tables } = JSON.parse(await readFile(backupFile, 'utf8'));
  const { comments: _c, activities: _a, ...v1Tables } = tables;
  for (const name of await readdir(data)) if (name.startsWith('journal-')) await rm(join(data, name));
  const v1 = { schemaVersion: 1, seq: 1, settings: current.settings, tables: v1Tables };
  await writeFile(join(data, 'db.json'), JSON.stringify(v1), { mode: 0o600 });
  return { data, v1 };
}

test('a command that opens a version-1 database first writes a backup of it, which restore reads back', async (t) => {
  const dir = await tempDir(t);
  const { data, v1 } = await versionOneDataDir(dir);
  const listed = await runInProcess(['user', 'list', '--json', '--data', data]);
  t.is(listed.code, 0, listed.stderr);
  const [file, ...others] = await readdir(join(data, 'backups'));
  t.deepEqual(others, []);
  t.regex(file!, /^pre-upgrade-\d{4}-\d\d-\d\dT[\d-]+Z-schema-1\.json$/);
  const backup = JSON.parse(await readFile(join(data, 'backups', file!), 'utf8'));
  t.like(backup, { format: 'feedbackd-backup', schemaVersion: 1, engine: 'lowdb' });
  t.deepEqual(backup.tables.posts, v1.tables.posts);
  t.is(JSON.parse(await readFile(join(data, 'db.json'), 'utf8')).schemaVersion, SCHEMA_VERSION, 'and the database was upgraded');

  const restored = join(dir, 'restored');
  const restore = await runInProcess(['restore', join(data, 'backups', file!), '--data', restored]);
  t.is(restore.code, 0, restore.stderr);
  const emails = (data: string) => runInProcess(['user', 'list', '--json', '--data', data]).then((r) => JSON.parse(r.stdout).map((u: { email: string }) => u.email));
  t.deepEqual(await emails(restored), await emails(data));
  // A current database is opened as it is: no backup.
  await runInProcess(['user', 'list', '--data', data]);
  t.is((await readdir(join(data, 'backups'))).length, 1);
});

test('only the newest three pre-upgrade backups are kept', async (t) => {
  const { data, v1 } = await versionOneDataDir(await tempDir(t));
  const config = testConfig(data);
  const snapshot = { schemaVersion: 1, settings: v1.settings, tables: v1.tables } as never;
  for (let day = 1; day <= 5; day++) await writePreUpgradeBackup(config, snapshot, 'lowdb', new Date(`2026-01-0${day}T00:00:00Z`));
  const names = await readdir(join(data, 'backups'));
  t.deepEqual(
    names.map((name) => name.slice(12, 22)),
    ['2026-01-03', '2026-01-04', '2026-01-05'],
  );
});
