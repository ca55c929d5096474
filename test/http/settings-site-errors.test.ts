import test, { type ExecutionContext } from 'ava';
import { createMember } from '../_helpers/personas.js';
import { FORBIDDEN, MISSING_HEADER, type Site, startSite, validationError } from './_settings.js';

const TITLE_TOO_LONG = { message: 'Site title cannot exceed 255 characters', code: 'SITE_TITLE_TOO_LONG' };
const INVALID_LOGO = { message: 'Invalid Logo URL', code: 'INVALID_LOGO_URL' };
const LOGO_TOO_LONG = { message: 'Logo URL is too long', code: 'LOGO_URL_TOO_LONG' };
const INVALID_ICON = { message: 'Invalid Icon URL', code: 'INVALID_ICON_URL' };
const ICON_TOO_LONG = { message: 'Icon URL is too long', code: 'ICON_URL_TOO_LONG' };
const INVALID_COLOR = { message: 'Invalid accent color', code: 'INVALID_ACCENT_COLOR' };

/** A valid http URL of exactly `length` characters. */
const urlOfLength = (length: number) => `https://example.org/${'a'.repeat(length - 'https://example.org/'.length)}`;

/** Settings that differ from the defaults in every field, so a stray write would show. */
const CUSTOM = {
  title: 'Custom',
  description: 'About us',
  logo: 'https://example.org/logo.png',
  icon: 'https://example.org/icon.png',
  accentColor: '123456',
  googleAnalyticsId: 'G-1',
  isPoweredBy: false,
  allowSignup: false,
  developer_mode: true,
  gravatar: true,
};

/** Sends each body, expects the error, and checks the settings stayed exactly as they were. */
async function expectRefused(t: ExecutionContext, site: Site, cases: Array<[unknown, object]>) {
  const before = await site.settings();
  for (const [body, error] of cases) {
    const response = await site.patch('/settings/site', body);
    t.is(response.status, 400, JSON.stringify(body));
    t.deepEqual(response.body, error, JSON.stringify(body));
    t.deepEqual(await site.settings(), before, `unchanged after ${JSON.stringify(body)}`);
  }
}

async function customSite(t: ExecutionContext): Promise<Site> {
  const site = await startSite(t);
  t.is((await site.patch('/settings/site', CUSTOM)).status, 200);
  return site;
}

test('title rows: type, null, blank, over 255', async (t) => {
  await expectRefused(t, await customSite(t), [
    [{ title: 5 }, validationError('title', 'title must be a string')],
    [{ title: null }, validationError('title', 'title must be a string')],
    [{ title: false }, validationError('title', 'title must be a string')],
    [{ title: '' }, validationError('title', 'title must not be blank')],
    [{ title: ' \t\n ' }, validationError('title', 'title must not be blank')],
    [{ title: 'x'.repeat(256) }, TITLE_TOO_LONG],
    [{ title: `${'é'.repeat(256)}` }, TITLE_TOO_LONG],
  ]);
});

test('description and googleAnalyticsId rows: type, over 255', async (t) => {
  await expectRefused(t, await customSite(t), [
    [{ description: 5 }, validationError('description', 'description must be a string')],
    [{ description: ['a'] }, validationError('description', 'description must be a string')],
    [{ description: 'd'.repeat(256) }, validationError('description', 'description must be at most 255 characters')],
    [{ googleAnalyticsId: 1 }, validationError('googleAnalyticsId', 'googleAnalyticsId must be a string')],
    [{ googleAnalyticsId: {} }, validationError('googleAnalyticsId', 'googleAnalyticsId must be a string')],
    [{ googleAnalyticsId: `G-${'1'.repeat(254)}` }, validationError('googleAnalyticsId', 'googleAnalyticsId must be at most 255 characters')],
  ]);
});

test('logo and icon rows: type, not an absolute http(s) URL, over 255', async (t) => {
  const notUrls = ['ftp://example.org/logo.png', '/logo.png', 'logo.png', 'example.org/logo.png', '//example.org/logo.png', 'javascript:alert(1)', 'https://', '   '];
  await expectRefused(t, await customSite(t), [
    [{ logo: 5 }, validationError('logo', 'logo must be a string')],
    [{ logo: true }, validationError('logo', 'logo must be a string')],
    ...notUrls.map((logo): [unknown, object] => [{ logo }, INVALID_LOGO]),
    [{ logo: urlOfLength(256) }, LOGO_TOO_LONG],
    [{ icon: 5 }, validationError('icon', 'icon must be a string')],
    ...notUrls.map((icon): [unknown, object] => [{ icon }, INVALID_ICON]),
    [{ icon: urlOfLength(256) }, ICON_TOO_LONG],
    // Only the icon is wrong, yet the valid logo is not written either.
    [{ logo: urlOfLength(255), icon: 'ftp://example.org/icon.png' }, INVALID_ICON],
  ]);
});

test('accentColor rows: type, not one of the four forms', async (t) => {
  const wrongForms = ['ab', 'abcd', '#abcd', 'abcde', '#12345', '1234567', 'ggg', '#xyzxyz', '##abc', ' abc', 'abc ', '0xabc', 'red'];
  await expectRefused(t, await customSite(t), [
    [{ accentColor: 0xabcdef }, validationError('accentColor', 'accentColor must be a string')],
    [{ accentColor: true }, validationError('accentColor', 'accentColor must be a string')],
    ...wrongForms.map((accentColor): [unknown, object] => [{ accentColor }, INVALID_COLOR]),
  ]);
});

test('boolean rows: strict booleans, null included', async (t) => {
  const cases: Array<[unknown, object]> = [];
  for (const field of ['isPoweredBy', 'allowSignup', 'developer_mode', 'gravatar']) {
    for (const value of ['true', 'no', 1, 0, null, {}]) {
      cases.push([{ [field]: value }, validationError(field, `${field} must be a boolean`)]);
    }
  }
  await expectRefused(t, await customSite(t), cases);
});

test('NUL in any string field is refused as the first rule of that field', async (t) => {
  const cases: Array<[unknown, object]> = [];
  for (const field of ['title', 'description', 'logo', 'icon', 'accentColor', 'googleAnalyticsId']) {
    cases.push([{ [field]: 'a\u0000b' }, validationError(field, `${field} must not contain NUL characters`)]);
  }
  // NUL is checked before the other rules of the field: before blank, length and URL checks.
  cases.push([{ title: `\u0000${'x'.repeat(300)}` }, validationError('title', 'title must not contain NUL characters')]);
  cases.push([{ logo: 'https://example.org/\u0000' }, validationError('logo', 'logo must not contain NUL characters')]);
  await expectRefused(t, await customSite(t), cases);
});

test('rows are checked in table order and a valid field is never written beside an invalid one', async (t) => {
  await expectRefused(t, await customSite(t), [
    [{ developer_mode: 'yes', title: 7 }, validationError('title', 'title must be a string')],
    [{ accentColor: 'nope', logo: 'nope' }, INVALID_LOGO],
    [{ icon: 'nope', logo: urlOfLength(256) }, LOGO_TOO_LONG],
    [{ googleAnalyticsId: 5, accentColor: 'nope' }, INVALID_COLOR],
    [{ allowSignup: 'no', isPoweredBy: 'no' }, validationError('isPoweredBy', 'isPoweredBy must be a boolean')],
    [{ title: 'A valid new title', logo: 'not a url' }, INVALID_LOGO],
    [{ title: 'A valid new title', description: 'ok', allowSignup: true, developer_mode: 'x' }, validationError('developer_mode', 'developer_mode must be a boolean')],
    // feedbackd's `gravatar` is checked last, after every field of API.md §4.10.2.
    [{ gravatar: 'no', developer_mode: 'no' }, validationError('developer_mode', 'developer_mode must be a boolean')],
    [{ gravatar: 'no', title: 7 }, validationError('title', 'title must be a string')],
    [{ title: 'A valid new title', developer_mode: false, isPoweredBy: true, gravatar: 'no' }, validationError('gravatar', 'gravatar must be a boolean')],
  ]);
});

test('PATCH needs a token and settings:update, checked before the body', async (t) => {
  const site = await startSite(t);
  const { server } = site;
  const anonymous = await server.request('PATCH', '/settings/site', { body: { title: 'x' } });
  t.is(anonymous.status, 401);
  t.deepEqual(anonymous.body, MISSING_HEADER);
  const member = await createMember(server.ctx, { permissions: ['settings:read', 'role:update'] });
  for (const body of [{ title: 'Hijacked' }, { title: 5 }, {}]) {
    const refused = await server.request('PATCH', '/settings/site', { token: member.token, body });
    t.is(refused.status, 403);
    t.deepEqual(refused.body, FORBIDDEN);
  }
  const blocked = await createMember(server.ctx, { permissions: ['settings:update'], blocked: true });
  const blockedResponse = await server.request('PATCH', '/settings/site', { token: blocked.token, body: { title: 'x' } });
  t.deepEqual(blockedResponse.body, { message: 'User is Blocked', code: 'USER_BLOCKED' });
  t.is((await site.settings()).title, 'Feedback');

  const admin = await createMember(server.ctx, { permissions: ['settings:update'] });
  const allowed = await server.request('PATCH', '/settings/site', { token: admin.token, body: { title: 'By admin' } });
  t.is(allowed.status, 200);
  t.is((await site.settings()).title, 'By admin');
});

test('a malformed body is refused before authentication (API.md §1.6)', async (t) => {
  const { server } = await startSite(t);
  const response = await server.request('PATCH', '/settings/site', { rawBody: '{"title":', headers: { 'content-type': 'application/json' } });
  t.is(response.status, 400);
  t.is(response.body.code, 'INVALID_JSON');
  const notObject = await server.request('PATCH', '/settings/site', { body: ['title'] });
  t.deepEqual(notObject.body, validationError('', 'Request body must be a JSON object'));
});
