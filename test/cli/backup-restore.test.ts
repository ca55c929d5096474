import { randomUUID } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { writeConfigFile } from '../../src/config/data-dir.js';
import { sendRequest } from '../_helpers/server.js';
import type { MailLogRow } from '../../src/storage/types.js';
import { openBoard, seedBoard } from '../admin/backup-fixtures.js';
import { runInProcess, snapshot, startServing, stopServing, tempDir } from './_cli.ts';
import { MAIL_KINDS } from '../../src/storage/enumerations.js';

/** Every read the restored board must answer exactly as the original did. */
async function reads(url: string, token: string): Promise<unknown[]> {
  const answers = await Promise.all([
    sendRequest(url, 'GET', '/auth/setup'),
    sendRequest(url, 'POST', '/posts/get', { body: {} }),
    sendRequest(url, 'POST', '/posts/get', { body: { created: 'asc' }, token }),
    sendRequest(url, 'GET', '/users', { token }),
    sendRequest(url, 'GET', '/users/profile', { token }),
  ]);
  return answers.map(({ status, body }) => ({ status, body }));
}

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

test('a backup through the running server, restored into a new directory, serves the same board with the same tokens', async (t) => {
  const root = await tempDir(t);
  const source = join(root, 'source');
  const seeded = await seedBoard(source);
  await writeConfigFile(source, { mailOutbox: true, publicUrl: 'https://feedback.example.org' });
  const first = await startServing(['serve', '--data', source, '--port', '0']);
  t.teardown(() => first.child.kill('SIGKILL'));
  const before = await reads(first.url, seeded.ownerToken);
  t.is((before[3] as { status: number }).status, 200);

  const file = join(root, 'backup.json');
  const backup = await runInProcess(['backup', '--data', source, '--out', file]);
  t.is(backup.code, 0, backup.stderr);
  t.regex(backup.stdout, new RegExp(`^Backup written to ${file} \\(.+\\): users 2, roles 3, userRoles 3, boards 1, roadmaps 1, posts 3, votes 3`));
  t.is(await modeOf(file), 0o600);
  const header = JSON.parse(await readFile(file, 'utf8'));
  t.like(header, { format: 'feedbackd-backup', version: 1, secretSource: 'file', configFile: { mailOutbox: true } });
  t.is(`${header.secret}\n`, await readFile(join(source, 'secret'), 'utf8'));
  await stopServing(first);

  const target = join(root, 'restored');
  const restore = await runInProcess(['restore', file, '--data', target]);
  t.is(restore.code, 0, restore.stderr);
  t.regex(restore.stdout, /^Restored the backup of .+ into .+restored: users 2/);
  t.is(await modeOf(target), 0o700);
  for (const name of ['secret', 'config.json', 'db.json']) t.is(await modeOf(join(target, name)), 0o600, name);
  t.is(await readFile(join(target, 'config.json'), 'utf8'), await readFile(join(source, 'config.json'), 'utf8'));

  const second = await startServing(['serve', '--data', target, '--port', '0']);
  t.teardown(() => second.child.kill('SIGKILL'));
  t.deepEqual(await reads(second.url, seeded.ownerToken), before);
  t.is((await stopServing(second)).code, 0);
});

test('a backup taken while writes go on holds whole transactions: every post with its author vote, nothing torn', async (t) => {
  const root = await tempDir(t);
  const source = join(root, 'source');
  const seeded = await seedBoard(source);
  const serving = await startServing(['serve', '--data', source, '--port', '0', '--mail-outbox']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  const created: string[] = [];
  let writing = true;
  const writer = (async () => {
    for (let i = 0; writing; i++) {
      const answer = await sendRequest(serving.url, 'POST', '/posts', { body: { title: `Busy ${i}` }, token: seeded.ownerToken });
      if (answer.status === 201) created.push(answer.body.post.postId);
    }
  })();
  while (created.length < 5) await new Promise((resolve) => setTimeout(resolve, 20));
  const confirmedBefore = [...created];
  const file = join(root, 'busy.json.gz');
  const backup = await runInProcess(['backup', '--data', source, '--out', file, '--json']);
  writing = false;
  await writer;
  t.is(backup.code, 0, backup.stderr);
  t.is(JSON.parse(backup.stdout).file, file);

  const target = join(root, 'restored');
  t.is((await runInProcess(['restore', file, '--data', target])).code, 0);
  const exported = join(root, 'restored-export.json');
  t.is((await runInProcess(['export', '--data', target, '--out', exported])).code, 0);
  const data = JSON.parse(await readFile(exported, 'utf8'));
  const postIds = new Set(data.posts.map((post: { id: string }) => post.id));
  for (const id of confirmedBefore) t.true(postIds.has(id), `post ${id}, created before the backup, is in it`);
  const votes = new Set(data.votes.map((vote: { postId: string; userId: string }) => `${vote.postId}/${vote.userId}`));
  const busy = data.posts.filter((post: { title: string }) => post.title.startsWith('Busy '));
  t.true(busy.length >= confirmedBefore.length);
  for (const post of busy) t.true(votes.has(`${post.id}/${post.userId}`), `the author's vote of ${post.title} came with it`);
  t.is((await stopServing(serving)).code, 0);
});

test('restore refuses a non-empty directory, a directory a server holds, and damaged or foreign files, changing nothing', async (t) => {
  const root = await tempDir(t);
  const source = join(root, 'source');
  await seedBoard(source);
  const file = join(root, 'backup.json');
  t.is((await runInProcess(['backup', '--data', source, '--out', file])).code, 0);
  const text = await readFile(file, 'utf8');

  const busy = join(root, 'busy');
  await mkdir(busy);
  await writeFile(join(busy, 'notes.txt'), 'mine');
  const refused = await runInProcess(['restore', file, '--data', busy]);
  t.is(refused.code, 1);
  t.regex(refused.stderr, /^error: Data directory .*busy is not empty \(notes\.txt\)\..*--force/);
  t.deepEqual(Object.keys(await snapshot(busy)), [join(busy, 'notes.txt')]);

  const serving = await startServing(['serve', '--data', source, '--port', '0', '--mail-outbox']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  const before = await snapshot(source);
  const locked = await runInProcess(['restore', file, '--data', source, '--force']);
  t.is(locked.code, 1);
  t.regex(locked.stderr, new RegExp(`in use by process ${serving.child.pid}\\b.*stop it before restoring`));
  t.deepEqual(await snapshot(source), before);
  t.is((await stopServing(serving)).code, 0);

  const cases: Array<[string, string, RegExp]> = [
    ['truncated.json', text.slice(0, text.length / 2), /is not valid JSON: the file is damaged or truncated/],
    ['newer.json', text.replace('"version":1', '"version":7'), /in feedbackd-backup version 7; this feedbackd reads versions up to 1: upgrade feedbackd/],
    ['schema.json', text.replace(/"schemaVersion":\d+/, '"schemaVersion":99'), /storage schema version 99 .*upgrade feedbackd/],
    ['cut.json', text.replace(/"votes":\[[^\]]*\]/, '"votes":[]'), /has 0 rows in table votes where its header says 3/],
    ['other.json', '{"hello": 1}', /is not a feedbackd-backup file/],
  ];
  for (const [name, content, message] of cases) {
    await writeFile(join(root, name), content);
    const target = join(root, `target-${name}`);
    const result = await runInProcess(['restore', join(root, name), '--data', target]);
    t.is(result.code, 1, name);
    t.regex(result.stderr, message, name);
    await t.throwsAsync(stat(target), undefined, `${name}: nothing created`);
  }
});

test('restore --force replaces the board of a stopped data directory', async (t) => {
  const root = await tempDir(t);
  const [first, second] = [join(root, 'first'), join(root, 'second')];
  await seedBoard(first);
  await seedBoard(second);
  const file = join(root, 'first.json');
  t.is((await runInProcess(['backup', '--data', first, '--out', file])).code, 0);
  const forced = await runInProcess(['restore', file, '--data', second, '--force', '--json']);
  t.is(forced.code, 0, forced.stderr);
  t.true(JSON.parse(forced.stdout).replaced.includes('db.json'));
  t.is(await readFile(join(second, 'secret'), 'utf8'), await readFile(join(first, 'secret'), 'utf8'));
  const exports = await Promise.all(
    [first, second].map(async (dir) => {
      const out = join(root, `${dir === first ? 'first' : 'second'}-export.json`);
      t.is((await runInProcess(['export', '--data', dir, '--out', out, '--include-password-hashes'])).code, 0);
      const { exportedAt: _exportedAt, ...data } = JSON.parse(await readFile(out, 'utf8'));
      return data;
    }),
  );
  t.deepEqual(exports[1], exports[0]);
});

test('backup reads its file back by restore\'s checks first: a row restore would refuse leaves no file and names the row', async (t) => {
  const root = await tempDir(t);
  const source = join(root, 'source');
  await seedBoard(source);
  // A mail kind the rules do not know stands for any drift between what is stored and what restore takes.
  const ctx = await openBoard(source);
  const entry = { id: randomUUID(), createdAt: new Date().toISOString(), to: 'a@example.org', subject: 'Hi', kind: 'carrier-pigeon' };
  await ctx.storage.mailLog.append({ ...entry, transport: 'outbox', status: 'sent', error: null } as unknown as MailLogRow, 100);
  await ctx.close();
  const before = await snapshot(source);
  const file = join(root, 'backup.json');
  for (const out of [file, '-']) {
    const refused = await runInProcess(['backup', '--data', source, '--out', out]);
    t.is(refused.code, 1, out);
    const problem = `table mailLog, row ${entry.id}, field kind: must be one of: ${MAIL_KINDS.join(', ')}`;
    t.true(refused.stderr.startsWith(`error: The backup cannot be restored: ${problem}; nothing was written.`), refused.stderr);
    t.is(refused.stdout, '', `${out}: nothing on standard output`);
  }
  await t.throwsAsync(stat(file));
  t.deepEqual(await snapshot(source), before, 'no scratch file is left in the data directory');
});
