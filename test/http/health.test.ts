import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { startTestServer } from '../_helpers/server.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const UNAVAILABLE = { message: 'Storage is not writable', code: 'STORAGE_UNAVAILABLE' };

test('GET /health answers 200 with status ok and the package version', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const response = await server.request('GET', '/health');
  t.is(response.status, 200);
  t.is(response.text, JSON.stringify({ status: 'ok', version }));
  t.regex(version, /^\d+\.\d+\.\d+/);
});

test('GET /health ignores the Authorization header (auth none)', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  for (const authorization of ['Bearer not-a-jwt', 'garbage']) {
    t.is((await server.request('GET', '/health', { headers: { authorization } })).status, 200);
  }
});

test('GET /health answers 503 STORAGE_UNAVAILABLE when storage refuses writes', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  // A real failure of the write check: the database file is gone from the data directory, or, on
  // PostgreSQL (TEST_DATABASE_URL runs), the engine's connections are gone.
  if (server.ctx.storage.engine === 'lowdb') await rm(join(server.dataDir, 'db.json'));
  else await server.ctx.storage.close();
  const response = await server.request('GET', '/health');
  t.is(response.status, 503);
  t.deepEqual(response.body, UNAVAILABLE);
  t.is(response.headers.get('cache-control'), 'no-store');
  const head = await server.request('HEAD', '/health');
  t.is(head.status, 503);
  t.is(head.text, '');
});
