// Before a PostgreSQL database of an older schema is migrated at start, the rows as they were are
// written to <data>/backups/ (issue 15, item 8), in the backup format restore reads.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import pg from 'pg';
import { migrate } from '../../src/storage/postgres/migrate.js';
import { MIGRATIONS } from '../../src/storage/postgres/migrations/index.js';
import { runInProcess, tempDir } from '../cli/_cli.js';
import { freshSchema, pgTests } from '../storage-pg/_pg.js';

const AT = '2026-01-02T03:04:05.000Z';

pgTests((url) => {
  test('a database at migration 3 is copied to a backup file before migration 4, and restore reads the copy', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const pool = new pg.Pool({ connectionString: schemaUrl, max: 1 });
    t.deepEqual(await migrate(pool, MIGRATIONS.slice(0, 3)), [1, 2, 3]);
    await pool.query(
      `INSERT INTO users (id, email, email_lower, username, name, password_hash, is_owner, is_verified, is_blocked,
                          token_version, notes, created_at, updated_at)
       VALUES ('8f1b3c4d-0000-4000-8000-000000000001', 'ada@example.org', 'ada@example.org', 'ada', 'Ada Lovelace',
               '$2b$04$abcdefghijklmnopqrstuu5gaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', true, true, false, 0, NULL, $1, $1)`,
      [AT],
    );
    await pool.end();

    const data = await tempDir(t);
    const listed = await runInProcess(['user', 'list', '--json', '--data', data, '--database', schemaUrl]);
    t.is(listed.code, 0, listed.stderr);
    const [file, ...others] = await readdir(join(data, 'backups'));
    t.deepEqual(others, []);
    t.regex(file!, /^pre-upgrade-.+\.json$/);
    const backup = JSON.parse(await readFile(join(data, 'backups', file!), 'utf8'));
    // Migration 3's rows follow storage schema 2: the file says so, and restore upgrades them.
    t.like(backup, { format: 'feedbackd-backup', engine: 'postgres', schemaVersion: 2 });
    t.deepEqual(
      backup.tables.roles.map((role: { name: string }) => role.name),
      ['@everyone'],
    );
    t.deepEqual(
      backup.tables.users.map((user: { email: string }) => user.email),
      ['ada@example.org'],
    );

    const again = await runInProcess(['user', 'list', '--json', '--data', data, '--database', schemaUrl]);
    t.is(again.code, 0, again.stderr);
    t.deepEqual(await readdir(join(data, 'backups')), [file], 'a current database is not copied again');

    const restored = await tempDir(t);
    const restore = await runInProcess(['restore', join(data, 'backups', file!), '--data', restored, '--force']);
    t.is(restore.code, 0, restore.stderr);
    const users = await runInProcess(['user', 'list', '--json', '--data', restored]);
    t.deepEqual(
      (JSON.parse(users.stdout) as Array<{ email: string }>).map((user) => user.email),
      ['ada@example.org'],
    );
    const roles = await runInProcess(['role', 'list', '--json', '--data', restored]);
    t.deepEqual(
      (JSON.parse(roles.stdout) as Array<{ name: string }>).map((role) => role.name),
      ['@everyone', 'Team'],
      'restoring the copy upgraded it: the Team role of schema 4 is there',
    );
  });

  test('a new database is not copied before its first migrations', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const data = await tempDir(t);
    const listed = await runInProcess(['user', 'list', '--json', '--data', data, '--database', schemaUrl]);
    t.is(listed.code, 0, listed.stderr);
    await t.throwsAsync(readdir(join(data, 'backups')), { code: 'ENOENT' });
  });
});
