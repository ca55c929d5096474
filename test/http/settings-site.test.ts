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

test('a new install answers the documented defaults, in documented key order, to anyone', async (t) => {
  const { server } = await startSite(t);
  const response = await server.request('GET', '/settings/site');
  t.is(response.status, 200);
  t.deepEqual(response.body, { settings: DEFAULT_SITE_SETTINGS });
  t.deepEqual(Object.keys(response.body.settings), Object.keys(DEFAULT_SITE_SETTINGS));
  // Auth "none": even a broken Authorization header is ignored.
  const withBadHeader = await server.request('GET', '/settings/site', { headers: { authorization: 'Bearer nope' } });
  t.is(withBadHeader.status, 200);
  t.deepEqual(withBadHeader.body, { settings: DEFAULT_SITE_SETTINGS });
});

test('{} and an absent body change nothing and answer the current settings', async (t) => {
  const site = await startSite(t);
  const empty = await site.patch('/settings/site', {});
  t.is(empty.status, 200);
  t.deepEqual(empty.body, { settings: DEFAULT_SITE_SETTINGS });
  const noBody = await site.server.request('PATCH', '/settings/site', { token: site.ownerToken });
  t.is(noBody.status, 200);
  t.deepEqual(noBody.body, { settings: DEFAULT_SITE_SETTINGS });
  t.deepEqual(await site.settings(), DEFAULT_SITE_SETTINGS);
});

test('every field round-trips: PATCH answers what GET then shows, trimmed and normalised', async (t) => {
  const site = await startSite(t);
  const response = await site.patch('/settings/site', {
    title: '  Acme Feedback ',
    description: '  Tell us what to build  ',
    logo: ' https://cdn.example.org/logo.png ',
    icon: 'http://cdn.example.org/icon.ico',
    accentColor: '#1A2B3C',
    googleAnalyticsId: ' G-ABC123 ',
    isPoweredBy: false,
    allowSignup: false,
    developer_mode: true,
    gravatar: false,
    locale: 'ja',
    texts: { ja: { welcome: ' ようこそ ' } },
  });
  t.is(response.status, 200);
  const expected = {
    title: 'Acme Feedback',
    description: 'Tell us what to build',
    logo: 'https://cdn.example.org/logo.png',
    icon: 'http://cdn.example.org/icon.ico',
    accentColor: '1a2b3c',
    googleAnalyticsId: 'G-ABC123',
    isPoweredBy: false,
    allowSignup: false,
    labs: DEFAULT_SITE_SETTINGS.labs,
    developer_mode: true,
    gravatar: false,
    ssoLoginUrl: null,
    embedOrigins: [],
    moderation: 'off',
    requireFormToken: false,
    locale: 'ja',
    texts: { ja: { welcome: 'ようこそ' } },
  };
  t.deepEqual(response.body, { settings: expected });
  t.deepEqual(Object.keys(response.body.settings), Object.keys(DEFAULT_SITE_SETTINGS));
  t.deepEqual(await site.settings(), expected);
  t.like(await site.server.ctx.storage.settings.get(), { developerMode: true, accentColor: '1a2b3c', gravatar: false });

  const back = { isPoweredBy: true, allowSignup: true, developer_mode: false, gravatar: true };
  t.like((await site.patch('/settings/site', back)).body.settings, back);
  t.like(await site.settings(), { ...back, title: 'Acme Feedback' });
});

test('each field alone changes only itself', async (t) => {
  const site = await startSite(t);
  const cases: Array<[string, unknown, unknown]> = [
    ['title', 'Solo', 'Solo'],
    ['title', 'x'.repeat(255), 'x'.repeat(255)],
    ['description', 'd'.repeat(255), 'd'.repeat(255)],
    ['googleAnalyticsId', 'UA-1', 'UA-1'],
    ['isPoweredBy', false, false],
    ['allowSignup', false, false],
    ['developer_mode', true, true],
    ['gravatar', false, false],
    ['gravatar', true, true],
    ['accentColor', 'ABCDEF', 'abcdef'],
  ];
  for (const [field, sent, stored] of cases) {
    const before = await site.settings();
    const response = await site.patch('/settings/site', { [field]: sent });
    t.is(response.status, 200, field);
    t.deepEqual(response.body.settings, { ...before, [field]: stored }, field);
    t.deepEqual(await site.settings(), { ...before, [field]: stored }, field);
  }
});

test('nullable text fields are cleared by null, "" and blanks', async (t) => {
  const site = await startSite(t);
  for (const cleared of [null, '', '   ']) {
    await site.patch('/settings/site', { description: 'About', googleAnalyticsId: 'G-1' });
    const response = await site.patch('/settings/site', { description: cleared, googleAnalyticsId: cleared });
    t.is(response.status, 200);
    t.like(response.body.settings, { description: null, googleAnalyticsId: null });
    t.like(await site.settings(), { description: null, googleAnalyticsId: null });
  }
});

test('accent colour: the four forms in any case become 6 lower-case digits; "" and null restore the default', async (t) => {
  const site = await startSite(t);
  const forms: Array<[unknown, string]> = [
    ['abc', 'aabbcc'],
    ['#abc', 'aabbcc'],
    ['aabbcc', 'aabbcc'],
    ['#aabbcc', 'aabbcc'],
    ['#F0a', 'ff00aa'],
    ['0F9', '00ff99'],
    ['#C0FFEE', 'c0ffee'],
    ['DeadBe', 'deadbe'],
    ['', '484d7c'],
    ['#123', '112233'],
    [null, '484d7c'],
  ];
  for (const [sent, stored] of forms) {
    const response = await site.patch('/settings/site', { accentColor: sent });
    t.is(response.status, 200, String(sent));
    t.is(response.body.settings.accentColor, stored, String(sent));
    t.is((await site.settings()).accentColor, stored, String(sent));
  }
});

test('icon follows logo unless icon is in the same body', async (t) => {
  const site = await startSite(t);
  const logo = 'https://example.org/logo.png';
  const icon = 'https://example.org/icon.png';
  t.like((await site.patch('/settings/site', { logo })).body.settings, { logo, icon: logo });
  t.like((await site.patch('/settings/site', { logo, icon })).body.settings, { logo, icon });
  t.like((await site.patch('/settings/site', { logo: 'https://example.org/new.png', icon: null })).body.settings, {
    logo: 'https://example.org/new.png',
    icon: null,
  });
  t.like((await site.patch('/settings/site', { icon })).body.settings, { logo: 'https://example.org/new.png', icon });
  t.like((await site.patch('/settings/site', { logo: null })).body.settings, { logo: null, icon: null });
  t.like((await site.patch('/settings/site', { icon, logo: '' })).body.settings, { logo: null, icon });
  t.like((await site.patch('/settings/site', { title: 'Only the title' })).body.settings, { logo: null, icon });
  t.like(await site.settings(), { title: 'Only the title', logo: null, icon });
});

test('URLs: trimmed, http and https only, up to 255 characters', async (t) => {
  const site = await startSite(t);
  const base = 'https://example.org/';
  const longest = base + 'a'.repeat(255 - base.length);
  t.is(longest.length, 255);
  for (const field of ['logo', 'icon']) {
    const response = await site.patch('/settings/site', { [field]: `  ${longest}\n` });
    t.is(response.status, 200, field);
    t.is(response.body.settings[field], longest, field);
    t.is((await site.settings())[field], longest, field);
    t.is((await site.patch('/settings/site', { [field]: 'HTTP://Example.org:8080/a.png?v=1' })).body.settings[field], 'HTTP://Example.org:8080/a.png?v=1');
  }
});

test('labs sent to PATCH /settings/site are ignored', async (t) => {
  const site = await startSite(t);
  for (const labs of [{ comments: false, voteOnBehalf: true }, 'not even an object', null]) {
    const response = await site.patch('/settings/site', { title: 'With labs', labs });
    t.is(response.status, 200);
    t.deepEqual(response.body.settings.labs, DEFAULT_SITE_SETTINGS.labs);
  }
  t.deepEqual((await site.server.request('GET', '/settings/labs')).body, { labs: DEFAULT_SITE_SETTINGS.labs });
});

test('allowSignup false makes sign-up answer 403 SIGNUP_NOT_ALLOWED at once, true allows it again', async (t) => {
  const site = await startSite(t);
  const grace = { email: 'grace@example.org', password: 'hopper compiler 1952', name: 'Grace Hopper' };
  t.is((await site.patch('/settings/site', { allowSignup: false })).status, 200);
  const refused = await site.server.request('POST', '/auth/signup', { body: grace });
  t.is(refused.status, 403);
  t.deepEqual(refused.body, { message: 'You do not have permission to perform this action.', code: 'SIGNUP_NOT_ALLOWED' });
  t.is(await site.server.ctx.storage.users.count(), 1);
  t.is((await site.patch('/settings/site', { allowSignup: true })).status, 200);
  t.is((await site.server.request('POST', '/auth/signup', { body: grace })).status, 201);
});

// feedbackd's `gravatar` (an extension of API.md §3.13: new keys are allowed by §1.1 "Versioning").

test('gravatar is false on a new install, after the documented keys, and PATCH turns it on and off again', async (t) => {
  const site = await startSite(t);
  const settings = await site.settings();
  t.is(settings.gravatar, false);
  t.deepEqual(Object.keys(settings).slice(-7), ['gravatar', 'ssoLoginUrl', 'embedOrigins', 'moderation', 'requireFormToken', 'locale', 'texts']);
  const on = await site.patch('/settings/site', { gravatar: true });
  t.is(on.status, 200);
  t.deepEqual(on.body, { settings: { ...DEFAULT_SITE_SETTINGS, gravatar: true } });
  t.deepEqual(await site.settings(), { ...DEFAULT_SITE_SETTINGS, gravatar: true });
  t.like(await site.server.ctx.storage.settings.get(), { gravatar: true });
  // Other fields leave it as it is.
  t.is((await site.patch('/settings/site', { title: 'Public board' })).body.settings.gravatar, true);
  const off = await site.patch('/settings/site', { gravatar: false });
  t.is(off.status, 200);
  t.deepEqual(off.body, { settings: { ...DEFAULT_SITE_SETTINGS, title: 'Public board', gravatar: false } });
  t.deepEqual(await site.settings(), { ...DEFAULT_SITE_SETTINGS, title: 'Public board', gravatar: false });
});

test('gravatar: "no" is refused with 400 VALIDATION_ERROR and changes nothing', async (t) => {
  const site = await startSite(t);
  const response = await site.patch('/settings/site', { gravatar: 'no' });
  t.is(response.status, 400);
  t.deepEqual(response.body, validationError('gravatar', 'gravatar must be a boolean'));
  t.deepEqual(await site.settings(), DEFAULT_SITE_SETTINGS);
});

test('a database from before gravatar existed (no such key stored) answers true, and PATCH writes it', async (t) => {
  // The stored settings of an older install: everything but `gravatar`.
  const source = await startSite(t);
  await source.patch('/settings/site', { title: 'Older board' });
  const snapshot = await source.server.ctx.storage.snapshot();
  const { gravatar: _gravatar, ...older } = snapshot.settings;
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
  t.false('gravatar' in (await server.ctx.storage.settings.get()), 'the stored settings have no gravatar key');
  const response = await server.request('GET', '/settings/site');
  t.is(response.status, 200);
  // It had Gravatar pictures before the setting existed, so it keeps them: only new installs start without.
  t.deepEqual(response.body, { settings: { ...DEFAULT_SITE_SETTINGS, title: 'Older board', gravatar: true } });
  t.deepEqual(Object.keys(response.body.settings), Object.keys(DEFAULT_SITE_SETTINGS));
  // Same users and the same test secret: the source owner's token works here.
  const off = await server.request('PATCH', '/settings/site', { token: source.ownerToken, body: { gravatar: false } });
  t.is(off.status, 200);
  t.is(off.body.settings.gravatar, false);
  t.like(await server.ctx.storage.settings.get(), { gravatar: false, title: 'Older board' });
});

// feedbackd's `ssoLoginUrl` (issue 28): where "Sign in" sends visitors when the team's product signs them in.
test('ssoLoginUrl: an absolute http(s) URL, trimmed; "" and null clear it; anything else is 400 and changes nothing', async (t) => {
  const site = await startSite(t);
  const set = await site.patch('/settings/site', { ssoLoginUrl: ' https://app.example.com/login?from=board ' });
  t.is(set.status, 200);
  t.is(set.body.settings.ssoLoginUrl, 'https://app.example.com/login?from=board');
  t.is((await site.settings()).ssoLoginUrl, 'https://app.example.com/login?from=board');
  const message = 'ssoLoginUrl must be an absolute http or https URL of at most 2000 characters, or null';
  for (const bad of ['/login', 'app.example.com/login', 'javascript:alert(1)', 'ftp://app.example.com/', 42, `https://app.example.com/${'x'.repeat(2000)}`]) {
    const refused = await site.patch('/settings/site', { ssoLoginUrl: bad });
    t.is(refused.status, 400, String(bad));
    t.deepEqual(refused.body, typeof bad === 'string' ? validationError('ssoLoginUrl', message) : validationError('ssoLoginUrl', 'ssoLoginUrl must be a string'));
  }
  t.is((await site.settings()).ssoLoginUrl, 'https://app.example.com/login?from=board', 'refusals changed nothing');
  for (const cleared of ['', null]) {
    await site.patch('/settings/site', { ssoLoginUrl: 'http://localhost:8080/login' });
    t.is((await site.patch('/settings/site', { ssoLoginUrl: cleared })).body.settings.ssoLoginUrl, null);
  }
});
