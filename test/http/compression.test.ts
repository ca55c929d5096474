import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import test from 'ava';
import { MIN_COMPRESSED_BYTES } from '../../src/http/compression.js';
import { createBoard, createMember, createPostAt, OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

/*
 * Compressed API answers, read with node:http: it sends only the headers given (fetch adds its own
 * Accept-Encoding) and hands over the bytes as sent (fetch decodes them).
 */

let server: TestServer;
let owner: Persona;
const posts: { id: string; title: string }[] = [];

// Serial tests: they share one server whose list some of them change.
test.before(async () => {
  server = await startTestServer();
  const setup = await server.request('POST', '/auth/setup', { body: { siteTitle: 'Acme', ...OWNER } });
  owner = { user: setup.body.user, token: setup.body.user.authToken };
  const author = await createMember(server.ctx, { name: 'Grace Hopper' });
  const board = await createBoard(server.ctx, { name: 'Ideas', url: 'ideas' });
  for (let i = 0; i < 12; i++) {
    const createdAt = new Date(Date.UTC(2026, 2, 1, 9, 0, i)).toISOString();
    const post = await createPostAt(server.ctx, author.user, { title: `Idea number ${i + 10}`, contentMarkdown: 'Make it so. '.repeat(20), boardId: board.id, createdAt });
    posts.push({ id: post.id, title: post.title });
  }
  for (let i = 0; i < 8; i++) await createBoard(server.ctx, { name: `Board ${i}`, url: `board-${i}` });
});

test.after.always(() => server?.close());

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function raw(method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Raw> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  // Content-Length spelled out: node:http frames no body of a DELETE by itself.
  const sent = payload === undefined ? headers : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), ...headers };
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}/api/v1${path}`, { method, headers: sent, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

const list = (acceptEncoding?: string) => raw('POST', '/posts/get', acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }, { page: 1 });

/** The body as the client reads it, after undoing Content-Encoding. */
function decoded(response: Raw): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body).toString();
  if (encoding === 'gzip') return gunzipSync(response.body).toString();
  if (encoding !== undefined) throw new Error(`unexpected Content-Encoding ${encoding}`);
  return response.body.toString();
}

test.serial('a list over 1 KiB is sent with brotli or gzip as accepted, with its compressed Content-Length', async (t) => {
  const plain = await list();
  t.true(plain.body.length > 4 * MIN_COMPRESSED_BYTES);
  for (const encoding of ['br', 'gzip'] as const) {
    const response = await list(encoding);
    t.is(response.status, 200);
    t.is(response.headers['content-encoding'], encoding);
    t.is(response.headers['content-type'], 'application/json; charset=utf-8');
    t.is(response.headers['content-length'], String(response.body.length));
    t.true(response.body.length < plain.body.length / 2, encoding);
    t.is(decoded(response), plain.body.toString(), encoding);
    t.regex(response.headers.vary ?? '', /\bAccept-Encoding\b/);
  }
});

test.serial('Accept-Encoding decides: brotli first, q-values, * and identity honoured', async (t) => {
  const cases: [string, string | undefined][] = [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1, br;q=0.5', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['deflate, gzip', 'gzip'],
    ['*', 'br'],
    ['gzip;q=0, *', 'br'],
    ['br;q=0, *', 'gzip'],
    ['identity', undefined],
    ['deflate', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['*;q=0, identity', undefined],
    ['', undefined],
  ];
  for (const [accept, expected] of cases) {
    const response = await list(accept);
    t.is(response.headers['content-encoding'], expected, accept);
    t.regex(response.headers.vary ?? '', /\bAccept-Encoding\b/, accept);
  }
});

test.serial('without Accept-Encoding the answer is plain, and says it could vary', async (t) => {
  const response = await list();
  t.is(response.headers['content-encoding'], undefined);
  t.is(response.headers['content-length'], String(response.body.length));
  t.is(JSON.parse(response.body.toString()).posts.length, 10);
  t.regex(response.headers.vary ?? '', /\bAccept-Encoding\b/);
});

test.serial('answers under 1 KiB are sent as they are', async (t) => {
  const response = await raw('GET', '/settings/site', { 'accept-encoding': 'br, gzip' });
  t.is(response.status, 200);
  t.true(response.body.length < MIN_COMPRESSED_BYTES);
  t.is(response.headers['content-encoding'], undefined);
  t.notRegex(response.headers.vary ?? '', /Accept-Encoding/);
  t.is(JSON.parse(response.body.toString()).settings.title, 'Acme');
});

test.serial('HEAD gets the headers of the plain GET and no body; 204 answers are never compressed', async (t) => {
  const get = await raw('GET', '/boards?limit=100', { 'accept-encoding': 'br' });
  const plain = await raw('GET', '/boards?limit=100');
  t.is(get.headers['content-encoding'], 'br');
  t.true(plain.body.length >= MIN_COMPRESSED_BYTES);
  const head = await raw('HEAD', '/boards?limit=100', { 'accept-encoding': 'br' });
  t.is(head.status, 200);
  t.is(head.body.length, 0);
  t.is(head.headers['content-encoding'], undefined);
  t.is(head.headers['content-length'], String(plain.body.length));
  t.is(head.headers.vary, get.headers.vary);
  const preflight = await raw('OPTIONS', '/posts/get', { 'accept-encoding': 'br', origin: 'https://app.example' });
  t.is(preflight.status, 204);
  t.is(preflight.headers['content-encoding'], undefined);
  // The oldest post: not on page 1, which the other tests read.
  const victim = posts.shift();
  const deleted = await raw('DELETE', '/posts', { 'accept-encoding': 'br', authorization: `Bearer ${owner.token}` }, { id: victim!.id });
  t.is(deleted.status, 204, deleted.body.toString());
  t.is(deleted.headers['content-encoding'], undefined);
  t.is(deleted.body.length, 0);
});

test.serial('a write changes the compressed answer too: a vote, then an edit of the same length', async (t) => {
  const before = await list('br');
  t.deepEqual((await list('br')).body, before.body);
  const newest = posts.at(-1)!;
  const vote = await raw('POST', '/votes', { authorization: `Bearer ${owner.token}` }, { postId: newest.id });
  t.is(vote.status, 201);
  for (const encoding of ['br', 'gzip']) {
    const after = JSON.parse(decoded(await list(encoding)));
    t.is(after.posts[0].postId, newest.id);
    t.is(after.posts[0].voters.votesCount, 1, encoding);
    t.deepEqual(after, JSON.parse((await list()).body.toString()), encoding);
  }
  // Same length as before, so only the content tells the answers apart.
  const title = newest.title.replace(/\d+$/, (digits) => String(Number(digits) + 1).padStart(digits.length, '0'));
  t.is(title.length, newest.title.length);
  const voted = await list('br');
  const edit = await raw('PATCH', '/posts', { authorization: `Bearer ${owner.token}` }, { id: newest.id, title });
  t.is(edit.status, 200);
  const edited = await list('br');
  t.is(edited.headers['content-encoding'], 'br');
  t.is(JSON.parse(decoded(edited)).posts[0].title, title);
  t.is(decoded(edited).length, decoded(voted).length);
  t.is(decoded(edited), (await list()).body.toString());
  t.notDeepEqual(edited.body, voted.body);
});

test.serial('through fetch (as browsers and LogChimp clients read it) the answer decodes and matches the OpenAPI document', async (t) => {
  const response = await server.request('POST', '/posts/get', { body: { page: 1 } });
  t.is(response.status, 200);
  // Node's fetch asks for gzip and deflate (no brotli): the contract's clients get what they ask for.
  t.is(response.headers.get('content-encoding'), 'gzip');
  t.is(response.body.posts.length, 10);
  t.is(response.text, (await list()).body.toString());
});
