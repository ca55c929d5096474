import { Agent, request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import type Router from '@koa/router';
import test from 'ava';
import type { Middleware } from 'koa';
import { parseBody } from '../../src/http/body.js';
import { registerRoutes } from '../../src/http/routes/index.js';
import type { ServiceContext } from '../../src/services/context.js';
import { createMember } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

// API.md §1.2 and §1.6 step 2, as read by koa-body behind our header check (src/http/body.ts).

const MIB = 1_048_576;
const JSON_TYPE = { 'content-type': 'application/json' };
const TOO_LARGE = { message: 'Request body exceeds 1 MiB', code: 'PAYLOAD_TOO_LARGE' };
const UNSUPPORTED = { message: 'Request body must be application/json', code: 'UNSUPPORTED_MEDIA_TYPE' };
const INVALID_JSON = { message: 'Request body is not valid JSON', code: 'INVALID_JSON' };

const echo: Middleware = (ctx) => {
  ctx.body = { body: ctx.state.body };
};

function withEcho(router: Router, services: ServiceContext): void {
  registerRoutes(router, services);
  router.post('/test/echo', parseBody, echo);
  router.get('/test/echo', parseBody, echo);
}

let server: TestServer;
test.before(async () => {
  server = await startTestServer({}, { routes: withEcho });
});
test.after.always(() => server?.close());

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * One request through node:http, for what fetch will not send (a body with GET, chunks of our
 * choosing, a short body). Keep-alive, so that a `Connection: close` answer is the server's choice
 * (without an agent, node:http asks for `Connection: close` itself).
 */
function rawRequest(method: string, headers: Record<string, string | number>, send: (request: ClientRequest) => void): Promise<RawResponse> {
  const agent = new Agent({ keepAlive: true });
  return new Promise<RawResponse>((resolve, reject) => {
    const request = httpRequest(`${server.url}/api/v1/test/echo`, { method, headers, agent }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on('error', reject);
    send(request);
  }).finally(() => agent.destroy());
}

/**
 * Streams a chunked body of `chunk`s without ever ending it, until the server answers; then waits
 * (at most `patienceMs`) for the server to close the connection under the unfinished upload.
 */
function endlessUpload(headers: Record<string, string>, chunk: Buffer, patienceMs: number) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; text: string; closedByServer: boolean }>((resolve) => {
    let answered = false;
    const agent = new Agent({ keepAlive: true });
    const request = httpRequest(`${server.url}/api/v1/test/echo`, { method: 'POST', headers, agent });
    // Writes after the server hung up fail with EPIPE/ECONNRESET: expected here.
    request.on('error', () => {});
    const pump = () => {
      while (!answered && !request.destroyed && request.write(chunk)) {}
    };
    request.on('drain', pump);
    request.on('response', (response) => {
      answered = true;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => {
        text += part;
      });
      const timer = setTimeout(() => finish(false), patienceMs);
      const finish = (closedByServer: boolean) => {
        clearTimeout(timer);
        request.destroy();
        agent.destroy();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text, closedByServer });
      };
      request.socket?.once('close', () => finish(true));
    });
    pump();
  });
}

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function echoed(text: string): unknown {
  return JSON.parse(text).body;
}

test('an oversized body with a wrong Content-Type or charset answers 415, not 413', async (t) => {
  for (const type of ['text/plain', 'application/json; charset=latin1']) {
    const response = await server.request('POST', '/test/echo', { rawBody: utf8(`{"a":"${'x'.repeat(2 * MIB)}"}`), headers: { 'content-type': type } });
    t.is(response.status, 415, type);
    t.deepEqual(response.body, UNSUPPORTED, type);
  }
});

test('a body refused with 415 is left unread: the answer comes at once and closes the connection', async (t) => {
  const response = await rawRequest('POST', { 'content-type': 'text/plain', 'content-length': 2 * MIB }, (request) => {
    // Only a first chunk is sent: the answer must not wait for the rest.
    request.write(Buffer.from('{"a":"'));
  });
  t.is(response.status, 415);
  t.deepEqual(JSON.parse(response.text), UNSUPPORTED);
  t.is(response.headers.connection, 'close');
});

test('an oversized chunked body answers 413 and the connection closes instead of draining the upload', async (t) => {
  const response = await endlessUpload({ ...JSON_TYPE, 'transfer-encoding': 'chunked' }, Buffer.alloc(64 * 1024, 'x'), 5000);
  t.is(response.status, 413);
  t.deepEqual(JSON.parse(response.text), TOO_LARGE);
  t.is(response.headers.connection, 'close');
  t.true(response.closedByServer, 'the server kept the connection open to drain the upload');
});

test('a duplicate key: the last one wins, at every depth', async (t) => {
  const response = await server.request('POST', '/test/echo', { rawBody: '{"a":1,"a":2,"n":{"b":"x","b":"y"}}', headers: JSON_TYPE });
  t.is(response.status, 200);
  t.deepEqual(response.body, { body: { a: 2, n: { b: 'y' } } });
});

test('a nested __proto__ (or constructor/prototype) never reaches a handler or a stored post', async (t) => {
  const member = await createMember(server.ctx, { permissions: ['post:create'] });
  const raw =
    '{"title":"Kept title","__proto__":{"title":"from __proto__","isAdmin":true},' +
    '"extra":{"deep":[{"\\u005f_proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},"keep":1}]}}';

  const seen = await server.request('POST', '/test/echo', { rawBody: raw, headers: JSON_TYPE });
  t.is(seen.status, 200);
  t.is(seen.text, '{"body":{"title":"Kept title","extra":{"deep":[{"keep":1}]}}}');

  const created = await server.request('POST', '/posts', { rawBody: raw, headers: { ...JSON_TYPE, authorization: `Bearer ${member.token}` } });
  t.is(created.status, 201);
  const stored = await server.ctx.storage.posts.get(created.body.post.postId);
  t.is(stored?.title, 'Kept title');
  t.is(Object.getPrototypeOf(stored), Object.prototype);
  t.false(Object.hasOwn(stored ?? {}, '__proto__'));
  const readBack = await server.request('POST', '/posts/slug', { body: { postId: created.body.post.postId } });
  t.is(readBack.body.post.title, 'Kept title');
  t.false(JSON.stringify(readBack.body).includes('isAdmin'));
  t.is(({} as Record<string, unknown>).isAdmin, undefined);
});

test('invalid UTF-8 answers INVALID_JSON even inside a string; valid multi-byte text, split anywhere, is kept', async (t) => {
  const invalid = [
    [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d], // {"a":"<FF>"}
    [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe2, 0x82, 0x22, 0x7d], // a cut-short 3-byte sequence
    [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xf0, 0x9f, 0x98, 0x22, 0x7d], // a cut-short 4-byte sequence
    [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d], // an overlong "/"
  ];
  for (const bytes of invalid) {
    const response = await server.request('POST', '/test/echo', { rawBody: new Uint8Array(bytes), headers: JSON_TYPE });
    t.is(response.status, 400, bytes.join(' '));
    t.deepEqual(response.body, INVALID_JSON, bytes.join(' '));
  }
  // U+FFFD sent as such is text like any other, not a sign of bad bytes.
  const text = '{"a":"\u{fffd} é € 😀"}';
  const replacementChar = await server.request('POST', '/test/echo', { rawBody: utf8(text), headers: JSON_TYPE });
  t.deepEqual(replacementChar.body, { body: { a: '\u{fffd} é € 😀' } });
  const bytes = Buffer.from(text);
  const split = await rawRequest('POST', { ...JSON_TYPE, 'transfer-encoding': 'chunked' }, (request) => {
    for (let at = 0; at < bytes.length; at += 1) request.write(bytes.subarray(at, at + 1));
    request.end();
  });
  t.deepEqual(echoed(split.text), { a: '\u{fffd} é € 😀' });
});

test('charset=latin1 answers 415, whatever the bytes', async (t) => {
  for (const rawBody of [utf8('{"a":"b"}'), new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d])]) {
    const response = await server.request('POST', '/test/echo', { rawBody, headers: { 'content-type': 'application/json; charset=latin1' } });
    t.is(response.status, 415);
    t.deepEqual(response.body, UNSUPPORTED);
  }
});

test('any application/*+json type is read, charset utf-8 in any case', async (t) => {
  for (const type of ['application/vnd.x+json', 'application/merge-patch+json; charset=UTF-8', 'APPLICATION/PROBLEM+JSON']) {
    const response = await server.request('POST', '/test/echo', { rawBody: utf8('{"a":1}'), headers: { 'content-type': type } });
    t.is(response.status, 200, type);
    t.deepEqual(response.body, { body: { a: 1 } }, type);
  }
});

test('a body sent with GET or HEAD is not read, whatever it holds', async (t) => {
  for (const [headers, payload] of [
    [JSON_TYPE, '{"a":1}'],
    [JSON_TYPE, '{not json'],
    [{ 'content-type': 'text/plain' }, 'hello'],
  ] as const) {
    const get = await rawRequest('GET', { ...headers, 'content-length': payload.length }, (request) => request.end(payload));
    t.is(get.status, 200, payload);
    t.deepEqual(echoed(get.text), {}, payload);
    const head = await rawRequest('HEAD', { ...headers, 'content-length': payload.length }, (request) => request.end(payload));
    t.is(head.status, 200, payload);
  }
});

test('an empty body is {} whatever its Content-Type, charset or encoding, with a length of 0 or chunked', async (t) => {
  const headerSets: Array<Record<string, string>> = [
    { 'content-type': 'text/plain' },
    { 'content-type': 'image/png' },
    { 'content-type': 'application/json; charset=latin1' },
    { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    {},
  ];
  for (const headers of headerSets) {
    const at = JSON.stringify(headers);
    const sized = await server.request('POST', '/test/echo', { rawBody: new Uint8Array(0), headers });
    t.deepEqual(sized.body, { body: {} }, `length 0 ${at}`);
    const chunked = await rawRequest('POST', { ...headers, 'transfer-encoding': 'chunked' }, (request) => request.end());
    t.deepEqual(echoed(chunked.text), {}, `chunked ${at}`);
  }
});
