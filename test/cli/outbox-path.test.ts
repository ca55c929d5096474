import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { seedBoard } from '../admin/backup-fixtures.js';
import { runInProcess, tempDir } from './_cli.ts';

const TO = 'jane@example.org';

test('mail goes only into a real outbox directory: a file or a symbolic link at <data>/outbox is refused, and nothing is written through it', async (t) => {
  const root = await tempDir(t);
  const data = join(root, 'data');
  await seedBoard(data);
  const outbox = join(data, 'outbox');

  await writeFile(outbox, 'not a directory');
  const onFile = await runInProcess(['mail', 'test', TO, '--data', data, '--mail-outbox']);
  t.is(onFile.code, 1);
  t.regex(onFile.stderr, new RegExp(`^error: The test message to ${TO} failed: the outbox ${outbox} is a regular file, not a directory: move it away, and feedbackd creates the directory there\n`));
  t.is(await readFile(outbox, 'utf8'), 'not a directory');

  await rm(outbox);
  const elsewhere = join(root, 'shared');
  await mkdir(elsewhere);
  await symlink(elsewhere, outbox);
  const onLink = await runInProcess(['mail', 'test', TO, '--data', data, '--mail-outbox']);
  t.is(onLink.code, 1);
  t.regex(onLink.stderr, new RegExp(`failed: the outbox ${outbox} is a symbolic link, not a directory`));
  t.deepEqual(await readdir(elsewhere), []);
});
