import { execFileSync } from 'node:child_process';
import { lstat, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { writeJsonFileDurably } from '../../src/admin/backup-file-writer.js';

const content = { head: { format: 'x', version: 1 }, lists: { rows: [{ id: '1' }] } };

test('the writer replaces an existing file only when told to, and never a FIFO; a refusal leaves no temp file', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'feedbackd-writer-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const file = join(dir, 'out.json');
  await writeFile(file, 'older');
  await t.throwsAsync(writeJsonFileDurably(file, content), { code: 'OUTPUT_FILE_EXISTS' });
  t.is(await readFile(file, 'utf8'), 'older');
  const fifo = join(dir, 'fifo');
  execFileSync('mkfifo', [fifo]);
  await t.throwsAsync(writeJsonFileDurably(fifo, content, { replace: true }), { message: /it is a FIFO, not a file/ });
  t.true((await lstat(fifo)).isFIFO());
  t.deepEqual((await readdir(dir)).sort(), ['fifo', 'out.json']);
  await writeJsonFileDurably(file, content, { replace: true });
  t.deepEqual(JSON.parse(await readFile(file, 'utf8')), { format: 'x', version: 1, rows: [{ id: '1' }] });
});
