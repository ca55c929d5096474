import type { LookupAddress } from 'node:dns';
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { loadConfig } from '../../src/config/load.js';
import { AppError } from '../../src/errors.js';
import { type DeliveryOptions, type DeliveryRequest, deliverWebhook } from '../../src/services/webhooks/deliver.js';
import type { HostLookup } from '../../src/services/webhooks/target-guard.js';
import { VERSION } from '../../src/version.js';
import { tempDir } from '../config/_temp-dir.js';

const ALLOW_HINT = 'allow private addresses for this endpoint to use it (allowPrivate: true in the API, --allow-private on the command line)';
const KIB = 1024;

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: string;
}

type Answer = (request: IncomingMessage, response: ServerResponse, body: string) => void;

interface Receiver {
  port: number;
  url: (path?: string) => string;
  received: Received[];
  /** TCP connections accepted, requests or not. */
  connections: number;
  /** Resolves when the first connection closes. */
  firstClose: Promise<void>;
}

/** A real HTTP server on 127.0.0.1 and a free port; by default it answers 200 "thanks". */
async function startReceiver(t: ExecutionContext, answer: Answer = (_request, response) => response.end('thanks')): Promise<Receiver> {
  let closed: () => void = () => {};
  const receiver: Receiver = {
    port: 0,
    url: (path = '/') => `http://127.0.0.1:${receiver.port}${path}`,
    received: [],
    connections: 0,
    firstClose: new Promise((resolve) => {
      closed = resolve;
    }),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const { method = '', url = '', headers, rawHeaders } = request;
      receiver.received.push({ method, url, headers, rawHeaders, body });
      answer(request, response, body);
    });
  });
  server.on('connection', (socket) => {
    receiver.connections += 1;
    socket.once('close', () => closed());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return receiver;
}

/** A resolver answering one address per call (the last one again once they run out), counting calls. */
function answering(...answers: string[]): HostLookup & { calls: number } {
  const lookup = Object.assign(
    async (): Promise<LookupAddress[]> => {
      const address = answers[Math.min(lookup.calls, answers.length - 1)]!;
      lookup.calls += 1;
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    },
    { calls: 0 },
  );
  return lookup;
}

function deliver(request: Partial<DeliveryRequest> & { url: string }, options: Partial<DeliveryOptions> = {}) {
  return deliverWebhook({ allowPrivate: true, body: '{"event":"post.created"}', ...request }, { timeoutMs: 5_000, ...options });
}

test('a 2xx delivery: the body and headers arrive as sent, the answer and the duration come back', async (t) => {
  const receiver = await startReceiver(t);
  const body = JSON.stringify({ event: 'post.created', title: 'Dark mode — please ✓' });
  const signature = `t=1700000000,sha256=${'ab'.repeat(32)}`;
  const before = performance.now();
  const result = await deliver({ url: receiver.url('/hooks/feedback?team=1'), body, headers: { 'X-Feedbackd-Signature': signature } });
  const wallMs = performance.now() - before;
  t.like(result, { ok: true, status: 200, responseExcerpt: 'thanks' });
  t.is(result.error, undefined);
  t.true(Number.isInteger(result.durationMs) && result.durationMs >= 0 && result.durationMs <= Math.ceil(wallMs), String(result.durationMs));
  t.is(receiver.received.length, 1);
  const [received] = receiver.received;
  t.is(received!.method, 'POST');
  t.is(received!.url, '/hooks/feedback?team=1');
  t.is(received!.body, body);
  t.is(received!.headers['x-feedbackd-signature'], signature);
  t.is(received!.headers['user-agent'], `feedbackd/${VERSION} (webhook)`);
  t.is(received!.headers['content-type'], 'application/json');
  t.is(received!.headers['content-length'], String(Buffer.byteLength(body)));
  t.is(received!.headers.host, `127.0.0.1:${receiver.port}`);
});

test('any 2xx is ok; the duration is read on the given clock', async (t) => {
  const receiver = await startReceiver(t, (_request, response) => {
    response.statusCode = 204;
    response.end();
  });
  const ticks = [1_000, 1_234.4];
  const result = await deliver({ url: receiver.url() }, { now: () => ticks.shift() ?? 9_999 });
  t.deepEqual(result, { ok: true, status: 204, durationMs: 234, responseExcerpt: '' });
});

test("the caller's headers win over the defaults, whatever their case, and are sent once", async (t) => {
  const receiver = await startReceiver(t);
  await deliver({ url: receiver.url(), body: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'USER-AGENT': 'feedbackd/test' } });
  const { rawHeaders } = receiver.received[0]!;
  const named = (name: string) => rawHeaders.filter((_value, index) => index % 2 === 1 && rawHeaders[index - 1]!.toLowerCase() === name);
  t.deepEqual(named('content-type'), ['application/x-www-form-urlencoded']);
  t.deepEqual(named('user-agent'), ['feedbackd/test']);
  t.deepEqual(named('content-length'), ['3']);
});

test('127.0.0.1 and localhost are refused without allowPrivate, before any connection, and delivered with it', async (t) => {
  const receiver = await startReceiver(t);
  const literal = receiver.url();
  const named = `http://localhost:${receiver.port}/`;
  const refusedLiteral = await deliver({ url: literal, allowPrivate: false });
  t.like(refusedLiteral, { ok: false, error: `url is a loopback address (127.0.0.1); ${ALLOW_HINT}` });
  t.is(refusedLiteral.status, undefined);
  // localhost is loopback by name (RFC 6761); with allowPrivate it goes through the system's resolver, as in production.
  const refusedName = await deliver({ url: named, allowPrivate: false });
  t.like(refusedName, { ok: false, error: `refused: is a loopback host name (localhost); ${ALLOW_HINT}` });
  t.is(receiver.connections, 0);

  t.like(await deliver({ url: literal, allowPrivate: true }), { ok: true, status: 200 });
  t.like(await deliver({ url: named, allowPrivate: true }), { ok: true, status: 200 });
  t.is(receiver.received.length, 2);
  t.is(receiver.received[1]!.headers.host, `localhost:${receiver.port}`);
});

test('a host name resolving into a private, link-local or loopback range is refused before any connection', async (t) => {
  const receiver = await startReceiver(t);
  const url = `http://hooks.example.test:${receiver.port}/`;
  const cases = [
    ['10.0.0.5', 'a private'],
    ['169.254.169.254', 'a link-local'],
    // Would reach the receiver on 127.0.0.1 if it were not checked.
    ['::ffff:127.0.0.1', 'a loopback'],
    ['fd00::1', 'a private'],
  ] as const;
  for (const [address, kind] of cases) {
    const lookup = answering(address);
    const result = await deliver({ url, allowPrivate: false }, { lookup });
    t.deepEqual({ ok: result.ok, error: result.error }, { ok: false, error: `refused: resolves to ${kind} address (${address}); ${ALLOW_HINT}` });
    t.is(lookup.calls, 1);
  }
  t.is(receiver.connections, 0);
});

test('rebinding: the connection goes to the address that was checked, a second DNS answer is never asked for', async (t) => {
  const receiver = await startReceiver(t);
  const url = `http://hooks.example.test:${receiver.port}/feedback`;
  // Checked: a public address (TEST-NET-1, where nothing answers); a second lookup would give the receiver on loopback.
  const rebinding = answering('192.0.2.1', '127.0.0.1');
  const result = await deliver({ url, allowPrivate: false }, { lookup: rebinding, timeoutMs: 300 });
  t.false(result.ok);
  t.is(rebinding.calls, 1);
  t.is(receiver.connections, 0);

  // The other way round, with the flag: the first answer is the receiver and is where the event lands,
  // under the URL's host name; the second answer (nowhere) would fail the delivery.
  const pinned = answering('127.0.0.1', '192.0.2.1');
  t.like(await deliver({ url, allowPrivate: true }, { lookup: pinned, timeoutMs: 2_000 }), { ok: true, status: 200 });
  t.is(pinned.calls, 1);
  t.is(receiver.received.length, 1);
  t.is(receiver.received[0]!.headers.host, `hooks.example.test:${receiver.port}`);
});

test('a redirect is not followed: a failure naming its target, which is never requested', async (t) => {
  const elsewhere = await startReceiver(t);
  const location = elsewhere.url('/landing');
  const receiver = await startReceiver(t, (_request, response) => {
    response.writeHead(302, { Location: location }).end('moved');
  });
  const result = await deliver({ url: receiver.url() });
  t.deepEqual(result, {
    ok: false,
    status: 302,
    durationMs: result.durationMs,
    error: `redirect not followed (302 to ${location})`,
    responseExcerpt: 'moved',
  });
  t.is(elsewhere.connections, 0);
});

test('the answer is read up to 64 KiB: a receiver streaming without end is cut off at once', async (t) => {
  const receiver = await startReceiver(t, (_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/plain' });
    const chunk = Buffer.alloc(16 * KIB, 'x');
    const pump = () => {
      while (!response.destroyed && response.write(chunk)) {}
    };
    response.on('drain', pump);
    pump();
  });
  const result = await deliver({ url: receiver.url() }, { timeoutMs: 10_000 });
  t.like(result, { ok: true, status: 200, responseExcerpt: 'x'.repeat(KIB) });
  // Without the limit the read would only stop at the 10 s deadline.
  t.true(result.durationMs < 2_000, String(result.durationMs));
  await receiver.firstClose;
});

test('the read stops at exactly 64 KiB: one byte less and it waits for the rest until the deadline', async (t) => {
  const stallingAfter = async (bytes: number) => {
    const receiver = await startReceiver(t, (_request, response) => {
      response.writeHead(200, { 'Content-Length': String(1024 * KIB) });
      response.write(Buffer.alloc(bytes, 'y'));
    });
    return deliver({ url: receiver.url() }, { timeoutMs: 500 });
  };
  const atLimit = await stallingAfter(64 * KIB);
  t.like(atLimit, { ok: true, status: 200 });
  t.true(atLimit.durationMs < 250, `at the limit: ${atLimit.durationMs} ms`);
  // The status was 200: the receiver took the event, only the rest of its answer was cut off.
  const belowLimit = await stallingAfter(64 * KIB - 1);
  t.like(belowLimit, { ok: true, status: 200 });
  t.true(belowLimit.durationMs >= 490, `below the limit: ${belowLimit.durationMs} ms`);
});

test('a receiver that never answers times out at the setting', async (t) => {
  const receiver = await startReceiver(t, () => {});
  const before = performance.now();
  const result = await deliver({ url: receiver.url() }, { timeoutMs: 200 });
  const wallMs = performance.now() - before;
  t.deepEqual(result, { ok: false, durationMs: result.durationMs, error: 'timed out after 200 ms' });
  t.true(result.durationMs >= 195 && wallMs < 1_000, `${result.durationMs} ms`);
  t.is(receiver.received.length, 1, 'the event was sent, the answer never came');
});

test('the deadline covers the name lookup too', async (t) => {
  const hanging: HostLookup = () => new Promise(() => {});
  const result = await deliver({ url: 'https://hooks.example.test/' }, { timeoutMs: 200, lookup: hanging });
  t.deepEqual(result, { ok: false, durationMs: result.durationMs, error: 'timed out after 200 ms' });
  t.true(result.durationMs < 1_000);
});

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('a closed port is "connection refused"; a name that does not resolve is "host not found"', async (t) => {
  const refused = await deliver({ url: `http://127.0.0.1:${await closedPort()}/` });
  t.deepEqual(refused, { ok: false, durationMs: refused.durationMs, error: 'connection refused' });
  const notFound: HostLookup = () =>
    Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND gone.example.test'), { code: 'ENOTFOUND', hostname: 'gone.example.test' }));
  const result = await deliver({ url: 'http://gone.example.test/' }, { lookup: notFound });
  t.deepEqual(result, { ok: false, durationMs: result.durationMs, error: 'host not found (gone.example.test)' });
});

test('a 500 is not ok and keeps the first KiB of the answer, never half a character', async (t) => {
  // 17 ASCII bytes, then 2-byte characters: byte 1024 falls inside one.
  const answer = `Internal failure:${'é'.repeat(2_000)}`;
  const receiver = await startReceiver(t, (_request, response) => {
    response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(answer);
  });
  const result = await deliver({ url: receiver.url() });
  t.like(result, { ok: false, status: 500, error: 'answered 500' });
  t.is(result.responseExcerpt, `Internal failure:${'é'.repeat(503)}`);
  t.is(Buffer.byteLength(result.responseExcerpt!), 1023);
});

test('a stored URL that breaks the rules is a failed delivery with its reason, never an exception', async (t) => {
  const cases = [
    ['ftp://hooks.example.test/', 'url must be an http:// or https:// URL, not ftp:'],
    ['https://user:secret@hooks.example.test/', 'url must not hold a user name or password: the signature header authenticates the delivery'],
    ['http://', 'url must name a host, like https://example.com/hooks/feedback'],
    [`https://hooks.example.test/${'a'.repeat(2_048)}`, 'url cannot exceed 2048 characters'],
  ] as const;
  const lookup = answering('93.184.215.14');
  for (const [url, error] of cases) {
    const result = await deliver({ url, allowPrivate: false }, { lookup });
    t.deepEqual(result, { ok: false, durationMs: result.durationMs, error }, url);
  }
  t.is(lookup.calls, 0);
});

test('webhookTimeoutMs: 10000 by default, from FEEDBACKD_WEBHOOK_TIMEOUT_MS or config.json, 100..120000', async (t) => {
  const dir = await tempDir(t);
  t.is((await loadConfig({ flags: { data: dir }, env: {} })).webhookTimeoutMs, 10_000);
  await writeFile(join(dir, 'config.json'), JSON.stringify({ webhookTimeoutMs: 120_000 }));
  t.is((await loadConfig({ flags: { data: dir }, env: {} })).webhookTimeoutMs, 120_000);
  t.is((await loadConfig({ flags: { data: dir }, env: { FEEDBACKD_WEBHOOK_TIMEOUT_MS: '100' } })).webhookTimeoutMs, 100);
  for (const value of ['99', '120001', '2.5', 'soon']) {
    const error = await t.throwsAsync(loadConfig({ flags: { data: dir }, env: { FEEDBACKD_WEBHOOK_TIMEOUT_MS: value } }));
    t.true(error instanceof AppError && error.code === 'CONFIG_INVALID');
    t.is(error!.message, `Invalid configuration: webhookTimeoutMs (from FEEDBACKD_WEBHOOK_TIMEOUT_MS="${value}"): must be an integer 100..120000`);
  }
});
