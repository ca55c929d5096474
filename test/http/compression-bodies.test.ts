import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type Router from '@koa/router';
import test from 'ava';
import { registerRoutes } from '../../src/http/routes/index.js';
import type { ServiceContext } from '../../src/services/context.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

/* Every kind of body Koa sends, compressed or left alone by what it is; ETags and 304 stay sound. */

const ITEMS = Array.from({ length: 60 }, (_, i) => ({ id: i, name: `item ${i}` }));
const JSON_TEXT = JSON.stringify({ items: ITEMS });

function withTestRoutes(router: Router, services: ServiceContext): void {
  registerRoutes(router, services);
  router.get('/test/text', (ctx) => {
    ctx.body = 'plain text '.repeat(200);
  });
  router.get('/test/buffer', (ctx) => {
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = Buffer.from(JSON_TEXT);
  });
  router.get('/test/stream', (ctx) => {
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = Readable.from(ITEMS.map((item, i) => `${i === 0 ? '{"items":[' : ','}${JSON.stringify(item)}${i === ITEMS.length - 1 ? ']}' : ''}`));
  });
  router.get('/test/short-stream', (ctx) => {
    ctx.type = 'application/json; charset=utf-8';
    ctx.length = 2;
    ctx.body = Readable.from(['{}']);
  });
  router.get('/test/image', (ctx) => {
    ctx.type = 'image/png';
    ctx.body = Buffer.alloc(4096, 7);
  });
  router.get('/test/tagged', (ctx) => {
    ctx.status = 200;
    ctx.set('ETag', '"v1"');
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = { items: ITEMS };
  });
}

let server: TestServer;

test.before(async () => {
  server = await startTestServer({}, { routes: withTestRoutes });
});

test.after.always(() => server?.close());

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}/api/v1${path}`, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

test('text, Buffer and object bodies are compressed with a Content-Length; a stream is compressed as it flows', async (t) => {
  for (const path of ['/test/text', '/test/buffer', '/test/stream', '/test/tagged']) {
    const plain = await get(path);
    const brotli = await get(path, { 'accept-encoding': 'br' });
    const gzip = await get(path, { 'accept-encoding': 'gzip' });
    t.is(brotli.headers['content-encoding'], 'br', path);
    t.is(gzip.headers['content-encoding'], 'gzip', path);
    t.is(brotliDecompressSync(brotli.body).toString(), plain.body.toString(), path);
    t.is(gunzipSync(gzip.body).toString(), plain.body.toString(), path);
    t.is(brotli.headers['content-type'], plain.headers['content-type'], path);
    t.regex(brotli.headers.vary ?? '', /\bAccept-Encoding\b/, path);
    if (path === '/test/stream') {
      t.is(brotli.headers['content-length'], undefined);
      t.is(brotli.headers['transfer-encoding'], 'chunked');
    } else {
      t.is(brotli.headers['content-length'], String(brotli.body.length), path);
    }
  }
  t.is(JSON.parse((await get('/test/stream')).body.toString()).items.length, ITEMS.length);
});

test('a stream known to be short and a body that is not text are sent as they are', async (t) => {
  const short = await get('/test/short-stream', { 'accept-encoding': 'br' });
  t.is(short.headers['content-encoding'], undefined);
  t.is(short.body.toString(), '{}');
  const image = await get('/test/image', { 'accept-encoding': 'br' });
  t.is(image.headers['content-encoding'], undefined);
  t.is(image.body.length, 4096);
});

test('a compressed answer gets a weak ETag, which revalidates to a 304 that is not compressed', async (t) => {
  const plain = await get('/test/tagged');
  t.is(plain.headers.etag, '"v1"');
  const brotli = await get('/test/tagged', { 'accept-encoding': 'br' });
  t.is(brotli.headers.etag, 'W/"v1"');
  const revalidated = await get('/test/tagged', { 'accept-encoding': 'br', 'if-none-match': 'W/"v1"' });
  t.is(revalidated.status, 304);
  t.is(revalidated.headers['content-encoding'], undefined);
  t.is(revalidated.body.length, 0);
  t.is((await get('/test/tagged', { 'accept-encoding': 'br', 'if-none-match': '"v0"' })).status, 200);
});

test('an answer the route compressed itself is not compressed again', async (t) => {
  const plain = await get('/openapi.json');
  const brotli = await get('/openapi.json', { 'accept-encoding': 'br' });
  t.is(brotli.headers['content-encoding'], 'br');
  t.regex(brotli.headers.etag ?? '', /^"[^"]+-br"$/);
  t.is(brotliDecompressSync(brotli.body).toString(), plain.body.toString());
});
