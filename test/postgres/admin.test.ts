import { access, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { sendRequest } from '../_helpers/server.js';
import { runChild, runInProcess, startServing, stopServing, tempDir } from '../cli/_cli.js';
import { freshSchema, pgTests } from '../storage-pg/_pg.js';

const PASSWORD = 'correct horse battery';

/** `init --yes --database <url>` into a new data dir; returns the dir. */
async function initOnPostgres(t: import('ava').ExecutionContext, databaseUrl: string): Promise<string> {
  const dir = await tempDir(t);
  const data = join(dir, 'data');
  const passwordFile = join(dir, 'password.txt');
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  const args = ['init', '--yes', '--no-serve', '--data', data, '--database', databaseUrl, '--email', 'ada@example.org'];
  const result = await runInProcess([...args, '--password-file', passwordFile, '--mail-outbox']);
  t.is(result.code, 0, result.stderr);
  return data;
}

pgTests((url) => {
  test('init --database sets the board up in PostgreSQL and saves the URL for serve; no JSON database is written', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const data = await initOnPostgres(t, schemaUrl);
    t.like(JSON.parse(await readFile(join(data, 'config.json'), 'utf8')), { databaseUrl: schemaUrl, mailOutbox: true });
    await t.throwsAsync(access(join(data, 'db.json')));
    const serving = await startServing(['serve', '--data', data, '--port', '0']);
    t.teardown(() => stopServing(serving));
    t.like((await sendRequest(serving.url, 'GET', '/auth/setup')).body, { is_setup: true });
    const login = await sendRequest(serving.url, 'POST', '/auth/login', { body: { email: 'ada@example.org', password: PASSWORD } });
    t.is(login.status, 200);
  });

  test('admin commands open the database themselves while a server runs: what they write, the server serves', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const data = await initOnPostgres(t, schemaUrl);
    const serving = await startServing(['serve', '--data', data, '--port', '0']);
    t.teardown(() => stopServing(serving));
    const created = await runChild(['board', 'create', '--data', data, '--name', 'Ideas', '--url', 'ideas', '--display']);
    t.is(created.code, 0, created.stderr);
    const boards = await sendRequest(serving.url, 'GET', '/boards');
    t.deepEqual(
      (boards.body as { boards: Array<{ url: string }> }).boards.map((board) => board.url),
      ['ideas'],
    );
    const backupFile = join(await tempDir(t), 'backup.json');
    const backup = await runChild(['backup', '--data', data, '--out', backupFile, '--json']);
    t.is(backup.code, 0, backup.stderr);
    t.like(JSON.parse(backup.stdout), { counts: { users: 1, boards: 1 } });
    t.like(JSON.parse(await readFile(backupFile, 'utf8')), { format: 'feedbackd-backup', engine: 'postgres' });
  });

  test('doctor on PostgreSQL: no lock check, the database reached and read without changing it', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const data = await initOnPostgres(t, schemaUrl);
    const ready = await runInProcess(['doctor', '--data', data]);
    t.regex(ready.stdout, /^ok {3}lock: not used with PostgreSQL/m);
    t.regex(ready.stdout, /^ok {3}storage: PostgreSQL 127\.0\.0\.1:\d+\/\S+, readable and writable \(schema migration 18; 1 user, 0 posts\)$/m);
    const { url: bare } = await freshSchema(t, url);
    const fresh = await runInProcess(['doctor', '--data', data, '--database', bare]);
    t.regex(fresh.stdout, /^warn storage: PostgreSQL .+ is reachable and writable, no feedbackd schema yet/m);
    const readOnly = await runInProcess(['doctor', '--data', data, '--database', `${schemaUrl}${encodeURIComponent(' -c default_transaction_read_only=on')}`]);
    t.is(readOnly.code, 1);
    t.regex(readOnly.stdout, /^fail storage: PostgreSQL .+ refuses writes \(read-only, or a standby\)/m);
    const unreachable = await runInProcess(['doctor', '--data', data, '--database', 'postgres://u:hunter2@127.0.0.1:1/feedback']);
    t.is(unreachable.code, 1);
    t.regex(unreachable.stdout, /^fail storage: Cannot open the PostgreSQL database 127\.0\.0\.1:1\/feedback: /m);
    t.notRegex(unreachable.stdout, /hunter2/);
  });
});
