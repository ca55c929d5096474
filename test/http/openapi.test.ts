// GET /openapi.json (API.md §8.5): a valid OpenAPI 3.1 document, revalidated with its ETag, and
// describing exactly the routes the router serves (both ways).
import Router from '@koa/router';
import { Validator } from '@seriousme/openapi-schema-validator';
import test from 'ava';
import { registerRoutes } from '../../src/http/routes/index.js';
import { openApiDocument } from '../../src/openapi/document.js';
import { startTestServer } from '../_helpers/server.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

test('GET /openapi.json answers the document, valid OpenAPI 3.1, with an ETag and no-cache', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const response = await server.request('GET', '/openapi.json', { headers: { authorization: 'Bearer ignored' } });
  t.is(response.status, 200);
  t.is(response.headers.get('content-type'), 'application/json; charset=utf-8');
  t.is(response.headers.get('cache-control'), 'no-cache');
  t.regex(response.headers.get('etag') ?? '', /^"[\w-]+"$/);
  t.deepEqual(response.body, openApiDocument());
  const validator = new Validator();
  const result = await validator.validate(response.body);
  t.deepEqual(result.errors, undefined);
  t.true(result.valid);
  t.is(validator.version, '3.1');
});

test('a matching If-None-Match gets 304 with no body; HEAD gets the headers; another ETag gets the document', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const first = await server.request('GET', '/openapi.json');
  const etag = first.headers.get('etag') ?? '';
  const again = await server.request('GET', '/openapi.json', { headers: { 'if-none-match': etag } });
  t.is(again.status, 304);
  t.is(again.text, '');
  t.is(again.headers.get('etag'), etag);
  t.is(again.headers.get('cache-control'), 'no-cache');
  const head = await server.request('HEAD', '/openapi.json');
  t.is(head.status, 200);
  t.is(head.text, '');
  t.is(head.headers.get('etag'), etag);
  const stale = await server.request('GET', '/openapi.json', { headers: { 'if-none-match': '"something-older"' } });
  t.is(stale.status, 200);
  t.is(stale.text, first.text);
  const weakInAList = await server.request('GET', '/openapi.json', { headers: { 'if-none-match': `"other", W/${etag}` } });
  t.is(weakInAList.status, 304);
  t.is((await server.request('OPTIONS', '/openapi.json')).headers.get('allow'), 'GET, HEAD, OPTIONS');
});

test('the document is sent compressed to clients that accept it, each encoding with its own ETag', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const plain = await fetch(`${server.url}/api/v1/openapi.json`, { headers: { 'accept-encoding': 'identity' } });
  const plainText = await plain.text();
  t.is(plain.headers.get('content-encoding'), null);
  for (const encoding of ['br', 'gzip']) {
    // fetch() decodes the body itself; the header and a smaller Content-Length show what was sent.
    const response = await fetch(`${server.url}/api/v1/openapi.json`, { headers: { 'accept-encoding': encoding } });
    t.is(response.headers.get('content-encoding'), encoding);
    t.regex(response.headers.get('vary') ?? '', /Accept-Encoding/);
    t.true(Number(response.headers.get('content-length')) < plainText.length / 4, encoding);
    t.is(await response.text(), plainText);
    t.not(response.headers.get('etag'), plain.headers.get('etag'));
  }
});

test('the document describes exactly the routes the router serves, both ways', async (t) => {
  const server = await startTestServer();
  t.teardown(server.close);
  const router = new Router();
  registerRoutes(router, server.ctx);
  const served = new Set<string>();
  for (const layer of router.stack) {
    const template = String(layer.path).replace(/:(\w+)/g, '{$1}');
    for (const method of layer.methods) if (method !== 'HEAD') served.add(`${method} ${template}`);
  }
  const documented = new Set<string>();
  for (const [template, operations] of Object.entries(openApiDocument().paths as Record<string, Record<string, unknown>>)) {
    for (const method of Object.keys(operations)) if (METHODS.includes(method)) documented.add(`${method.toUpperCase()} ${template}`);
  }
  t.deepEqual([...served].filter((route) => !documented.has(route)).sort(), [], 'served but not documented');
  t.deepEqual([...documented].filter((route) => !served.has(route)).sort(), [], 'documented but not served');
  t.true(served.size >= 60);
});

test('every operation has an id, a tag of the document, a description naming its auth, and a 500', (t) => {
  const document = openApiDocument();
  const tags = new Set((document.tags as Array<{ name: string }>).map((tag) => tag.name));
  const ids = new Set<string>();
  for (const [template, operations] of Object.entries(document.paths as Record<string, Record<string, Record<string, unknown>>>)) {
    for (const [method, operation] of Object.entries(operations)) {
      const where = `${method} ${template}`;
      t.false(ids.has(operation.operationId as string), `${where}: operationId repeated`);
      ids.add(operation.operationId as string);
      t.true(tags.has((operation.tags as string[])[0]!), `${where}: tag`);
      t.regex(operation.description as string, /Auth: (none|optional|required)/, where);
      t.truthy((operation.responses as Record<string, unknown>)['500'], where);
    }
  }
});
