import { connect } from 'node:net';
import { Readable, Writable } from 'node:stream';
import type Router from '@koa/router';
import test, { type ExecutionContext } from 'ava';
import { pino } from 'pino';
import type { Config } from '../../src/config/types.js';
import { registerRoutes } from '../../src/http/routes/index.js';
import type { ServiceContext } from '../../src/services/context.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

/*
 * Answers Node gives before the app sees a request (API.md has no code for them; see errors.ts):
 * they get the API's error shape and the headers every answer carries (§1.3, §1.10).
 */

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const HEADERS_TOO_LARGE = { message: 'Request headers are too large', code: 'HEADERS_TOO_LARGE' };
const UNKNOWN_METHOD = { message: 'Request method is not supported', code: 'UNKNOWN_METHOD' };
const MALFORMED_REQUEST = { message: 'Request is not valid HTTP', code: 'MALFORMED_REQUEST' };
const REQUEST_TIMEOUT = { message: 'Request was not received in time', code: 'REQUEST_TIMEOUT' };

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** Milliseconds from the first byte sent to the connection's close. */
  closedAfterMs: number;
}

/** Sends raw bytes on a new connection and reads until the server closes it. */
function rawExchange(server: TestServer, chunks: string[]): Promise<RawAnswer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    let started = 0;
    socket.on('connect', () => {
      started = performance.now();
      for (const chunk of chunks) socket.write(chunk);
    });
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseAnswer(Buffer.concat(received).toString('utf8'), performance.now() - started)));
  });
}

function parseAnswer(text: string, closedAfterMs: number): RawAnswer {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: body === '' ? null : JSON.parse(body), closedAfterMs };
}

/** The headers of API.md §1.3 and §1.10 on a JSON error (default CORS: any origin). */
function assertApiAnswer(t: ExecutionContext, answer: RawAnswer, status: number, body: unknown): void {
  t.is(answer.status, status);
  t.deepEqual(answer.body, body);
  t.like(answer.headers, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'access-control-allow-origin': '*',
    'access-control-expose-headers': 'X-Request-Id',
    connection: 'close',
  });
  t.regex(answer.headers['x-request-id'] ?? '', UUID_V4);
  t.is(Number(answer.headers['content-length']), Buffer.byteLength(JSON.stringify(body)));
}

interface LoggedServer {
  server: TestServer;
  lines: Array<{ level: number; msg: string; err?: unknown; code?: string }>;
}

/** A server whose debug log is kept, with a route that answers a large body. */
async function loggedServer(t: ExecutionContext, overrides: Partial<Config> = {}): Promise<LoggedServer> {
  const lines: LoggedServer['lines'] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const routes = (router: Router, services: ServiceContext) => {
    registerRoutes(router, services);
    // Streamed, as a large file would be: the client can leave half way through.
    router.get('/test/large', (ctx) => {
      let sent = 0;
      ctx.type = 'application/json';
      ctx.body = new Readable({
        read() {
          this.push(sent++ < 2000 ? 'x'.repeat(65_536) : null);
        },
      });
    });
  };
  const server = await startTestServer(overrides, { logger: pino({ level: 'debug' }, sink), routes });
  t.teardown(server.close);
  return { server, lines };
}

const errorLines = (lines: LoggedServer['lines']) => lines.filter((line) => line.level >= 50);

test('headers or a URL over Node\'s 16 KiB limit answer 431 HEADERS_TOO_LARGE in the API\'s shape', async (t) => {
  const { server, lines } = await loggedServer(t);
  const header = await rawExchange(server, [`GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]);
  assertApiAnswer(t, header, 431, HEADERS_TOO_LARGE);
  const url = await rawExchange(server, [`GET /api/v1/boards/${'b'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`]);
  assertApiAnswer(t, url, 431, HEADERS_TOO_LARGE);
  t.deepEqual(errorLines(lines), []);
  t.true(lines.some((line) => line.level === 20 && line.code === 'HPE_HEADER_OVERFLOW'), 'logged at debug');
});

test('an unknown method answers 400 UNKNOWN_METHOD; a request that is not HTTP answers 400 MALFORMED_REQUEST', async (t) => {
  const { server, lines } = await loggedServer(t);
  assertApiAnswer(t, await rawExchange(server, ['FOO /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n']), 400, UNKNOWN_METHOD);
  assertApiAnswer(t, await rawExchange(server, ['GET /api/v1/health HTTP/1.1\r\nHost x\r\n\r\n']), 400, MALFORMED_REQUEST);
  assertApiAnswer(t, await rawExchange(server, ['GET /api/v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n']), 400, MALFORMED_REQUEST);
  t.deepEqual(errorLines(lines), []);
});

test('an HTTP/1.1 request without Host answers 400 MALFORMED_REQUEST through the app; HTTP/1.0 needs none', async (t) => {
  const { server } = await loggedServer(t);
  const answer = await rawExchange(server, ['GET /api/v1/health HTTP/1.1\r\nX-Request-Id: no-host-1\r\n\r\n']);
  t.is(answer.status, 400);
  t.deepEqual(answer.body, MALFORMED_REQUEST);
  t.like(answer.headers, { 'x-request-id': 'no-host-1', 'cache-control': 'no-store', 'access-control-allow-origin': '*', connection: 'close' });
  const old = await rawExchange(server, ['GET /api/v1/health HTTP/1.0\r\n\r\n']);
  t.is(old.status, 200);
});

test('headers that do not arrive within headersTimeoutMs answer 408 REQUEST_TIMEOUT', async (t) => {
  const { server, lines } = await loggedServer(t, { headersTimeoutMs: 200, requestTimeoutMs: 10_000 });
  const answer = await rawExchange(server, ['GET /api/v1/health HTTP/1.1\r\nHost: x\r\n']);
  assertApiAnswer(t, answer, 408, REQUEST_TIMEOUT);
  t.deepEqual(errorLines(lines), []);
});

test('a body that does not arrive within requestTimeoutMs answers 408, and nothing is logged as an error', async (t) => {
  const { server, lines } = await loggedServer(t, { headersTimeoutMs: 200, requestTimeoutMs: 400 });
  const head = 'POST /api/v1/posts/get HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
  const answer = await rawExchange(server, [head, '{"page":']);
  assertApiAnswer(t, answer, 408, REQUEST_TIMEOUT);
  await server.close();
  t.deepEqual(errorLines(lines), []);
});

test('a headers timeout longer than the request timeout is bounded by it', async (t) => {
  // Node itself refuses to create such a server; the whole request's limit bounds its headers.
  const { server } = await loggedServer(t, { headersTimeoutMs: 60_000, requestTimeoutMs: 300 });
  assertApiAnswer(t, await rawExchange(server, ['GET /api/v1/health HTTP/1.1\r\nHost: x\r\n']), 408, REQUEST_TIMEOUT);
});

test('with a configured origin list, Node-level answers carry Vary: Origin and no allowed origin', async (t) => {
  const { server } = await loggedServer(t, { corsOrigins: ['https://app.example.org'] });
  const answer = await rawExchange(server, ['FOO / HTTP/1.1\r\nHost: x\r\nOrigin: https://app.example.org\r\n\r\n']);
  t.is(answer.status, 400);
  t.is(answer.headers.vary, 'Origin');
  t.is(answer.headers['access-control-allow-origin'], undefined);
});

test('an idle keep-alive connection is closed after keepAliveTimeoutMs', async (t) => {
  const { server } = await loggedServer(t, { keepAliveTimeoutMs: 150 });
  const answer = await rawExchange(server, ['GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n']);
  t.is(answer.status, 200);
  // Node's default is 5 s: well past this bound, which only guards against a setting left unused.
  t.true(answer.closedAfterMs < 3000, `closed after ${answer.closedAfterMs} ms`);
});

test('a client that disconnects mid-response is logged at debug without a stack, never as an error', async (t) => {
  const { server, lines } = await loggedServer(t);
  const { port } = new URL(server.url);
  await new Promise<void>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /api/v1/test/large HTTP/1.1\r\nHost: x\r\n\r\n'));
    socket.once('data', () => {
      socket.resetAndDestroy();
      resolve();
    });
    socket.on('error', reject);
  });
  // close() waits for the connection and its handler, so every line about them is written by now.
  await server.close();
  t.deepEqual(errorLines(lines), []);
  const gone = lines.filter((line) => line.msg === 'client went away before the answer was sent');
  t.true(gone.length > 0);
  for (const line of gone) t.like(line, { level: 20, err: undefined });
});
