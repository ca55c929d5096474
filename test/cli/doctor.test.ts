import { chmod, chown, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import test from 'ava';
import { currentBootId, startTicksOf } from '../../src/storage/process-identity.js';
import { seedBoard } from '../admin/backup-fixtures.js';
import { runInProcess, startServing, stopServing, tempDir } from './_cli.ts';

const LINE = /^(ok {2}|warn|fail) \S/;

/** The check lines of a doctor run, without the verdict line. */
function checkLines(stdout: string): string[] {
  const lines = stdout.trimEnd().split('\n');
  return lines.slice(0, -1);
}

test('a healthy data directory: every line ok or warn, storage opened, exit 0', async (t) => {
  const data = join(await tempDir(t), 'data');
  await seedBoard(data);
  const result = await runInProcess(['doctor', '--data', data, '--mail-outbox', '--port', '0', '--public-url', 'https://feedback.example.org']);
  t.is(result.code, 0, result.stderr);
  const lines = checkLines(result.stdout);
  for (const line of lines) t.regex(line, LINE);
  t.true(lines.includes(`ok   data directory ${data} (mode 0700)`));
  t.true(lines.includes('ok   files in the data directory are private (mode 0600, folders 0700)'));
  t.true(lines.includes('ok   lock: free (no feedbackd process holds the data directory)'));
  t.true(lines.includes('ok   storage: readable and writable (lowdb; 2 users, 3 posts)'));
  t.true(lines.includes('ok   public URL https://feedback.example.org'));
  t.regex(result.stdout, /\nwarn mail: written as files into .*outbox\/, nothing is sent — set --smtp-url/);
  t.regex(result.stdout, /\ndoctor: 0 failed, 1 warning\(s\)\n$/);
});

test('loose permissions and a public URL of localhost while listening for others are warnings', async (t) => {
  const data = join(await tempDir(t), 'data');
  await seedBoard(data);
  await chmod(data, 0o755);
  await chmod(join(data, 'db.json'), 0o644);
  const result = await runInProcess(['doctor', '--data', data, '--mail-outbox', '--host', '0.0.0.0', '--port', '0', '--json']);
  t.is(result.code, 0, result.stderr);
  const { ok, checks } = JSON.parse(result.stdout);
  t.true(ok);
  const warnings = checks.filter((check: { status: string }) => check.status === 'warn');
  t.like(warnings[0], { what: `data directory ${data} has mode 0755: other users can look inside`, todo: `chmod 700 ${data}` });
  t.like(warnings[1], { what: `1 file(s) in the data directory can be read by other users: ${join(data, 'db.json')}` });
  t.regex(warnings.at(-1).what, /^public URL http:\/\/localhost:\d+ names this machine, but serve listens on 0\.0\.0\.0/);
});

test('a locked data directory: the running server is named and asked; another holder is reported', async (t) => {
  const data = join(await tempDir(t), 'data');
  await seedBoard(data);
  const serving = await startServing(['serve', '--data', data, '--port', '0', '--mail-outbox']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  const busy = await runInProcess(['doctor', '--data', data, '--mail-outbox']);
  t.is(busy.code, 0, busy.stdout);
  t.regex(busy.stdout, new RegExp(`\\nok   lock: held by the running server, process ${serving.child.pid} \\(.*serve --data`));
  t.regex(busy.stdout, /\nok {3}storage: readable and writable, checked by the running server \(lowdb; 2 users, 3 posts\)\n/);
  t.regex(busy.stdout, /\nok {3}port: not checked, the server is running\n/);
  t.is((await stopServing(serving)).code, 0);

  // A holder that is alive but no server: this test process.
  const holder = { pid: process.pid, startedAt: '2024-01-01T00:00:00.000Z', command: 'feedbackd import big.json' };
  await writeFile(join(data, 'feedbackd.lock'), JSON.stringify(holder), { mode: 0o600 });
  const held = await runInProcess(['doctor', '--data', data, '--mail-outbox', '--port', '0']);
  t.regex(held.stdout, new RegExp(`\\nwarn lock: held by process ${process.pid} \\(feedbackd import big\\.json, started 2024-01-01T00:00:00\\.000Z\\), which does not answer on control\\.sock — wait`));
  t.regex(held.stdout, new RegExp(`\\nwarn storage: not checked, process ${process.pid} holds the data directory`));
});

test('failures exit 1: a missing directory, a malformed secret, a busy port, a broken config.json', async (t) => {
  const root = await tempDir(t);
  const missing = await runInProcess(['doctor', '--data', join(root, 'nope'), '--port', '0']);
  t.is(missing.code, 1);
  t.regex(missing.stdout, /^ok {3}configuration: valid\nfail data directory .*nope does not exist — point --data/);
  t.is(missing.stderr, '');

  const data = join(root, 'data');
  await seedBoard(data);
  await writeFile(join(data, 'secret'), 'short\n', { mode: 0o600 });
  const port = await new Promise<Server>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => resolve(server));
  });
  t.teardown(() => port.close());
  const taken = (port.address() as { port: number }).port;
  const result = await runInProcess(['doctor', '--data', data, '--mail-outbox', '--port', String(taken)]);
  t.is(result.code, 1);
  t.regex(result.stdout, /\nfail secret: .*secret is unreadable or malformed, serve will refuse to start — restore it from a backup/);
  t.regex(result.stdout, new RegExp(`\\nfail Port ${taken} on 127\\.0\\.0\\.1 is already in use — stop the other process`));
  t.regex(result.stdout, /\ndoctor: 2 failed, 1 warning\(s\)\n$/);

  await writeFile(join(data, 'config.json'), '{"port": "many"}');
  const broken = await runInProcess(['doctor', '--data', data]);
  t.is(broken.code, 1);
  t.regex(broken.stdout, /^fail configuration: Invalid configuration: port \(from .*config\.json: "many"\): must be an integer/);
});

test('what serve refuses is a failure: a data directory others may write to, a secret others may read', async (t) => {
  const data = join(await tempDir(t), 'data');
  await seedBoard(data);
  const secret = join(data, 'secret');
  await writeFile(secret, `${'A'.repeat(43)}\n`, { mode: 0o600 });
  await chmod(secret, 0o640);
  await chmod(data, 0o777);
  const result = await runInProcess(['doctor', '--data', data, '--mail-outbox', '--port', '0', '--public-url', 'https://feedback.example.org']);
  t.is(result.code, 1);
  const lines = checkLines(result.stdout);
  t.true(
    lines.includes(
      `fail data directory ${data} can be written by other users (mode 0777), who could replace its files and control socket; serve refuses to start — chmod 700 ${data}`,
    ),
    result.stdout,
  );
  t.true(lines.some((line) => line.startsWith(`fail secret: the secret file ${secret} can be used by other users (mode 0640); serve and the admin commands refuse it — chmod 600 ${secret} (`)), result.stdout);
  t.false(lines.some((line) => line.includes(secret) && line.startsWith('warn')), 'the secret is reported once, as a failure');
  t.false(lines.some((line) => /^(ok {2}|warn|fail) (lock|storage|control socket):/.test(line)), 'nothing was opened or sent in that directory');
  t.regex(result.stdout, /\ndoctor: 2 failed, 1 warning\(s\)\n$/);
});

test('files of another user in the data directory are a failure with the chown line', async (t) => {
  if (process.getuid?.() !== 0) {
    t.log('skipped: only root can give a file to another user (uid 65534)');
    t.pass();
    return;
  }
  const data = join(await tempDir(t), 'data');
  await seedBoard(data);
  await chown(join(data, 'db.json'), 65534, 65534);
  const result = await runInProcess(['doctor', '--data', data, '--mail-outbox', '--port', '0']);
  t.is(result.code, 1);
  t.regex(result.stdout, new RegExp(`\\nfail ${join(data, 'db.json')} in the data directory belongs to (nobody \\()?uid 65534\\)?, not to root \\(uid 0\\) who runs this command \\(left by a command run with sudo\\?\\); serve refuses to start — give every file to one user: chown -R root ${data}\\n`));
});

test('a lock naming a live pid that is not its holder (pid reuse, pid 1 after a reboot) is reported as left behind', async (t) => {
  const bootId = currentBootId();
  if (bootId === undefined || startTicksOf(1) === undefined) {
    t.log('skipped: no /proc here (or pid 1 is hidden): the lock checks the pid only');
    t.pass();
    return;
  }
  const data = join(await tempDir(t), 'data');
  await seedBoard(data);
  const stale = { pid: 1, startedAt: '2024-01-01T00:00:00.000Z', command: 'feedbackd serve', bootId, startTicks: startTicksOf(1)! + 1 };
  await writeFile(join(data, 'feedbackd.lock'), JSON.stringify(stale), { mode: 0o600 });
  const result = await runInProcess(['doctor', '--data', data, '--mail-outbox', '--port', '0']);
  t.regex(result.stdout, /\nwarn lock: left behind by process 1 \(feedbackd serve, started 2024-01-01T00:00:00\.000Z\), which is gone — harmless/);
  t.regex(result.stdout, /\nok {3}storage: readable and writable \(lowdb; 2 users, 3 posts\)\n/);
});

test('a database written by a newer feedbackd is a failure whose fix is to upgrade, not to restore', async (t) => {
  const data = join(await tempDir(t), 'data');
  await seedBoard(data);
  const file = join(data, 'db.json');
  const doc = JSON.parse(await readFile(file, 'utf8'));
  await writeFile(file, JSON.stringify({ ...doc, schemaVersion: doc.schemaVersion + 1 }));
  const result = await runInProcess(['doctor', '--data', data, '--mail-outbox', '--port', '0', '--public-url', 'https://feedback.example.org']);
  t.is(result.code, 1);
  t.regex(result.stdout, /\nfail storage: cannot be opened: Database .* has schema version \d+, but this feedbackd only knows versions up to \d+\./);
  t.regex(result.stdout, /upgrade feedbackd \(npm install -g feedbackd@latest\), then run doctor again/);
  t.false(result.stdout.includes('feedbackd restore'));
});
