import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Writable } from 'node:stream';
import type Router from '@koa/router';
import test from 'ava';
import Koa, { type Middleware } from 'koa';
import { pino } from 'pino';
import { appError } from '../../src/errors.js';
import { parseBody } from '../../src/http/body.js';
import { requireAuth } from '../../src/http/auth.js';
import { clientAddress } from '../../src/http/client-address.js';
import { startServer } from '../../src/http/server.js';
import { registerRoutes } from '../../src/http/routes/index.js';
import type { ServiceContext } from '../../src/services/context.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

const MIB = 1_048_576;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NOT_FOUND = { message: 'Route not found', code: 'NOT_FOUND' };
const METHOD_NOT_ALLOWED = { message: 'Method not allowed', code: 'METHOD_NOT_ALLOWED' };
const SERVER_ERROR = { message: 'Something went wrong!', code: 'SERVER_ERROR' };
const TOO_LARGE = { message: 'Request body exceeds 1 MiB', code: 'PAYLOAD_TOO_LARGE' };
const UNSUPPORTED = { message: 'Request body must be application/json', code: 'UNSUPPORTED_MEDIA_TYPE' };
const INVALID_JSON = { message: 'Request body is not valid JSON', code: 'INVALID_JSON' };
const NOT_AN_OBJECT = {
  message: 'Request body must be a JSON object',
  code: 'VALIDATION_ERROR',
  errors: [{ path: '', message: 'Request body must be a JSON object' }],
};

const echo: Middleware = (ctx) => {
  ctx.body = { body: ctx.state.body };
};

/** The production routes plus test-only ones shaped like the real API. */
function withTestRoutes(router: Router, services: ServiceContext): void {
  registerRoutes(router, services);
  router.post('/test/echo', parseBody, echo);
  router.get('/test/echo', parseBody, echo);
  // Like /posts in API.md §1.6: POST, PATCH, DELETE.
  router.post('/test/posts', (ctx) => {
    ctx.body = {};
  });
  router.patch('/test/posts', (ctx) => {
    ctx.body = {};
  });
  router.delete('/test/posts', (ctx) => {
    ctx.status = 204;
  });
  // Like /boards/get and /boards/:url: a literal route next to a parameter route.
  router.get('/test/things/get', (ctx) => {
    ctx.body = { list: true };
  });
  router.get('/test/things/:url', (ctx) => {
    ctx.body = { url: ctx.params.url };
  });
  router.put('/test/things/:url', (ctx) => {
    ctx.body = { put: ctx.params.url };
  });
  router.delete('/test/things/:url', (ctx) => {
    ctx.status = 204;
  });
  router.get('/test/private', requireAuth(services), (ctx) => {
    ctx.body = {};
  });
  router.get('/test/boom', () => {
    throw new Error('kaboom');
  });
  router.get('/test/silent', () => {});
  router.get('/test/refused', (ctx) => {
    ctx.type = 'text/html';
    throw appError('NOT_ENOUGH_PERMISSION');
  });
  router.get('/test/address', (ctx) => {
    ctx.body = { direct: clientAddress(ctx, false), proxied: clientAddress(ctx, true) };
  });
}

let server: TestServer;
const logLines: Array<Record<string, unknown>> = [];
const logSink = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(JSON.parse(String(chunk)));
    done();
  },
});

test.before(async () => {
  server = await startTestServer({}, { routes: withTestRoutes, logger: pino({ level: 'info' }, logSink) });
});
test.after.always(() => server?.close());

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** A request through node:http, for what fetch will not send (a body with GET, a Content-Length without the body). */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string | number>,
  send: (write: (chunk: Buffer) => boolean, end: () => void) => void,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}${path}`, { method, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on('error', reject);
    send(
      (chunk) => request.write(chunk),
      () => request.end(),
    );
  });
}

/** A JSON object text of exactly `size` bytes. */
function jsonOfSize(size: number): string {
  return `{"a":"${'x'.repeat(size - 8)}"}`;
}

function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 65_536) controller.enqueue(bytes.subarray(at, at + 65_536));
      controller.close();
    },
  });
}

// ---- routing: 404, 405, case, trailing slash, parameters -------------------------------------

// Paths outside `/api/` are the web app's (API.md §1.1): see web-app.test.ts.
test('paths under /api/ outside the routes and unknown paths answer 404 NOT_FOUND as JSON', async (t) => {
  for (const path of ['/api', '/api/v1', '/api/v2/health', '/api/v1/nope', '/api/v1/health/extra']) {
    const response = await server.request('GET', path, { fromRoot: true });
    t.is(response.status, 404, path);
    t.is(response.text, JSON.stringify(NOT_FOUND), path);
    t.is(response.headers.get('content-type'), 'application/json; charset=utf-8', path);
  }
});

test('a known path with a wrong method answers 405 with Allow in canonical order', async (t) => {
  const cases: Array<[string, string, string]> = [
    ['POST', '/health', 'GET, HEAD, OPTIONS'],
    ['GET', '/test/posts', 'POST, PATCH, DELETE, OPTIONS'],
    ['PUT', '/test/posts', 'POST, PATCH, DELETE, OPTIONS'],
    // Union of the literal route (GET) and the parameter route (GET, PUT, DELETE), API.md §1.15.2.
    ['POST', '/test/things/get', 'GET, HEAD, PUT, DELETE, OPTIONS'],
    ['PATCH', '/test/things/anything', 'GET, HEAD, PUT, DELETE, OPTIONS'],
    ['PROPFIND', '/health', 'GET, HEAD, OPTIONS'],
  ];
  for (const [method, path, allow] of cases) {
    const response = await server.request(method, path);
    t.is(response.status, 405, `${method} ${path}`);
    t.deepEqual(response.body, METHOD_NOT_ALLOWED);
    t.is(response.headers.get('allow'), allow, `${method} ${path}`);
  }
});

test('405 comes before reading the body and before authentication', async (t) => {
  const response = await server.request('DELETE', '/health', { rawBody: 'x'.repeat(2 * MIB) });
  t.is(response.status, 405);
  t.is((await server.request('POST', '/test/private')).status, 405);
});

test('literal segments match case-insensitively along the whole path, prefix included', async (t) => {
  for (const path of ['/API/V1/HEALTH', '/Api/v1/Health', '/api/V1/health']) {
    const response = await server.request('GET', path, { fromRoot: true });
    t.is(response.status, 200, path);
    t.is(response.body.status, 'ok');
  }
  t.deepEqual((await server.request('GET', '/TEST/Things/GET')).body, { list: true });
});

test('one trailing slash is ignored, two are not', async (t) => {
  t.is((await server.request('GET', '/health/')).status, 200);
  t.deepEqual((await server.request('GET', '/test/things/abc/')).body, { url: 'abc' });
  t.deepEqual((await server.request('GET', '/health//')).body, NOT_FOUND);
});

test('a literal route beats a parameter route for its own methods only', async (t) => {
  t.deepEqual((await server.request('GET', '/test/things/get')).body, { list: true });
  t.deepEqual((await server.request('PUT', '/test/things/get')).body, { put: 'get' });
  t.is((await server.request('DELETE', '/test/things/get')).status, 204);
});

test('path parameters are percent-decoded and kept exactly as sent (case included)', async (t) => {
  t.deepEqual((await server.request('GET', '/test/things/MiXeD')).body, { url: 'MiXeD' });
  t.deepEqual((await server.request('GET', '/test/things/caf%C3%A9%20%2F%20bar')).body, { url: 'café / bar' });
});

test('an undecodable path parameter answers 400 DECODE_URI_ERROR, after 404 and 405', async (t) => {
  const bad = await server.request('GET', '/test/things/%E0%A4%A');
  t.is(bad.status, 400);
  t.deepEqual(bad.body, { message: 'bad URL', code: 'DECODE_URI_ERROR' });
  t.is((await server.request('GET', '/test/things/%ZZ')).body.code, 'DECODE_URI_ERROR');
  t.is((await server.request('PATCH', '/test/things/%E0%A4%A')).status, 405);
  t.is((await server.request('GET', '/nope/%E0%A4%A')).status, 404);
});

// ---- HEAD and OPTIONS ----------------------------------------------------------------------------

test('HEAD answers wherever GET does, with the same status and headers and no body', async (t) => {
  const get = await server.request('GET', '/health');
  const head = await server.request('HEAD', '/health');
  t.is(head.status, 200);
  t.is(head.text, '');
  for (const name of ['content-type', 'content-length', 'cache-control', 'access-control-allow-origin']) {
    t.is(head.headers.get(name), get.headers.get(name), name);
  }
  const missing = await server.request('HEAD', '/nope');
  t.is(missing.status, 404);
  t.is(missing.text, '');
  t.is((await server.request('HEAD', '/test/posts')).status, 405);
});

test('OPTIONS on a defined path answers 204 with Allow and the preflight headers, without auth', async (t) => {
  for (const [path, allow] of [
    ['/health', 'GET, HEAD, OPTIONS'],
    ['/test/private', 'GET, HEAD, OPTIONS'],
    ['/test/posts/', 'POST, PATCH, DELETE, OPTIONS'],
  ]) {
    const response = await server.request('OPTIONS', path!, { headers: { origin: 'https://app.example' } });
    t.is(response.status, 204, path);
    t.is(response.text, '');
    t.is(response.headers.get('content-type'), null);
    t.is(response.headers.get('allow'), allow!);
    t.is(response.headers.get('access-control-allow-methods'), 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    t.is(response.headers.get('access-control-allow-headers'), 'Authorization, Content-Type, X-Request-Id');
    t.is(response.headers.get('access-control-max-age'), '86400');
    t.is(response.headers.get('access-control-allow-origin'), '*');
  }
});

test('OPTIONS on an undefined path answers 404 NOT_FOUND', async (t) => {
  const response = await server.request('OPTIONS', '/nope');
  t.is(response.status, 404);
  t.deepEqual(response.body, NOT_FOUND);
});

// ---- bodies --------------------------------------------------------------------------------------

test('a JSON object body reaches the handler; charset utf-8 and +json types are accepted', async (t) => {
  for (const type of ['application/json', 'Application/JSON; charset=UTF-8', 'application/vnd.api+json', 'application/json;charset="utf-8"']) {
    const response = await server.request('POST', '/test/echo', { rawBody: '{"a":[1,{"b":null}]}', headers: { 'content-type': type } });
    t.is(response.status, 200, type);
    t.deepEqual(response.body, { body: { a: [1, { b: null }] } }, type);
  }
});

test('every method with a body is parsed: POST, PUT, PATCH, DELETE', async (t) => {
  const local = await startTestServer({}, {
    routes: (router) => {
      router.put('/x', parseBody, echo);
      router.patch('/x', parseBody, echo);
      router.delete('/x', parseBody, echo);
    },
  });
  t.teardown(local.close);
  for (const method of ['PUT', 'PATCH', 'DELETE']) {
    t.deepEqual((await local.request(method, '/x', { body: { m: method } })).body, { body: { m: method } }, method);
  }
});

test('a body over 1 MiB answers 413 by Content-Length, before the body is read', async (t) => {
  const response = await rawRequest('POST', '/api/v1/test/echo', { 'content-type': 'application/json', 'content-length': MIB + 1 }, (write) => {
    // Only a first chunk is sent: the answer must not wait for the rest.
    write(Buffer.from('{"a":"'));
  });
  t.is(response.status, 413);
  t.is(response.text, JSON.stringify(TOO_LARGE));
  t.is(response.headers.connection, 'close');
});

test('a streamed (chunked) body answers 413 once it passes 1 MiB', async (t) => {
  const response = await fetch(`${server.url}/api/v1/test/echo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: streamOf(jsonOfSize(MIB + 1)),
    duplex: 'half',
  } as RequestInit);
  t.is(response.status, 413);
  t.deepEqual(await response.json(), TOO_LARGE);
});

test('exactly 1 MiB is accepted, one byte more is not', async (t) => {
  const exact = await server.request('POST', '/test/echo', { rawBody: jsonOfSize(MIB), headers: { 'content-type': 'application/json' } });
  t.is(exact.status, 200);
  const over = await server.request('POST', '/test/echo', { rawBody: jsonOfSize(MIB + 1), headers: { 'content-type': 'application/json' } });
  t.is(over.status, 413);
});

test('415 comes before 413 (decided from the headers) and before INVALID_JSON; 413 before INVALID_JSON', async (t) => {
  const huge = await server.request('POST', '/test/echo', { rawBody: 'x'.repeat(2 * MIB), headers: { 'content-type': 'text/plain' } });
  t.deepEqual(huge.body, UNSUPPORTED);
  const hugeJson = await server.request('POST', '/test/echo', { rawBody: '{'.repeat(2 * MIB), headers: { 'content-type': 'application/json' } });
  t.deepEqual(hugeJson.body, TOO_LARGE);
  const text = await server.request('POST', '/test/echo', { rawBody: '{not json', headers: { 'content-type': 'text/plain' } });
  t.deepEqual(text.body, UNSUPPORTED);
});

test('a non-JSON content type, a body without one, or another charset answers 415', async (t) => {
  const cases: Array<[string, Record<string, string>]> = [
    ['text/plain', { 'content-type': 'text/plain' }],
    ['form', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['json-ish', { 'content-type': 'application/jsonx' }],
    ['text/json', { 'content-type': 'text/json' }],
    ['latin1', { 'content-type': 'application/json; charset=latin1' }],
    ['utf-16', { 'content-type': 'application/json; charset=utf-16' }],
    ['gzip', { 'content-type': 'application/json', 'content-encoding': 'gzip' }],
    ['no type', {}],
  ];
  for (const [name, headers] of cases) {
    // Bytes, not a string: fetch would add `text/plain;charset=UTF-8` to a string body.
    const response = await server.request('POST', '/test/echo', { rawBody: new TextEncoder().encode('{"a":1}'), headers });
    t.is(response.status, 415, name);
    t.deepEqual(response.body, UNSUPPORTED, name);
  }
});

test('no body or an empty body counts as {} whatever the content type', async (t) => {
  t.deepEqual((await server.request('POST', '/test/echo')).body, { body: {} });
  for (const type of ['text/plain', 'application/json', 'image/png']) {
    const response = await server.request('POST', '/test/echo', { rawBody: '', headers: { 'content-type': type } });
    t.deepEqual(response.body, { body: {} }, type);
  }
  const chunkedEmpty = await rawRequest('POST', '/api/v1/test/echo', { 'transfer-encoding': 'chunked' }, (_write, end) => end());
  t.deepEqual(JSON.parse(chunkedEmpty.text), { body: {} });
});

test('malformed JSON and invalid UTF-8 answer 400 INVALID_JSON', async (t) => {
  for (const raw of ['{not json', '{"a":1', '   ', "{'a':1}", new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])]) {
    const response = await server.request('POST', '/test/echo', { rawBody: raw, headers: { 'content-type': 'application/json' } });
    t.is(response.status, 400);
    t.deepEqual(response.body, INVALID_JSON);
  }
});

test('a top level that is not an object answers 400 VALIDATION_ERROR with path ""', async (t) => {
  for (const raw of ['null', '[]', '[{"a":1}]', '"text"', '42', 'true', 'false']) {
    const response = await server.request('POST', '/test/echo', { rawBody: raw, headers: { 'content-type': 'application/json' } });
    t.is(response.status, 400, raw);
    t.is(response.text, JSON.stringify(NOT_AN_OBJECT), raw);
  }
});

test('__proto__, constructor and prototype keys are dropped at every depth; the last duplicate key wins', async (t) => {
  const raw =
    '{"a":1,"a":2,"__proto__":{"admin":true},"constructor":{"x":1},"prototype":3,' +
    '"nested":{"\\u005f_proto__":{"admin":true},"list":[{"constructor":1,"keep":true}]}}';
  const response = await server.request('POST', '/test/echo', { rawBody: raw, headers: { 'content-type': 'application/json' } });
  t.is(response.status, 200);
  t.is(response.text, '{"body":{"a":2,"nested":{"list":[{"keep":true}]}}}');
});

test('a body sent with GET is never read: no 413, 415 or 400', async (t) => {
  const response = await rawRequest('GET', '/api/v1/test/echo', { 'content-type': 'text/plain', 'content-length': 2 * MIB }, (write, end) => {
    write(Buffer.alloc(2 * MIB, 'x'));
    end();
  });
  t.is(response.status, 200);
  t.deepEqual(JSON.parse(response.text), { body: {} });
});

// ---- headers on every response -------------------------------------------------------------------

test('every response carries the request id, CORS and security headers, errors included', async (t) => {
  const responses = [
    await server.request('GET', '/health'),
    await server.request('GET', '/nope'),
    await server.request('POST', '/health'),
    await server.request('POST', '/test/echo', { rawBody: 'x', headers: { 'content-type': 'text/plain' } }),
    await server.request('GET', '/test/boom'),
    await server.request('DELETE', '/test/posts'),
    await server.request('OPTIONS', '/health'),
  ];
  for (const response of responses) {
    const at = `${response.status}`;
    t.regex(response.headers.get('x-request-id') ?? '', UUID_V4, at);
    t.is(response.headers.get('access-control-allow-origin'), '*', at);
    t.is(response.headers.get('access-control-expose-headers'), 'X-Request-Id', at);
    t.is(response.headers.get('cache-control'), 'no-store', at);
    t.is(response.headers.get('x-content-type-options'), 'nosniff', at);
    t.is(response.headers.get('x-powered-by'), null, at);
    t.is(response.headers.get('access-control-allow-credentials'), null, at);
  }
});

test('JSON responses are compact with charset utf-8; 204 has no body and no Content-Type', async (t) => {
  const ok = await server.request('POST', '/test/echo', { body: { a: [1, 2], b: 'c' } });
  t.is(ok.text, '{"body":{"a":[1,2],"b":"c"}}');
  t.is(ok.headers.get('content-type'), 'application/json; charset=utf-8');
  const empty = await server.request('DELETE', '/test/posts');
  t.is(empty.status, 204);
  t.is(empty.text, '');
  t.is(empty.headers.get('content-type'), null);
});

test('a valid incoming X-Request-Id is echoed; anything else is replaced by a new UUID v4', async (t) => {
  const kept = 'abc.DEF_123-xyz';
  t.is((await server.request('GET', '/health', { headers: { 'x-request-id': kept } })).headers.get('x-request-id'), kept);
  const longest = 'a'.repeat(128);
  t.is((await server.request('GET', '/nope', { headers: { 'x-request-id': longest } })).headers.get('x-request-id'), longest);
  for (const bad of ['a'.repeat(129), 'has space', 'semi;colon', 'slash/id', 'caf\u00e9', '']) {
    const response = await server.request('GET', '/health', { headers: { 'x-request-id': bad } });
    t.regex(response.headers.get('x-request-id') ?? '', UUID_V4, bad);
  }
  const first = (await server.request('GET', '/health')).headers.get('x-request-id');
  const second = (await server.request('GET', '/health')).headers.get('x-request-id');
  t.not(first, second);
});

test('a configured origin list echoes listed origins with Vary: Origin and leaves others out', async (t) => {
  const listed = await startTestServer({ corsOrigins: ['https://a.example', 'https://b.example'] });
  t.teardown(listed.close);
  const allowed = await listed.request('GET', '/health', { headers: { origin: 'https://b.example' } });
  t.is(allowed.status, 200);
  t.is(allowed.headers.get('access-control-allow-origin'), 'https://b.example');
  t.regex(allowed.headers.get('vary') ?? '', /\bOrigin\b/);
  t.is(allowed.headers.get('access-control-expose-headers'), 'X-Request-Id');

  const other = await listed.request('GET', '/health', { headers: { origin: 'https://evil.example' } });
  t.is(other.status, 200, 'the request itself is processed normally');
  t.is(other.headers.get('access-control-allow-origin'), null);
  t.is((await listed.request('GET', '/health')).headers.get('access-control-allow-origin'), null);

  const preflight = await listed.request('OPTIONS', '/health', { headers: { origin: 'https://a.example' } });
  t.is(preflight.status, 204);
  t.is(preflight.headers.get('access-control-allow-origin'), 'https://a.example');
  const error = await listed.request('GET', '/nope', { headers: { origin: 'https://a.example' } });
  t.is(error.headers.get('access-control-allow-origin'), 'https://a.example');
});

// ---- 500 -----------------------------------------------------------------------------------------

test('an unexpected error answers exactly the SERVER_ERROR body and is logged with the request id', async (t) => {
  const token = 'secret-token-value';
  const response = await server.request('GET', '/test/boom', { headers: { 'x-request-id': 'boom-1', authorization: `Bearer ${token}` } });
  t.is(response.status, 500);
  t.is(response.text, JSON.stringify(SERVER_ERROR));
  t.is(response.headers.get('content-type'), 'application/json; charset=utf-8');
  const line = logLines.find((entry) => entry.requestId === 'boom-1');
  t.truthy(line);
  t.like(line, { level: 50, method: 'GET', path: '/api/v1/test/boom' });
  const err = line?.err as { message: string; stack: string };
  t.is(err.message, 'kaboom');
  t.regex(err.stack, /kaboom\n\s+at /);
  t.false(JSON.stringify(logLines).includes(token), 'the Authorization value is never logged');
});

test('a known error answers its status and { message, code } as JSON, whatever type the handler had set', async (t) => {
  const response = await server.request('GET', '/test/refused');
  t.is(response.status, 403);
  t.is(response.text, '{"message":"You do not have permission to perform this action.","code":"NOT_ENOUGH_PERMISSION"}');
  t.is(response.headers.get('content-type'), 'application/json; charset=utf-8');
});

test('a handler that sets no response is a logged 500, never Koa\'s text 404', async (t) => {
  const response = await server.request('GET', '/test/silent', { headers: { 'x-request-id': 'silent-1' } });
  t.is(response.status, 500);
  t.deepEqual(response.body, SERVER_ERROR);
  t.truthy(logLines.find((entry) => entry.requestId === 'silent-1'));
});

// ---- client address (for rate limits) ------------------------------------------------------------

test('clientAddress: the socket address, or behind a trusted proxy the right-most X-Forwarded-For entry', async (t) => {
  const direct = await server.request('GET', '/test/address');
  t.regex(direct.body.direct, /127\.0\.0\.1$/);
  t.is(direct.body.proxied, direct.body.direct, 'no X-Forwarded-For: the socket address');
  const forwarded = await server.request('GET', '/test/address', { headers: { 'x-forwarded-for': '6.6.6.6, 10.0.0.1,  203.0.113.7 ' } });
  t.is(forwarded.body.direct, direct.body.direct, 'untrusted: the header is ignored');
  t.is(forwarded.body.proxied, '203.0.113.7');
});

// ---- the server ----------------------------------------------------------------------------------

test('startServer reports the real port and rejects EADDRINUSE as it is', async (t) => {
  const port = Number(new URL(server.url).port);
  t.true(port > 0);
  const busy = startServer(new Koa(), { host: '127.0.0.1', port });
  const error = await t.throwsAsync(busy);
  t.is((error as NodeJS.ErrnoException).code, 'EADDRINUSE');
});

test('close() waits for a request whose client went away, so its storage work is not cut off', async (t) => {
  let outcome = 'still running';
  const slowRoutes = (router: Router, services: ServiceContext) => {
    router.get('/slow-write', async (ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      outcome = await services.storage.users.count().then(
        (count) => `counted ${count}`,
        (error: Error) => error.message,
      );
      ctx.body = { done: true };
    });
  };
  const local = await startTestServer({}, { routes: slowRoutes });
  const abort = new AbortController();
  const request = fetch(`${local.url}/api/v1/slow-write`, { signal: abort.signal }).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 50));
  abort.abort();
  await request;
  await local.close();
  t.is(outcome, 'counted 0');
});

test('close() lets an in-flight request finish, then stops accepting', async (t) => {
  const slowRoutes = (router: Router) => {
    router.get('/slow', async (ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      ctx.body = { done: true };
    });
  };
  const local = await startTestServer({}, { routes: slowRoutes });
  await local.request('GET', '/slow'); // leaves an idle keep-alive connection behind
  const started = Date.now();
  const inFlight = local.request('GET', '/slow');
  await new Promise((resolve) => setTimeout(resolve, 50));
  await local.close();
  t.deepEqual((await inFlight).body, { done: true });
  t.true(Date.now() - started < 2000, 'idle keep-alive sockets do not hold close() up');
  await t.throwsAsync(fetch(`${local.url}/api/v1/slow`));
});
