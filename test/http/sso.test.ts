import test from 'ava';
import { createMember, OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { craftedToken, createSecret, nowSeconds, type ProductSecret, productToken } from '../_helpers/sso-product.js';

/*
 * Single sign-on (issue 28 §1) through POST /auth/sso on a real server: a token signed by a test
 * product signs a new person in, finds them again by `sub`, follows their name and email; every
 * hostile or broken token is refused with SSO_TOKEN_INVALID saying which check failed; team
 * accounts and blocked users are kept out. Both engines; answers checked against the OpenAPI document.
 */

let server: TestServer;
let ownerToken: string;
let secret: ProductSecret;

test.before(async () => {
  // Many refusals come from one address here: the rate limit has its own test (sso-secrets.test.ts).
  server = await startTestServer({ loginRateLimit: { limit: 1000, windowSeconds: 60 } });
  ownerToken = (await server.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
  // Before any secret exists, single sign-on is off.
  const off = await server.request('POST', '/auth/sso', { body: { token: 'a.b.c' } });
  if (off.status !== 403 || off.body.code !== 'SSO_NOT_CONFIGURED') throw new Error(`expected SSO_NOT_CONFIGURED first: ${off.text}`);
  secret = await createSecret(server, ownerToken);
});
test.after.always(() => server?.close());

const signIn = (token: unknown) => server.request('POST', '/auth/sso', { body: { token } });
let subjects = 0;
const person = (fields: Record<string, unknown> = {}) => {
  subjects += 1;
  return { sub: `product-user-${subjects}`, email: `customer${subjects}@example.com`, name: `Customer ${subjects}`, ...fields };
};

test('a token from the product signs a new person in, verified, with a working access token; the next one finds them by sub', async (t) => {
  const claims = person({ avatarUrl: 'https://cdn.example.com/a.png' });
  const first = await signIn(productToken(secret, claims));
  t.is(first.status, 200, first.text);
  t.like(first.body.user, { name: claims.name, email: claims.email });
  const profile = await server.request('GET', '/users/profile', { token: first.body.user.authToken });
  t.is(profile.status, 200);
  t.is(profile.body.user.userId, first.body.user.userId);
  const stored = await server.ctx.storage.users.get(first.body.user.userId);
  t.true(stored?.isVerified);
  t.false(stored?.isOwner);

  // Name and email follow the token; the account stays the same.
  const again = await signIn(productToken(secret, { ...claims, email: 'renamed@example.com', name: 'Renamed Customer' }));
  t.is(again.status, 200, again.text);
  t.is(again.body.user.userId, first.body.user.userId);
  t.like(again.body.user, { email: 'renamed@example.com', name: 'Renamed Customer' });
  const [identity] = await server.ctx.storage.linkedIdentities.listByUser(first.body.user.userId);
  t.like(identity, { provider: 'sso', subject: claims.sub, avatarUrl: 'https://cdn.example.com/a.png' });
  // The person sees how they sign in, never the product's id of them.
  const identities = await server.request('GET', '/auth/identities', { token: again.body.user.authToken });
  t.deepEqual(identities.body.identities, [{ provider: 'sso', createdAt: identity!.createdAt, lastUsedAt: identity!.lastUsedAt }]);
  t.deepEqual((await server.request('GET', '/auth/identities', { token: ownerToken })).body.identities, []);
  t.is((await server.request('GET', '/auth/identities')).status, 401);
  const listed = await server.request('GET', '/sso/secrets', { token: ownerToken });
  t.truthy(listed.body.secrets.find((s: { secretId: string }) => s.secretId === secret.id)?.lastUsedAt, 'the secret says when it was last used');
});

test('an existing customer account with the same email is linked on first use; a password never needed', async (t) => {
  const member = await createMember(server.ctx, { email: 'known@example.com', name: 'Known' });
  const claims = person({ email: 'KNOWN@example.com' });
  const answer = await signIn(productToken(secret, claims, { kid: false }));
  t.is(answer.status, 200, answer.text);
  t.is(answer.body.user.userId, member.user.id);
  t.is((await server.ctx.storage.linkedIdentities.getBySubject('sso', claims.sub))?.userId, member.user.id);
  // Linked to one sub: another sub with this email is another person.
  const other = await signIn(productToken(secret, person({ email: 'known@example.com' })));
  t.like(other.body, { code: 'USER_EXISTS' });
  t.is(other.status, 409);
});

test("team accounts never sign in with the product's token: the owner, and anyone holding a role beyond @everyone", async (t) => {
  const team = { message: 'Team members sign in with their own password or provider', code: 'SSO_TEAM_ACCOUNT' };
  const owner = await signIn(productToken(secret, person({ email: OWNER.email })));
  t.is(owner.status, 403);
  t.deepEqual(owner.body, team);
  const staff = await createMember(server.ctx, { permissions: ['post:update'] });
  const member = await signIn(productToken(secret, person({ email: staff.user.email })));
  t.is(member.status, 403);
  t.deepEqual(member.body, team);
  t.is((await server.ctx.storage.linkedIdentities.listByUser(staff.user.id)).length, 0);

  // A customer who joins the team later is refused too, though their sub is linked.
  const claims = person();
  const customer = await signIn(productToken(secret, claims));
  t.is(customer.status, 200);
  const role = (await server.request('POST', '/roles', { token: ownerToken, body: { name: 'Helpers', permissions: ['post:update'] } })).body.role;
  t.is((await server.request('PUT', `/roles/${role.id}/users/${customer.body.user.userId}`, { token: ownerToken })).status, 200);
  const promoted = await signIn(productToken(secret, claims));
  t.is(promoted.status, 403);
  t.deepEqual(promoted.body, team);
});

test('a blocked person is refused as login refuses them; an email taken by another account is 409', async (t) => {
  const blocked = await createMember(server.ctx, { blocked: true });
  const answer = await signIn(productToken(secret, person({ email: blocked.user.email })));
  t.is(answer.status, 403);
  t.deepEqual(answer.body, { message: 'User is Blocked', code: 'USER_BLOCKED' });

  const someone = await createMember(server.ctx);
  const claims = person();
  t.is((await signIn(productToken(secret, claims))).status, 200);
  const taken = await signIn(productToken(secret, { ...claims, email: someone.user.email }));
  t.is(taken.status, 409);
  t.is(taken.body.code, 'USER_EXISTS');
});

test('no token, or not a string: 400 VALIDATION_ERROR', async (t) => {
  for (const body of [{}, { token: null }, { token: '' }]) {
    const answer = await server.request('POST', '/auth/sso', { body });
    t.is(answer.status, 400);
    t.deepEqual(answer.body, { message: 'token is required', code: 'VALIDATION_ERROR', errors: [{ path: 'token', message: 'token is required' }] });
  }
  const number = await signIn(42);
  t.is(number.body.message, 'token must be a string');
});

test('every broken or hostile token is 401 SSO_TOKEN_INVALID saying which check failed, never echoing the token', async (t) => {
  const now = nowSeconds();
  const valid = { ...person(), iat: now, exp: now + 300 };
  const { sub: _sub, ...noSub } = valid;
  const { email: _email, ...noEmail } = valid;
  const { exp: _exp, ...noExp } = valid;
  const cases: Array<[string, string, RegExp]> = [
    ['not a JWT', 'not-a-token', /is not a JWT/],
    ['alg none', craftedToken({ alg: 'none', typ: 'JWT' }, valid, null), /must be signed with HS256 \(its alg is none\)/],
    ['RS256 with the secret as the key', craftedToken({ alg: 'RS256', typ: 'JWT', kid: secret.id }, valid, secret.secret), /must be signed with HS256 \(its alg is RS256\)/],
    ['HS512', craftedToken({ alg: 'HS512', typ: 'JWT' }, valid, secret.secret), /its alg is HS512/],
    ['a wrong secret', productToken({ id: secret.id, secret: 'ssosec_not-the-real-one-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }, valid), /is not signed by the secret its kid names/],
    ['a wrong secret without kid', productToken({ id: secret.id, secret: 'guessed' }, valid, { kid: false }), /is not signed by any active secret/],
    ['an unknown kid', productToken({ id: '0b5b5ad5-7c36-4b6c-9e8e-2f2d0c4d2a11', secret: secret.secret }, valid), /names \(kid\) a secret that does not exist or was revoked/],
    ['expired', craftedToken({ alg: 'HS256', typ: 'JWT', kid: secret.id }, { ...valid, exp: now - 120 }, secret.secret), /has expired/],
    ['no exp', craftedToken({ alg: 'HS256', typ: 'JWT' }, noExp, secret.secret), /has no exp claim/],
    ['too long-lived', craftedToken({ alg: 'HS256', typ: 'JWT' }, { ...valid, exp: now + 86_400 + 3600 }, secret.secret), /expires too far ahead: exp may be at most 86400 seconds/],
    ['issued in the future', craftedToken({ alg: 'HS256', typ: 'JWT' }, { ...valid, iat: now + 3600 }, secret.secret), /was issued in the future/],
    ['no sub', craftedToken({ alg: 'HS256', typ: 'JWT' }, noSub, secret.secret), /has no sub claim/],
    ['a sub too long', craftedToken({ alg: 'HS256', typ: 'JWT' }, { ...valid, sub: 'x'.repeat(201) }, secret.secret), /sub claim that is not text of 1\.\.200/],
    ['no email', craftedToken({ alg: 'HS256', typ: 'JWT' }, noEmail, secret.secret), /has no email claim/],
    ['an invalid email', craftedToken({ alg: 'HS256', typ: 'JWT' }, { ...valid, email: 'not-an-email' }, secret.secret), /email claim that is not a valid email address/],
    ['an http avatar', craftedToken({ alg: 'HS256', typ: 'JWT' }, { ...valid, avatarUrl: 'http://cdn.example.com/a.png' }, secret.secret), /avatarUrl claim that is not an https URL/],
  ];
  const withoutIat = await signIn(craftedToken({ alg: 'HS256', typ: 'JWT' }, { ...valid, iat: undefined }, secret.secret));
  t.is(withoutIat.status, 200, 'iat is optional');
  for (const [what, token, message] of cases) {
    const answer = await signIn(token);
    t.is(answer.status, 401, what);
    t.is(answer.body.code, 'SSO_TOKEN_INVALID', what);
    t.regex(answer.body.message, message, what);
    t.false(answer.text.includes(token.split('.')[2] || token), `${what}: the token is not echoed`);
  }
});

test('the token limits follow the settings: a shorter ssoMaxTokenLifetimeSeconds, and ssoClockSkewSeconds for iat ahead and exp just past', async (t) => {
  // Its own server: the file's one runs on the defaults (86400 seconds, 60 seconds of skew).
  const limited = await startTestServer({ ssoMaxTokenLifetimeSeconds: 600, ssoClockSkewSeconds: 10 });
  t.teardown(limited.close);
  const owner: string = (await limited.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
  const key = await createSecret(limited, owner);
  const header = { alg: 'HS256', typ: 'JWT', kid: key.id };
  const now = nowSeconds();
  const within: Array<[string, Record<string, unknown>]> = [
    ['exp within the shorter lifetime', { exp: now + 550 }],
    ['iat a little ahead, within the skew', { iat: now + 5, exp: now + 300 }],
    ['exp just past, within the skew', { exp: now - 3 }],
  ];
  for (const [what, times] of within) {
    const answer = await limited.request('POST', '/auth/sso', { body: { token: craftedToken(header, { ...person(), ...times }, key.secret) } });
    t.is(answer.status, 200, `${what}: ${answer.text}`);
  }
  const beyond: Array<[string, Record<string, unknown>, string]> = [
    ['exp beyond the shorter lifetime (within the default)', { exp: now + 900 }, 'The sign-on token expires too far ahead: exp may be at most 600 seconds from now'],
    ['iat ahead beyond the skew (within the default)', { iat: now + 40, exp: now + 300 }, 'The sign-on token was issued in the future (iat): check the product’s clock'],
    ['exp past beyond the skew (within the default)', { exp: now - 40 }, 'The sign-on token has expired'],
  ];
  for (const [what, times, message] of beyond) {
    const answer = await limited.request('POST', '/auth/sso', { body: { token: craftedToken(header, { ...person(), ...times }, key.secret) } });
    t.is(answer.status, 401, what);
    t.deepEqual(answer.body, { message, code: 'SSO_TOKEN_INVALID' }, what);
  }
  // The same far-ahead and early tokens pass on the file's server, on the defaults.
  for (const times of [{ exp: now + 900 }, { iat: now + 40, exp: now + 300 }, { exp: now - 40 }]) {
    t.is((await signIn(craftedToken({ alg: 'HS256', typ: 'JWT', kid: secret.id }, { ...person(), ...times }, secret.secret))).status, 200, JSON.stringify(times));
  }
});
