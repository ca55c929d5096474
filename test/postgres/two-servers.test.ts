import test from 'ava';
import { freshSchema, pgTests, query } from '../storage-pg/_pg.js';
import { type ServingChild, startServing, stopServing, tempDir } from '../cli/_cli.js';
import { sendRequest } from '../_helpers/server.js';

/*
 * Two `feedbackd serve` processes on one PostgreSQL database, as behind a load balancer: every
 * request alternates between them, and the database alone keeps the rules of API.md §1.13.
 */

const PASSWORD = 'correct horse battery';

async function startPair(t: import('ava').ExecutionContext, databaseUrl: string): Promise<[ServingChild, ServingChild]> {
  // One data dir for both: on PostgreSQL it only holds the signing secret (and the mail outbox).
  const data = `${await tempDir(t)}/data`;
  const args = ['serve', '--data', data, '--database', databaseUrl, '--port', '0', '--mail-outbox'];
  // Started one after the other only so the first creates the secret; both apply migrations at start.
  const first = await startServing(args);
  const second = await startServing(args);
  t.teardown(async () => {
    await Promise.all([stopServing(first), stopServing(second)]);
  });
  return [first, second];
}

pgTests((url) => {
  test('two servers started at once on one database and one data dir: migrations applied once, one secret', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const args = ['serve', '--data', `${await tempDir(t)}/data`, '--database', schemaUrl, '--port', '0', '--mail-outbox'];
    const [a, b] = await Promise.all([startServing(args), startServing(args)]);
    t.teardown(async () => {
      await Promise.all([stopServing(a), stopServing(b)]);
    });
    const migrations = await query<{ id: number }>(schemaUrl, 'SELECT id FROM schema_migrations ORDER BY id');
    t.deepEqual(
      migrations.map((row) => row.id),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18],
    );
    for (const server of [a, b]) t.is((await sendRequest(server.url, 'GET', '/health')).status, 200);
    // A token signed by one server is accepted by the other: they found the same secret.
    const setup = await sendRequest(a.url, 'POST', '/auth/setup', { body: { email: 'owner@example.org', password: PASSWORD } });
    const token = (setup.body as { user: { authToken: string } }).user.authToken;
    t.is((await sendRequest(b.url, 'POST', '/posts', { token, body: { title: 'Shared secret' } })).status, 201);
  });

  test('concurrent setups across two servers: exactly one owner', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const servers = await startPair(t, schemaUrl);
    const attempts = Array.from({ length: 12 }, (_, i) =>
      sendRequest(servers[i % 2]!.url, 'POST', '/auth/setup', { body: { email: `owner${i}@example.org`, password: PASSWORD } }),
    );
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    t.is(statuses.filter((status) => status === 201).length, 1, `statuses: ${statuses.join(' ')}`);
    t.is(statuses.filter((status) => status === 403).length, 11, `statuses: ${statuses.join(' ')}`);
    t.deepEqual(await query(schemaUrl, 'SELECT count(*)::int AS owners FROM users WHERE is_owner'), [{ owners: 1 }]);
    t.deepEqual(await query(schemaUrl, 'SELECT count(*)::int AS users FROM users'), [{ users: 1 }]);
    for (const server of servers) {
      const status = await sendRequest(server.url, 'GET', '/auth/setup');
      t.like(status.body, { is_setup: true });
    }
  });

  test('concurrent votes across two servers: one vote per user and post, counts exact', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const servers = await startPair(t, schemaUrl);
    const setup = await sendRequest(servers[0]!.url, 'POST', '/auth/setup', { body: { email: 'owner@example.org', password: PASSWORD } });
    t.is(setup.status, 201);
    const ownerToken = (setup.body as { user: { authToken: string } }).user.authToken;
    const created = await sendRequest(servers[1]!.url, 'POST', '/posts', { token: ownerToken, body: { title: 'Dark mode' } });
    t.is(created.status, 201);
    const postId = (created.body as { post: { postId: string } }).post.postId;
    const members = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const signup = await sendRequest(servers[i % 2]!.url, 'POST', '/auth/signup', { body: { email: `m${i}@example.org`, password: PASSWORD } });
        t.is(signup.status, 201);
        return (signup.body as { user: { authToken: string } }).user.authToken;
      }),
    );
    // Each member votes three times at once, through both servers.
    const votes = members.flatMap((token) =>
      [0, 1, 2].map((i) => sendRequest(servers[i % 2]!.url, 'POST', '/votes', { token, body: { postId } })),
    );
    const statuses = (await Promise.all(votes)).map((response) => response.status);
    t.is(statuses.filter((status) => status === 201).length, 10, `statuses: ${statuses.join(' ')}`);
    t.is(statuses.filter((status) => status === 409).length, 20, `statuses: ${statuses.join(' ')}`);
    t.deepEqual(await query(schemaUrl, 'SELECT count(*)::int AS votes FROM votes'), [{ votes: 11 }]);
    for (const server of servers) {
      const list = await sendRequest(server.url, 'POST', '/posts/get', { body: {} });
      t.like((list.body as { posts: Array<{ voters: { votesCount: number } }> }).posts[0]?.voters, { votesCount: 11 });
    }
    // Concurrent removals: each member's vote goes exactly once.
    const removals = members.flatMap((token) =>
      [0, 1].map((i) => sendRequest(servers[i % 2]!.url, 'DELETE', '/votes', { token, body: { postId } })),
    );
    const removed = (await Promise.all(removals)).map((response) => response.status);
    t.is(removed.filter((status) => status === 200).length, 10, `statuses: ${removed.join(' ')}`);
    t.deepEqual(await query(schemaUrl, 'SELECT count(*)::int AS votes FROM votes'), [{ votes: 1 }]);
  });

  test('rate limits are counted by each process: a client refused by one server is still heard by the other', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const data = `${await tempDir(t)}/data`;
    const args = ['serve', '--data', data, '--database', schemaUrl, '--port', '0', '--mail-outbox', '--login-rate-limit', '2/1h'];
    const first = await startServing(args);
    const second = await startServing(args);
    t.teardown(async () => {
      await Promise.all([stopServing(first), stopServing(second)]);
    });
    const wrongLogin = (server: ServingChild) =>
      sendRequest(server.url, 'POST', '/auth/login', { body: { email: 'nobody@example.org', password: 'wrong password' } });
    const onFirst = [await wrongLogin(first), await wrongLogin(first), await wrongLogin(first)].map((response) => response.status);
    t.deepEqual(onFirst, [403, 403, 429]);
    // The README says so: with N processes a client may get up to N times each limit.
    t.is((await wrongLogin(second)).status, 403);
  });

  test('--database-pool-size caps the connections each process opens', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const name = `feedbackd-pool-${process.pid}-${Date.now()}`;
    const databaseUrl = `${schemaUrl}&application_name=${name}`;
    const args = ['serve', '--data', `${await tempDir(t)}/data`, '--database', databaseUrl, '--port', '0', '--database-pool-size', '2'];
    const serving = await startServing(args);
    t.teardown(() => stopServing(serving));
    const connections = async () =>
      (await query<{ n: number }>(url, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = '${name}'`))[0]!.n;
    const load = Promise.all(Array.from({ length: 40 }, () => sendRequest(serving.url, 'POST', '/posts/get', { body: {} })));
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) seen.push(await connections());
    const answers = await load;
    t.true(answers.every((answer) => answer.status === 200));
    seen.push(await connections());
    t.true(Math.max(...seen) <= 2, `connections seen: ${seen.join(' ')}`);
    t.true(Math.max(...seen) >= 1, `connections seen: ${seen.join(' ')}`);
  });
});
