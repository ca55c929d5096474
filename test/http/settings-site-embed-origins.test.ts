import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { writeSnapshot } from '../../src/storage/restore.js';
import { testConfig } from '../_helpers/config.js';
import { TEST_ENGINE, testDatabaseUrl } from '../_helpers/engine.js';
import { createSchema } from '../_helpers/pg-schema.js';
import { startTestServer } from '../_helpers/server.js';
import { DEFAULT_SITE_SETTINGS, startSite, validationError } from './_settings.js';

// feedbackd's `embedOrigins` (issue 29): the sites whose pages may frame the widget's panel.

const LIST_MESSAGE = 'embedOrigins must be an array of at most 20 origins';
const itemMessage = (index: number) => `embedOrigins[${index}] must be an origin such as https://app.example.com (scheme, host and port only)`;

test('embedOrigins is [] on a new install; PATCH stores each origin as URL.origin, without duplicates, in order', async (t) => {
  const site = await startSite(t);
  t.deepEqual((await site.settings()).embedOrigins, []);
  const set = await site.patch('/settings/site', {
    embedOrigins: [' https://App.Example.com/ ', 'http://127.0.0.2:3000', 'https://app.example.com:443', 'HTTP://[::1]:8080', 'https://xn--bcher-kva.example'],
  });
  t.is(set.status, 200);
  const stored = ['https://app.example.com', 'http://127.0.0.2:3000', 'http://[::1]:8080', 'https://xn--bcher-kva.example'];
  t.deepEqual(set.body, { settings: { ...DEFAULT_SITE_SETTINGS, embedOrigins: stored } });
  t.deepEqual((await site.settings()).embedOrigins, stored);
  t.like(await site.server.ctx.storage.settings.get(), { embedOrigins: stored });
  // Other fields leave it as it is; [] and null empty it.
  t.deepEqual((await site.patch('/settings/site', { title: 'Ours' })).body.settings.embedOrigins, stored);
  t.deepEqual((await site.patch('/settings/site', { embedOrigins: [] })).body.settings.embedOrigins, []);
  await site.patch('/settings/site', { embedOrigins: ['https://a.example'] });
  t.deepEqual((await site.patch('/settings/site', { embedOrigins: null })).body.settings.embedOrigins, []);
  // Twenty is the most; duplicates count towards it as sent.
  const twenty = Array.from({ length: 20 }, (_, i) => `https://s${i}.example.com`);
  t.deepEqual((await site.patch('/settings/site', { embedOrigins: twenty })).body.settings.embedOrigins, twenty);
});

test('embedOrigins refuses what is not a list of at most 20 origins, naming the bad entry, and changes nothing', async (t) => {
  const site = await startSite(t);
  await site.patch('/settings/site', { embedOrigins: ['https://kept.example.com'] });
  for (const bad of ['https://app.example.com', 'https://a.com,https://b.com', 42, {}, true, Array.from({ length: 21 }, (_, i) => `https://s${i}.example`)]) {
    const refused = await site.patch('/settings/site', { embedOrigins: bad });
    t.is(refused.status, 400, JSON.stringify(bad));
    t.deepEqual(refused.body, validationError('embedOrigins', LIST_MESSAGE), JSON.stringify(bad));
  }
  const badItems = [
    'app.example.com',
    'https://app.example.com/path',
    'https://app.example.com//',
    'https://app.example.com/?',
    'https://app.example.com?x=1',
    'https://app.example.com#top',
    'https://app.example.com\\evil',
    'https://user:pw@app.example.com',
    'https://user@app.example.com',
    'https://*.example.com',
    '*',
    'ftp://files.example.com',
    'javascript:alert(1)',
    'https://',
    'https://app.example.com:99999',
    'https://a%2Cb.example.com',
    "https://a'b.example.com",
    'https://app.example.com\u0000',
    '',
    '   ',
    null,
    7,
    ['https://app.example.com'],
  ];
  for (const bad of badItems) {
    const refused = await site.patch('/settings/site', { embedOrigins: ['https://fine.example.com', bad] });
    t.is(refused.status, 400, JSON.stringify(bad));
    t.deepEqual(refused.body, validationError('embedOrigins[1]', itemMessage(1)), JSON.stringify(bad));
  }
  t.deepEqual((await site.settings()).embedOrigins, ['https://kept.example.com'], 'refusals changed nothing');
});

test('a data store from before embedOrigins existed answers [], and PATCH writes it', async (t) => {
  const source = await startSite(t);
  await source.patch('/settings/site', { title: 'Older board' });
  const snapshot = await source.server.ctx.storage.snapshot();
  const { embedOrigins: _embedOrigins, ...older } = snapshot.settings;
  const dataDir = await mkdtemp(join(tmpdir(), 'feedbackd-older-'));
  const schema = TEST_ENGINE === 'postgres' ? await createSchema(testDatabaseUrl()) : undefined;
  t.teardown(async () => {
    await schema?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  const databaseUrl = schema?.url ?? null;
  await writeSnapshot(testConfig(dataDir, { databaseUrl }), { ...snapshot, settings: older }, { replace: true });

  const server = await startTestServer({ dataDir, databaseUrl });
  t.teardown(server.close);
  t.false('embedOrigins' in (await server.ctx.storage.settings.get()), 'the stored settings have no embedOrigins key');
  const response = await server.request('GET', '/settings/site');
  t.deepEqual(response.body, { settings: { ...DEFAULT_SITE_SETTINGS, title: 'Older board' } });
  const set = await server.request('PATCH', '/settings/site', { token: source.ownerToken, body: { embedOrigins: ['https://app.example.com'] } });
  t.is(set.status, 200);
  t.like(await server.ctx.storage.settings.get(), { embedOrigins: ['https://app.example.com'], title: 'Older board' });
});
