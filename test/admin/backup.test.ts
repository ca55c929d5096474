import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import test, { type ExecutionContext } from 'ava';
import { writeJsonFileDurably } from '../../src/admin/backup-file-writer.js';
import { readJsonObject } from '../../src/admin/backup-format.js';
import { readBackupFile } from '../../src/admin/backup-read.js';
import { createBackup } from '../../src/admin/backup.js';
import { createMember } from '../_helpers/personas.js';
import { openBoard, seedBoard } from './backup-fixtures.js';

async function tempDir(t: ExecutionContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'feedbackd-backup-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

test('a storage snapshot is a point-in-time copy of every table and the settings', async (t) => {
  const ctx = await openBoard(join(await tempDir(t), 'data'));
  t.teardown(() => ctx.close());
  await createMember(ctx, { email: 'first@example.org' });
  const snapshot = await ctx.storage.snapshot();
  await createMember(ctx, { email: 'second@example.org' });
  await ctx.storage.settings.update({ title: 'Changed later' });
  t.deepEqual(snapshot.tables.users.map((user) => user.email), ['first@example.org']);
  t.is(snapshot.settings.title, 'Feedback');
  t.true(['mailTokens', 'mailLog'].every((name) => Array.isArray(snapshot.tables[name])));
  t.is((await ctx.storage.snapshot()).tables.users.length, 2);
});

test('backup files are written whole with mode 0600, gzipped when the name ends in .gz, and nothing is left on failure', async (t) => {
  const dir = await tempDir(t);
  const content = { head: { format: 'x', version: 1 }, lists: { rows: Array.from({ length: 20_000 }, (_, i) => ({ id: `${i}` })) }, listsKey: 'tables' };
  const plain = join(dir, 'out.json');
  const zipped = join(dir, 'out.json.gz');
  const bytes = await writeJsonFileDurably(plain, content);
  await writeJsonFileDurably(zipped, content);
  t.is((await stat(plain)).size, bytes);
  t.is((await stat(plain)).mode & 0o777, 0o600);
  const text = await readFile(plain, 'utf8');
  t.is(gunzipSync(await readFile(zipped)).toString('utf8'), text);
  t.deepEqual(await readJsonObject(zipped), JSON.parse(text));
  t.is(JSON.parse(text).tables.rows.length, 20_000);
  await t.throwsAsync(writeJsonFileDurably(join(dir, 'missing', 'out.json'), content));
  t.deepEqual((await readdir(dir)).sort(), ['out.json', 'out.json.gz']);
});

test('a backup file is checked before a restore: the secret, and the rows against the storage rules', async (t) => {
  const dir = await tempDir(t);
  const data = join(dir, 'data');
  await seedBoard(data);
  const ctx = await openBoard(data);
  const file = join(dir, 'backup.json');
  const result = await createBackup(ctx, { out: file });
  await ctx.close();
  t.like(result, { file, counts: { users: 2, posts: 3 }, secretSource: 'file' });
  const config = { databaseUrl: null };
  const backup = await readBackupFile(file, config);
  t.is(backup.snapshot.tables.users.length, 2);

  const doc = JSON.parse(await readFile(file, 'utf8'));
  const broken = async (name: string, change: (value: typeof doc) => void) => {
    const copy = structuredClone(doc);
    change(copy);
    await writeFile(join(dir, name), JSON.stringify(copy));
    return t.throwsAsync(readBackupFile(join(dir, name), config));
  };
  t.regex((await broken('secret.json', (copy) => (copy.secret = 'short')))!.message, /holds no valid secret/);
  const twice = await broken('twice.json', (copy) => {
    copy.tables.users[1].email = copy.tables.users[0].email;
  });
  // Rows are in (createdAt, id) order: two users made in one millisecond come in either order.
  const taken = (doc.tables.users[0].email as string).replace(/\./g, '\\.');
  t.regex(twice!.message, new RegExp(`cannot be restored: table users, row [0-9a-f-]{36}, field email: "${taken}" is already taken by row [0-9a-f-]{36} \\(users\\.email is unique\\)`));
  t.regex((await broken('array.json', (copy) => (copy.tables = [])))!.message, /has no tables/);
  await t.throwsAsync(createBackup(ctx, { out: 'relative.json' }), { message: /absolute "out" path/ });
});

test('the default file name is the prefix and the time with ":" replaced, in the working directory', async (t) => {
  const { outputPath } = await import('../../src/cli/ops/file-output.js');
  const when = new Date('2024-01-02T03:04:05.678Z');
  t.is(await outputPath(undefined, 'feedbackd-backup', when), join(process.cwd(), 'feedbackd-backup-2024-01-02T03-04-05.678Z.json'));
  await t.throwsAsync(outputPath('/no/such/dir/b.json', 'feedbackd-backup'), { message: 'Cannot write /no/such/dir/b.json: /no/such/dir is not a directory' });
});
