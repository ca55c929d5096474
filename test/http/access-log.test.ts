// The access log: one info line per request (no query, no body), and refusals at warn whatever
// the access log setting, with a hash of a refused sign-in's email and never the email itself.
import { Writable } from 'node:stream';
import test from 'ava';
import { pino } from 'pino';
import type { Config } from '../../src/config/types.ts';
import { createMember, OWNER } from '../_helpers/personas.js';
import { startTestServer } from '../_helpers/server.js';

type Line = Record<string, unknown>;

async function loggedServer(overrides: Partial<Config> = {}) {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const server = await startTestServer({ loginRateLimit: { limit: 2, windowSeconds: 60 }, ...overrides }, { logger: pino({ level: 'info' }, sink) });
  await server.request('POST', '/auth/setup', { body: OWNER });
  return { server, lines };
}

/** The lines logged for a request id, once the answer's 'close' has run. */
async function linesOf(lines: Line[], requestId: string): Promise<Line[]> {
  for (let tries = 0; tries < 50; tries++) {
    const found = lines.filter((line) => line.requestId === requestId);
    if (found.length > 0) return found;
    await new Promise((done) => setTimeout(done, 10));
  }
  return [];
}

test('one info line per request: method, path without its query, status, time, bytes, request id, client', async (t) => {
  const { server, lines } = await loggedServer();
  t.teardown(server.close);
  const response = await server.request('GET', '/health?token=very-secret');
  const [line] = await linesOf(lines, response.headers.get('x-request-id')!);
  t.like(line, { level: 30, msg: 'request', method: 'GET', path: '/api/v1/health', status: 200, client: '127.0.0.1' });
  t.true((line?.bytes as number) > 0);
  t.is(typeof line?.ms, 'number');
  t.false(JSON.stringify(lines).includes('very-secret'));
});

test('a refused sign-in link is a sign-in refusal too, and its token is never logged', async (t) => {
  const { server, lines } = await loggedServer();
  t.teardown(server.close);
  const token = 'ab'.repeat(32);
  const refused = await server.request('POST', '/auth/magic-link/login', { body: { token } });
  t.is(refused.status, 400);
  const [signIn] = await linesOf(lines, refused.headers.get('x-request-id')!);
  t.like(signIn, { level: 40, msg: 'sign-in refused', path: '/api/v1/auth/magic-link/login' });
  t.false(JSON.stringify(lines).includes(token));
});

test('refused sign-ins, permissions and rate limits are warnings; the email only as a hash, the password never', async (t) => {
  const { server, lines } = await loggedServer();
  t.teardown(server.close);
  const body = { email: 'Ada@Example.org', password: 'wrong password here' };
  const refused = await server.request('POST', '/auth/login', { body });
  t.true(refused.status >= 400 && refused.status < 500, String(refused.status));
  const [signIn] = await linesOf(lines, refused.headers.get('x-request-id')!);
  t.like(signIn, { level: 40, msg: 'sign-in refused', path: '/api/v1/auth/login' });
  t.regex(String(signIn?.emailHash), /^[0-9a-f]{16}$/);
  const text = JSON.stringify(lines);
  t.false(text.toLowerCase().includes('ada@example.org'));
  t.false(text.includes('wrong password here'));

  await server.request('POST', '/auth/login', { body });
  const limited = await server.request('POST', '/auth/login', { body });
  t.is(limited.status, 429);
  t.like((await linesOf(lines, limited.headers.get('x-request-id')!))[0], { level: 40, msg: 'rate limit reached', status: 429 });

  const member = await createMember(server.ctx);
  const forbidden = await server.request('GET', '/users', { token: member.token });
  t.is(forbidden.status, 403);
  t.like((await linesOf(lines, forbidden.headers.get('x-request-id')!))[0], { level: 40, msg: 'permission refused', path: '/api/v1/users' });
});

test('with the access log off only the refusals are logged', async (t) => {
  const { server, lines } = await loggedServer({ accessLog: false });
  t.teardown(server.close);
  const ok = await server.request('GET', '/health');
  const member = await createMember(server.ctx);
  const forbidden = await server.request('GET', '/users', { token: member.token });
  t.like((await linesOf(lines, forbidden.headers.get('x-request-id')!))[0], { msg: 'permission refused' });
  t.deepEqual(lines.filter((line) => line.requestId === ok.headers.get('x-request-id')), []);
  t.deepEqual(lines.filter((line) => line.msg === 'request'), []);
});
