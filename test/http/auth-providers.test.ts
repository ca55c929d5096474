import test from 'ava';
import { createMember, OWNER } from '../_helpers/personas.js';
import { startTestServer } from '../_helpers/server.js';

/*
 * The owner's sign-in providers through the API (issue 28 §2): owner-only, checked field by
 * field, the client secret in no answer; turned off and on again; the public list shows the
 * enabled ones. Both engines.
 */

const FORBIDDEN = { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' };
const ACME = {
  providerId: 'acme',
  name: 'Acme',
  issuer: 'https://id.acme.example',
  clientId: 'feedbackd',
  clientSecret: 'acme-client-secret-42',
  allowedDomains: ['ACME.com'],
};

async function setUp(t: import('ava').ExecutionContext) {
  const server = await startTestServer();
  t.teardown(server.close);
  const ownerToken: string = (await server.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
  return { server, ownerToken };
}

test('only the owner lists, adds, turns off and removes providers; the client secret is in no answer', async (t) => {
  const { server, ownerToken } = await setUp(t);
  const member = await createMember(server.ctx, { permissions: ['settings:update'] });
  for (const [method, path] of [
    ['GET', '/sso/providers'],
    ['POST', '/sso/providers'],
    ['PATCH', '/sso/providers/acme'],
    ['DELETE', '/sso/providers/acme'],
  ] as const) {
    const bodies: Record<string, unknown> = { POST: ACME, PATCH: { enabled: false } };
    const body = bodies[method];
    const refused = await server.request(method, path, { token: member.token, body });
    t.is(refused.status, 403, `${method} ${path}`);
    t.deepEqual(refused.body, FORBIDDEN);
  }
  const added = await server.request('POST', '/sso/providers', { token: ownerToken, body: ACME });
  t.is(added.status, 201);
  t.like(added.body.provider, { providerId: 'acme', kind: 'oidc', name: 'Acme', allowedDomains: ['acme.com'], allowTeam: false, enabled: true });
  t.false(added.text.includes(ACME.clientSecret));
  const listed = await server.request('GET', '/sso/providers', { token: ownerToken });
  t.deepEqual(listed.body.providers, [added.body.provider]);
  t.false(listed.text.includes(ACME.clientSecret));
  t.deepEqual((await server.request('GET', '/auth/providers')).body, { providers: [{ providerId: 'acme', name: 'Acme' }] });

  const again = await server.request('POST', '/sso/providers', { token: ownerToken, body: ACME });
  t.is(again.status, 409);
  t.deepEqual(again.body, { message: 'A sign-in provider with this id already exists', code: 'AUTH_PROVIDER_EXISTS' });
  t.is((await server.request('DELETE', '/sso/providers/acme', { token: ownerToken })).status, 204);
  for (const id of ['acme', 'Not_An_Id']) {
    const gone = await server.request('DELETE', `/sso/providers/${id}`, { token: ownerToken });
    t.is(gone.status, 404);
    t.deepEqual(gone.body, { message: 'Sign-in provider not found', code: 'AUTH_PROVIDER_NOT_FOUND' });
  }
  t.deepEqual((await server.request('GET', '/auth/providers')).body, { providers: [] });
});

test('the owner turns a provider off and on again: the public list drops it, then shows it; its settings stay', async (t) => {
  const { server, ownerToken } = await setUp(t);
  const added = (await server.request('POST', '/sso/providers', { token: ownerToken, body: ACME })).body.provider;
  await server.request('POST', '/sso/providers', { token: ownerToken, body: { ...ACME, providerId: 'beta', name: 'Beta' } });
  const patch = (body: unknown, id = 'acme') => server.request('PATCH', `/sso/providers/${id}`, { token: ownerToken, body });
  const publicList = async () => (await server.request('GET', '/auth/providers')).body.providers;

  const off = await patch({ enabled: false, name: 'ignored: unknown to this route' });
  t.is(off.status, 200);
  t.deepEqual(off.body, { provider: { ...added, enabled: false } });
  t.false(off.text.includes(ACME.clientSecret));
  t.deepEqual(await publicList(), [{ providerId: 'beta', name: 'Beta' }]);
  t.deepEqual((await patch({ enabled: false })).body.provider, { ...added, enabled: false }, 'repeating is harmless');
  t.deepEqual((await patch({})).body.provider, { ...added, enabled: false }, 'an omitted enabled changes nothing');
  const start = await fetch(`${server.url}/api/v1/auth/oidc/acme/start`, { redirect: 'manual' });
  t.is(start.headers.get('location'), '/sign-in/provider', 'a turned-off provider signs no one in');

  const on = await patch({ enabled: true });
  t.is(on.status, 200);
  t.deepEqual(on.body, { provider: added });
  t.deepEqual(await publicList(), [
    { providerId: 'acme', name: 'Acme' },
    { providerId: 'beta', name: 'Beta' },
  ]);
  t.deepEqual((await server.request('GET', '/sso/providers', { token: ownerToken })).body.providers[0], added);
});

test('turning a provider off: unknown id 404 before a bad body 400; enabled must be a boolean; OPTIONS lists PATCH', async (t) => {
  const { server, ownerToken } = await setUp(t);
  await server.request('POST', '/sso/providers', { token: ownerToken, body: ACME });
  for (const id of ['nobody', 'Not_An_Id']) {
    const gone = await server.request('PATCH', `/sso/providers/${id}`, { token: ownerToken, body: { enabled: 'no' } });
    t.is(gone.status, 404, id);
    t.deepEqual(gone.body, { message: 'Sign-in provider not found', code: 'AUTH_PROVIDER_NOT_FOUND' });
  }
  for (const enabled of ['false', 0, null, []]) {
    const refused = await server.request('PATCH', '/sso/providers/acme', { token: ownerToken, body: { enabled } });
    t.is(refused.status, 400, JSON.stringify(enabled));
    t.like(refused.body, { message: 'enabled must be a boolean', code: 'VALIDATION_ERROR', errors: [{ path: 'enabled', message: 'enabled must be a boolean' }] });
  }
  t.is((await server.request('GET', '/sso/providers', { token: ownerToken })).body.providers[0].enabled, true, 'nothing changed');
  const options = await server.request('OPTIONS', '/sso/providers/acme');
  t.is(options.status, 204);
  t.is(options.headers.get('allow'), 'PATCH, DELETE, OPTIONS');
});

test('the body is checked field by field, in the documented order', async (t) => {
  const { server, ownerToken } = await setUp(t);
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ ...ACME, providerId: 'sso', issuer: 'nope' }, 'providerId must not be "sso": it names the product\'s own single sign-on'],
    [{ ...ACME, preset: 'facebook', issuer: 'nope' }, 'preset must be one of: google, microsoft, gitlab, github'],
    [
      { ...ACME, issuer: 'http://id.acme.example', clientId: '' },
      'issuer must be an https URL (http only on a loopback address) without query, fragment or credentials',
    ],
    [
      { ...ACME, issuer: 'https://id.acme.example?x=1' },
      'issuer must be an https URL (http only on a loopback address) without query, fragment or credentials',
    ],
    [{ ...ACME, clientId: ' ', clientSecret: '' }, 'clientId is required'],
    [{ ...ACME, clientSecret: 7 }, 'clientSecret is required'],
    [{ ...ACME, name: undefined }, 'name is required (or give a preset)'],
    [{ ...ACME, allowedDomains: ['acme'] }, 'allowedDomains must be a list of at most 50 domain names like example.com'],
    [{ ...ACME, allowTeam: 'yes' }, 'allowTeam must be true or false'],
  ];
  for (const [body, message] of cases) {
    const refused = await server.request('POST', '/sso/providers', { token: ownerToken, body });
    t.is(refused.status, 400, message);
    t.is(refused.body.message, message);
    t.is(refused.body.code, 'VALIDATION_ERROR');
  }
  const preset = await server.request('POST', '/sso/providers', {
    token: ownerToken,
    body: { providerId: 'google', preset: 'google', clientId: 'g', clientSecret: 's' },
  });
  t.like(preset.body.provider, { name: 'Google', issuer: 'https://accounts.google.com' });
  // Microsoft: any Microsoft account by default; an owner limiting it to one organisation gives the tenant's issuer.
  const microsoft = await server.request('POST', '/sso/providers', {
    token: ownerToken,
    body: { providerId: 'microsoft', preset: 'microsoft', clientId: 'm', clientSecret: 's' },
  });
  t.is(microsoft.status, 201, microsoft.text);
  t.like(microsoft.body.provider, { providerId: 'microsoft', kind: 'oidc', name: 'Microsoft', issuer: 'https://login.microsoftonline.com/common/v2.0' });
  const tenant = 'https://login.microsoftonline.com/0b5b5ad5-7c36-4b6c-9e8e-2f2d0c4d2a11/v2.0';
  const organisation = await server.request('POST', '/sso/providers', {
    token: ownerToken,
    body: { providerId: 'contoso', preset: 'microsoft', issuer: tenant, name: 'Contoso', clientId: 'm', clientSecret: 's' },
  });
  t.like(organisation.body.provider, { kind: 'oidc', name: 'Contoso', issuer: tenant });
  t.like((await server.ctx.storage.authProviders.get('microsoft'))!, { kind: 'oidc', issuer: 'https://login.microsoftonline.com/common/v2.0', name: 'Microsoft' });
});

test('starting with an unknown provider lands on the page, which reads the refusal in words', async (t) => {
  const { server } = await setUp(t);
  const start = await fetch(`${server.url}/api/v1/auth/oidc/nobody/start`, { redirect: 'manual' });
  t.is(start.status, 302);
  t.is(start.headers.get('location'), '/sign-in/provider');
  const cookie = start.headers.getSetCookie().find((line) => line.startsWith('feedbackd_oidc_handoff='))!;
  t.regex(cookie, /; Path=\/api\/v1\/auth\/oidc\/exchange; Max-Age=60; HttpOnly; SameSite=Lax$/);
  const exchange = await server.request('POST', '/auth/oidc/exchange', { headers: { cookie: cookie.split(';')[0]! } });
  t.is(exchange.status, 404);
  t.deepEqual(exchange.body, { message: 'Sign-in provider not found', code: 'AUTH_PROVIDER_NOT_FOUND' });
  const none = await server.request('POST', '/auth/oidc/exchange');
  t.is(none.status, 400);
  t.is(none.body.code, 'OIDC_LOGIN_EXPIRED');
});
