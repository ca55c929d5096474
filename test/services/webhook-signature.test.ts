import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'ava';
import { newWebhookSecret, signWebhook, verifyWebhook } from '../../src/services/webhooks/signature.js';

const SECRET = 'whsec_5Fq2kQ1b3mJ9xLr0tYv8wZc4nHs6uPa7eGd1iOk2TjM';
const NOW = 1_767_323_045;
const BODY = '{"event":"post.created","deliveryId":"6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b","data":{"title":"Crème brûlée ✓"}}';

function headersAt(timestamp: number, body = BODY, secret = SECRET) {
  return { timestamp: String(timestamp), signature: signWebhook(secret, timestamp, body) };
}

const verifyAt = (nowSeconds: number, headers: { timestamp: unknown; signature: unknown }, body: string | Buffer = BODY) =>
  verifyWebhook(SECRET, headers, body, { nowSeconds });

test('a new secret is whsec_ and 32 random bytes in base64url', (t) => {
  const secret = newWebhookSecret();
  t.regex(secret, /^whsec_[A-Za-z0-9_-]{43}$/);
  t.is(Buffer.from(secret.slice('whsec_'.length), 'base64url').length, 32);
  t.not(newWebhookSecret(), secret);
});

test('known vector: HMAC-SHA256 keyed with the whole secret over "<timestamp>.<body>", in lower-case hex', (t) => {
  const expected = `sha256=${createHmac('sha256', SECRET).update(`${NOW}.${BODY}`, 'utf8').digest('hex')}`;
  t.is(signWebhook(SECRET, NOW, BODY), expected);
  t.regex(expected, /^sha256=[0-9a-f]{64}$/);
});

test('fixed vector, so that a change of scheme cannot pass unnoticed', (t) => {
  // HMAC-SHA256(key "whsec_test", "1700000000.{}"), computed once with `openssl dgst -sha256 -hmac`.
  t.is(signWebhook('whsec_test', 1_700_000_000, '{}'), 'sha256=35495024f4ef3f94e5a93e22221544c4b75e9a42300cd965ab81cb85cd994e91');
});

test('round trip: what is signed verifies, as a string or as the raw bytes received', (t) => {
  const headers = headersAt(NOW);
  t.true(verifyAt(NOW, headers));
  t.true(verifyWebhook(SECRET, headers, Buffer.from(BODY, 'utf8'), { nowSeconds: NOW }));
});

test('a changed body fails, down to one byte', (t) => {
  const headers = headersAt(NOW);
  t.false(verifyAt(NOW, headers, BODY.replace('post.created', 'post.createD')));
  t.false(verifyAt(NOW, headers, `${BODY} `));
  t.false(verifyAt(NOW, headers, BODY.slice(0, -1)));
  const bytes = Buffer.from(BODY, 'utf8');
  const at = bytes.length - 5;
  bytes.writeUInt8(bytes.readUInt8(at) ^ 0x01, at);
  t.false(verifyAt(NOW, headers, bytes));
});

test('another secret fails, and an empty secret never verifies (even a signature made with "")', (t) => {
  const headers = headersAt(NOW);
  t.false(verifyWebhook(`${SECRET}x`, headers, BODY, { nowSeconds: NOW }));
  t.false(verifyWebhook(SECRET.slice(0, -1), headers, BODY, { nowSeconds: NOW }));
  const signedWithEmpty = { timestamp: String(NOW), signature: `sha256=${createHmac('sha256', '').update(`${NOW}.${BODY}`).digest('hex')}` };
  t.false(verifyWebhook('', signedWithEmpty, BODY, { nowSeconds: NOW }));
  t.throws(() => signWebhook('', NOW, BODY), { message: /secret/ });
});

test('the timestamp is signed: moving it fails even when it is fresh', (t) => {
  const { signature } = headersAt(NOW);
  t.false(verifyAt(NOW, { timestamp: String(NOW + 1), signature }));
  t.false(verifyAt(NOW, { timestamp: `0${NOW}`, signature }));
});

test('the timestamp must be within the tolerance, either way, bounds included', (t) => {
  const headers = headersAt(NOW);
  t.true(verifyAt(NOW + 300, headers), 'exactly 300 s late');
  t.true(verifyAt(NOW - 300, headers), 'exactly 300 s early');
  t.false(verifyAt(NOW + 301, headers), 'stale: a replay six minutes later');
  t.false(verifyAt(NOW - 301, headers), 'from the future');
  t.false(verifyAt(NOW + 86_400, headers));
  t.true(verifyWebhook(SECRET, headers, BODY, { nowSeconds: NOW + 3_600, toleranceSeconds: 3_600 }));
  t.false(verifyWebhook(SECRET, headers, BODY, { nowSeconds: NOW + 11, toleranceSeconds: 10 }));
});

test('without nowSeconds, the current time is used', (t) => {
  const now = Math.floor(Date.now() / 1000);
  t.true(verifyWebhook(SECRET, headersAt(now), BODY));
  t.false(verifyWebhook(SECRET, headersAt(now - 400), BODY));
});

test('malformed, short, empty, non-hex or missing signatures fail without throwing', (t) => {
  const { timestamp, signature } = headersAt(NOW);
  const hex = signature.slice('sha256='.length);
  const bad: unknown[] = [
    '',
    'sha256=',
    hex,
    `sha1=${hex}`,
    `SHA256=${hex}`,
    `sha256=${hex.toUpperCase()}`,
    `sha256=${hex.slice(0, -1)}`,
    `${signature}0`,
    `sha256=${'g'.repeat(64)}`,
    `sha256=${'é'.repeat(64)}`,
    ` ${signature.slice(1)}`,
    undefined,
    null,
    [signature, signature],
    42,
  ];
  for (const value of bad) {
    t.notThrows(() => verifyAt(NOW, { timestamp, signature: value }));
    t.false(verifyAt(NOW, { timestamp, signature: value }), String(value));
  }
});

test('a timestamp that is not plain decimal digits fails, even correctly signed (NaN would dodge the freshness check)', (t) => {
  for (const timestamp of ['NaN', `${NOW}.0`, `+${NOW}`, ` ${NOW}`, `${NOW}e0`, `0x${NOW.toString(16)}`, '']) {
    const signature = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${BODY}`).digest('hex')}`;
    t.false(verifyAt(NOW, { timestamp, signature }), timestamp);
  }
});

test('a missing or repeated timestamp header fails', (t) => {
  const { signature } = headersAt(NOW);
  for (const timestamp of [undefined, null, [String(NOW)], NOW]) {
    t.false(verifyAt(NOW, { timestamp, signature }), String(timestamp));
  }
});

test('signing refuses a time that is not whole seconds', (t) => {
  for (const bad of [NOW + 0.5, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
    t.throws(() => signWebhook(SECRET, bad, BODY), { message: /whole seconds/ });
  }
});

/** The receiver snippet of the doc comment, as a module (the README quotes the same lines). */
async function loadDocSnippet(): Promise<(secret: string, headers: IncomingHttpHeaders, rawBody: Buffer) => boolean> {
  const source = readFileSync(new URL('../../src/services/webhooks/signature.ts', import.meta.url), 'utf8');
  const block = /\/\*\*[\s\S]*?```js\n([\s\S]*?) \* ```/.exec(source)?.[1];
  if (!block) throw new Error('no js snippet in signature.ts');
  const code = block
    .split('\n')
    .map((line) => line.replace(/^ \* ?/, ''))
    .join('\n');
  const dir = mkdtempSync(join(tmpdir(), 'feedbackd-snippet-'));
  try {
    const file = join(dir, 'verify.mjs');
    writeFileSync(file, `${code}\nexport { verifyFeedbackdSignature };\n`);
    const module = (await import(pathToFileURL(file).href)) as { verifyFeedbackdSignature: never };
    return module.verifyFeedbackdSignature;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the documented Node snippet verifies a real delivery over HTTP and rejects a tampered one', async (t) => {
  const verify = await loadDocSnippet();
  const verdicts: boolean[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      verdicts.push(verify(SECRET, req.headers, Buffer.concat(chunks)));
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const now = Math.floor(Date.now() / 1000);
  const send = (body: string, headers: Record<string, string>) => fetch(url, { method: 'POST', body, headers });

  const fresh = headersAt(now);
  const signed = { 'X-Feedbackd-Timestamp': fresh.timestamp, 'X-Feedbackd-Signature': fresh.signature };
  await send(BODY, signed);
  await send(BODY.replace('brûlée', 'brulee'), signed);
  await send(BODY, { 'X-Feedbackd-Timestamp': String(now + 1), 'X-Feedbackd-Signature': fresh.signature });
  const stale = headersAt(now - 301);
  await send(BODY, { 'X-Feedbackd-Timestamp': stale.timestamp, 'X-Feedbackd-Signature': stale.signature });
  await send(BODY, { 'X-Feedbackd-Timestamp': fresh.timestamp });
  const otherSecret = headersAt(now, BODY, 'whsec_other');
  await send(BODY, { 'X-Feedbackd-Timestamp': otherSecret.timestamp, 'X-Feedbackd-Signature': otherSecret.signature });

  t.deepEqual(verdicts, [true, false, false, false, false, false]);
});

test('the snippet and verifyWebhook agree on every case', async (t) => {
  const verify = await loadDocSnippet();
  const now = Math.floor(Date.now() / 1000);
  const fresh = headersAt(now);
  const emptyKeyed = `sha256=${createHmac('sha256', '').update(`${fresh.timestamp}.${BODY}`).digest('hex')}`;
  const cases: Array<[string, unknown, unknown, string]> = [
    [SECRET, fresh.timestamp, fresh.signature, BODY],
    [SECRET, fresh.timestamp, fresh.signature, `${BODY}x`],
    ['whsec_other', fresh.timestamp, fresh.signature, BODY],
    ['', fresh.timestamp, emptyKeyed, BODY],
    [SECRET, String(now - 400), signWebhook(SECRET, now - 400, BODY), BODY],
    [SECRET, String(now + 400), signWebhook(SECRET, now + 400, BODY), BODY],
    [SECRET, fresh.timestamp, fresh.signature.slice(0, -2), BODY],
    [SECRET, fresh.timestamp, `sha256=${'é'.repeat(64)}`, BODY],
    [SECRET, 'NaN', `sha256=${createHmac('sha256', SECRET).update(`NaN.${BODY}`).digest('hex')}`, BODY],
    [SECRET, undefined, fresh.signature, BODY],
    [SECRET, [fresh.timestamp], fresh.signature, BODY],
  ];
  const verdicts = cases.map(([secret, timestamp, signature, body]) => {
    const headers = { 'x-feedbackd-timestamp': timestamp, 'x-feedbackd-signature': signature } as IncomingHttpHeaders;
    const snippet = verify(secret, headers, Buffer.from(body));
    t.is(snippet, verifyWebhook(secret, { timestamp, signature }, body, { nowSeconds: now }));
    return snippet;
  });
  t.deepEqual(verdicts, [true, false, false, false, false, false, false, false, false, false, false]);
});
