import { randomUUID } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { seedBoard } from '../admin/backup-fixtures.js';
import { runInProcess, snapshot, tempDir } from './_cli.ts';

test('restore of a backup whose post names no user prints one line naming table, row and field, and creates nothing', async (t) => {
  const root = await tempDir(t);
  await seedBoard(join(root, 'source'));
  const file = join(root, 'backup.json');
  t.is((await runInProcess(['backup', '--data', join(root, 'source'), '--out', file])).code, 0);
  const doc = JSON.parse(await readFile(file, 'utf8'));
  const nobody = randomUUID();
  doc.tables.posts[1].userId = nobody;
  await writeFile(file, JSON.stringify(doc));

  const target = join(root, 'restored');
  const refused = await runInProcess(['restore', file, '--data', target]);
  t.is(refused.code, 1);
  t.is(refused.stderr, `error: ${file} cannot be restored: table posts, row ${doc.tables.posts[1].id}, field userId: names no user (users has no row ${nobody})\n`);
  await t.throwsAsync(stat(target));
});

test('import of a file with a reserved board url prints one line naming the row and field, and writes nothing', async (t) => {
  const root = await tempDir(t);
  const data = join(root, 'data');
  await seedBoard(data);
  const file = join(root, 'export.json');
  t.is((await runInProcess(['export', '--data', data, '--out', file])).code, 0);
  const doc = JSON.parse(await readFile(file, 'utf8'));
  doc.boards.push({ ...doc.boards[0], id: randomUUID(), url: 'check-slug' });
  doc.counts.boards += 1;
  await writeFile(file, JSON.stringify(doc));
  const before = await snapshot(data);

  const refused = await runInProcess(['import', file, '--data', data]);
  t.is(refused.code, 1);
  t.is(
    refused.stderr,
    `error: ${file} is not a valid export: boards[1] field url: "check-slug" is reserved: a route of the API has that path under /api/v1/boards/\n`,
  );
  t.deepEqual(await snapshot(data), before);
});
