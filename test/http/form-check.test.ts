/*
 * The sign-up and new-post forms' checks against bots (issue 31 §2), on both engines: a filled
 * honeypot is refused always; a form token sent too soon, forged or expired is refused; no token
 * is accepted unless the site setting requireFormToken is on. Messages a person understands.
 */
import test, { type ExecutionContext } from 'ava';
import type { Config } from '../../src/config/types.js';
import { createMember, OWNER } from '../_helpers/personas.js';
import { startTestServer } from '../_helpers/server.js';

const TOO_QUICK = { message: 'This form was sent too quickly. Wait a few seconds and send it again.', code: 'FORM_CHECK_FAILED' };
const EXPIRED = { message: 'This form is too old to send. Reload the page and send it again.', code: 'FORM_EXPIRED' };

async function start(t: ExecutionContext, overrides: Partial<Config> = {}) {
  const server = await startTestServer({ formMinFillMs: 300, ...overrides });
  t.teardown(server.close);
  const owner = (await server.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken as string;
  const member = await createMember(server.ctx);
  const token = async () => {
    const answer = await server.request('GET', '/forms/token');
    t.is(answer.status, 200);
    t.is(answer.headers.get('cache-control'), 'no-store');
    t.is(answer.body.readyInMs, server.ctx.config.formMinFillMs, 'how long the form must stay open: the web app waits that long');
    return answer.body.token as string;
  };
  return { server, owner, member, token };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a filled honeypot is refused on sign-up and new posts, whatever the token', async (t) => {
  const { server, member, token } = await start(t);
  const formToken = await token();
  await wait(350);
  const post = await server.request('POST', '/posts', { token: member.token, body: { title: 'Buy now', website: 'http://spam.example', formToken } });
  t.is(post.status, 400);
  t.deepEqual(post.body, TOO_QUICK);
  const signUp = await server.request('POST', '/auth/signup', { body: { email: 'bot@example.org', password: 'correct horse battery', website: 'x' } });
  t.is(signUp.status, 400);
  t.deepEqual(signUp.body, TOO_QUICK);
  t.is(await server.ctx.storage.users.getByEmail('bot@example.org'), undefined);
  t.is(await server.ctx.storage.posts.count(), 0);
});

test('a token sent too soon is refused; after the minimum fill time it passes; a forged one is refused', async (t) => {
  const { server, member, token } = await start(t);
  const formToken = await token();
  const quick = await server.request('POST', '/posts', { token: member.token, body: { title: 'Fast', formToken, website: '' } });
  t.is(quick.status, 400);
  t.deepEqual(quick.body, TOO_QUICK);
  await wait(350);
  t.is((await server.request('POST', '/posts', { token: member.token, body: { title: 'A person typed this', formToken, website: '' } })).status, 201);
  const forged = await server.request('POST', '/posts', { token: member.token, body: { title: 'Forged', formToken: `${formToken.slice(0, -4)}AAAA` } });
  t.is(forged.status, 400);
  t.deepEqual(forged.body, EXPIRED);
  const signUp = await server.request('POST', '/auth/signup', { body: { email: 'person@example.org', password: 'correct horse battery', formToken } });
  t.is(signUp.status, 201, JSON.stringify(signUp.body));
});

test('without a token: accepted (LogChimp clients) until requireFormToken is on; then refused', async (t) => {
  const { server, owner, member } = await start(t);
  t.is((await server.request('POST', '/posts', { token: member.token, body: { title: 'An API client' } })).status, 201);
  await server.request('PATCH', '/settings/site', { token: owner, body: { requireFormToken: true } });
  const refused = await server.request('POST', '/posts', { token: member.token, body: { title: 'A bot' } });
  t.is(refused.status, 400);
  t.deepEqual(refused.body, EXPIRED);
  const signUp = await server.request('POST', '/auth/signup', { body: { email: 'bot2@example.org', password: 'correct horse battery' } });
  t.deepEqual(signUp.body, EXPIRED);
});

test('an expired token is refused', async (t) => {
  const { server, member } = await start(t, { formMinFillMs: 0 });
  const old = server.ctx.tokens.seal('form token', { issuedAt: Date.now() - 10_000 }, -1);
  const answer = await server.request('POST', '/posts', { token: member.token, body: { title: 'Late', formToken: old } });
  t.deepEqual(answer.body, EXPIRED);
});
