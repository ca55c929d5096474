import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import test, { type ExecutionContext } from 'ava';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import type { Config } from '../../src/config/types.js';
import { basePath } from '../../src/config/public-url.js';
import { publicUrl } from '../../src/config/parse-value.js';
import { OWNER } from '../_helpers/personas.js';
import { browse, CookieJar, followUntil, startTestProvider } from '../_helpers/oidc-provider.js';
import { sendRequest, startTestServer, type TestServer } from '../_helpers/server.js';

/*
 * Under a sub-path (issue 33 §2): publicUrl `http://…/feedback`, behind a proxy that passes the
 * prefix through (the default: serve answers only under it) and one that strips it. Real servers on
 * loopback; the web app is a small fixture laid out as the build lays it out.
 */

const NOT_FOUND = { message: 'Route not found', code: 'NOT_FOUND' };
const PAGE = '<!doctype html><html lang="en"><head><link rel="icon" href="/assets/icon-1.svg" /><script type="module" src="/assets/app-1.js"></script><link rel="modulepreload" href="/assets/chunk-1.js" /></head><body><a href="//elsewhere.test/x">x</a></body></html>\n';
const APP_JS = 'console.log("app");\n';
const WIDGET_JS = '(()=>{})();\n';

let webDir: string;

test.before(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'feedbackd-sub-path-web-'));
  await mkdir(join(webDir, 'assets'));
  const files: Array<[string, string | Buffer]> = [
    ['index.html', PAGE],
    ['index.html.gz', gzipSync(PAGE)],
    ['index.html.br', brotliCompressSync(PAGE)],
    ['index.de.html', PAGE.replace('lang="en"', 'lang="de"')],
    ['assets/app-1.js', APP_JS],
    ['widget.js', WIDGET_JS],
  ];
  for (const [path, body] of files) await writeFile(join(webDir, path), body);
});

test.after.always(async () => {
  await rm(webDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A server whose publicUrl is its own address under `/feedback`, so redirects and links can be followed. */
async function start(t: ExecutionContext, config: Partial<Config> = {}): Promise<{ server: TestServer; site: string }> {
  const port = await freePort();
  const site = `http://127.0.0.1:${port}/feedback`;
  const server = await startTestServer({ port, publicUrl: site, ...config }, { webDir });
  t.teardown(server.close);
  return { server, site };
}

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: 'manual' });

test('publicUrl keeps its path without a trailing slash; the base path is that path', (t) => {
  t.is(publicUrl('https://example.com/feedback/'), 'https://example.com/feedback');
  t.is(basePath(publicUrl('https://example.com/feedback/')), '/feedback');
  t.is(basePath(publicUrl('https://example.com/')), '');
  t.is(basePath(publicUrl('https://example.com/a b/')), '/a%20b');
});

test('the proxy passes the prefix: pages, assets, widget.js and the API answer under /feedback, nothing outside it', async (t) => {
  const { server, site } = await start(t);
  for (const path of ['/feedback', '/feedback/', '/feedback/p/some-idea', '/feedback/embed/b/ideas']) {
    const page = await get(`${server.url}${path}`);
    t.is(page.status, 200, path);
    const html = await page.text();
    t.true(html.includes('src="/feedback/assets/app-1.js"'), path);
    t.true(html.includes('href="/feedback/assets/chunk-1.js"'));
    t.true(html.includes('href="/feedback/assets/icon-1.svg"'));
    t.true(html.includes('<meta name="feedbackd-base" content="/feedback" />'));
    t.true(html.includes('href="//elsewhere.test/x"'), 'a protocol-relative address is left alone');
  }
  const german = await get(`${server.url}/feedback/`, { 'accept-language': 'de' });
  t.regex(await german.text(), /lang="de".*src="\/feedback\/assets\/app-1\.js"/s);
  // The build's precompressed copies are made again from the page with the prefix.
  // (fetch decodes the answer it was sent)
  for (const encoding of ['br', 'gzip']) {
    const compressed = await get(`${server.url}/feedback/`, { 'accept-encoding': encoding });
    t.is(compressed.headers.get('content-encoding'), encoding);
    t.true((await compressed.text()).includes('src="/feedback/assets/app-1.js"'), encoding);
  }

  const asset = await get(`${server.url}/feedback/assets/app-1.js`);
  t.is(asset.status, 200);
  t.is(await asset.text(), APP_JS);
  t.is(await (await get(`${server.url}/feedback/widget.js`)).text(), WIDGET_JS);

  const setup = await sendRequest(site, 'POST', '/auth/setup', { body: OWNER });
  t.is(setup.status, 201, setup.text);
  const siteSettings = await sendRequest(site, 'GET', '/settings/site');
  t.is(siteSettings.status, 200);

  for (const path of ['/', '/api/v1/settings/site', '/assets/app-1.js', '/widget.js', '/feedbackx', '/Feedback/', '/p/some-idea', '/other/feedback/']) {
    const outside = await sendRequest(server.url, 'GET', path, { fromRoot: true });
    t.is(outside.status, 404, path);
    t.deepEqual(outside.body, NOT_FOUND, path);
  }
  const outsidePost = await sendRequest(server.url, 'POST', '/api/v1/auth/setup', { fromRoot: true, body: OWNER });
  t.deepEqual([outsidePost.status, outsidePost.body], [404, NOT_FOUND]);
});

test('the proxy strips the prefix: everything answers at the root, and the pages still name /feedback', async (t) => {
  const { server } = await start(t, { proxyStripsPath: true });
  const page = await get(`${server.url}/p/some-idea`);
  t.is(page.status, 200);
  const html = await page.text();
  t.true(html.includes('src="/feedback/assets/app-1.js"'));
  t.true(html.includes('<meta name="feedbackd-base" content="/feedback" />'));
  t.is(await (await get(`${server.url}/assets/app-1.js`)).text(), APP_JS);
  t.is(await (await get(`${server.url}/widget.js`)).text(), WIDGET_JS);
  t.is((await server.request('POST', '/auth/setup', { body: OWNER })).status, 201);
  t.is((await server.request('GET', '/settings/site')).status, 200);
});

test('at a host root nothing changes: the page is the build\'s own bytes', async (t) => {
  const server = await startTestServer({}, { webDir });
  t.teardown(server.close);
  const page = await get(`${server.url}/`);
  t.is(await page.text(), PAGE);
});

test('uploads and feeds answer under /feedback, and the feeds link there', async (t) => {
  const { server, site } = await start(t);
  const owner = (await sendRequest(site, 'POST', '/auth/setup', { body: OWNER })).body.user.authToken as string;
  const form = new FormData();
  const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'a.png');
  const request = new Request('http://x/', { method: 'POST', body: form });
  const uploaded = await sendRequest(site, 'POST', '/uploads', {
    token: owner,
    rawBody: new Uint8Array(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  });
  t.is(uploaded.status, 201, uploaded.text);
  // The API names the image from the board's root, as stored in Markdown; the web app adds the prefix.
  const { url } = uploaded.body.upload as { url: string };
  t.regex(url, /^\/uploads\/[0-9a-f]{64}$/);
  const served = await get(`${server.url}/feedback${url}`);
  t.is(served.status, 200);
  t.is(served.headers.get('content-type'), 'image/png');
  t.is((await get(`${server.url}${url}`)).status, 404);

  const board = await sendRequest(site, 'POST', '/boards', { token: owner, body: { name: 'Ideas', url: 'ideas', display: true } });
  t.is(board.status, 201, board.text);
  const created = await sendRequest(site, 'POST', '/posts', { token: owner, body: { boardId: board.body.board.boardId, title: 'Dark mode' } });
  t.is(created.status, 201, created.text);
  const feed = await get(`${server.url}/feedback/b/ideas/feed.atom`);
  t.is(feed.status, 200);
  const atom = await feed.text();
  t.true(atom.includes(`${site}/b/ideas`));
  t.true(atom.includes(`${site}/p/${created.body.post.slug}`));
  t.is((await get(`${server.url}/feedback/changelog/feed.atom`)).status, 200);
  t.is((await get(`${server.url}/b/ideas/feed.atom`)).status, 404);
});

test('mailed links carry the prefix', async (t) => {
  const { server, site } = await start(t);
  await sendRequest(site, 'POST', '/auth/setup', { body: OWNER });
  t.is((await sendRequest(site, 'POST', '/auth/password/reset', { body: { email: OWNER.email } })).status, 200);
  await server.ctx.background.idle();
  const outbox = join(server.dataDir, 'outbox');
  const texts = await Promise.all((await readdir(outbox)).map(async (file) => (await simpleParser(await readFile(join(outbox, file)))).text ?? ''));
  const escaped = site.replaceAll('.', '\\.');
  t.true(texts.some((text) => new RegExp(`${escaped}/email-verify/\\?token=`).test(text)), texts.join('\n'));
  t.true(texts.some((text) => new RegExp(`${escaped}/password-reset/confirm/?\\?token=`).test(text)), texts.join('\n'));
});

test('OpenID Connect under /feedback: the redirect URI, the cookies\' paths and the landing carry the prefix', async (t) => {
  const { site } = await start(t);
  const callback = `${site}/api/v1/auth/oidc/acme/callback`;
  const provider = await startTestProvider([callback]);
  t.teardown(provider.close);
  const owner = (await sendRequest(site, 'POST', '/auth/setup', { body: OWNER })).body.user.authToken as string;
  const added = await sendRequest(site, 'POST', '/sso/providers', {
    token: owner,
    body: { providerId: 'acme', name: 'Acme', issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
  });
  t.is(added.status, 201, added.text);

  const jar = new CookieJar();
  provider.accounts.set('u-1', { email: 'grace@example.com', email_verified: true, name: 'Grace' });
  provider.signInAs('u-1');
  const started = await browse(jar, `${site}/api/v1/auth/oidc/acme/start?next=${encodeURIComponent('/p/some-idea')}`);
  t.is(started.status, 302);
  const authorize = new URL(started.headers.get('location')!);
  t.is(authorize.searchParams.get('redirect_uri'), callback);
  t.regex(started.headers.get('set-cookie') ?? '', /Path=\/feedback\/api\/v1\/auth\/oidc\/acme\/callback;/);

  const back = await followUntil(jar, authorize.href, `${site}/api/v1/auth/oidc/`);
  const answer = await browse(jar, back);
  t.is(answer.status, 302);
  t.is(answer.headers.get('location'), '/feedback/sign-in/provider');
  t.true(answer.headers.getSetCookie().some((cookie) => cookie.includes('Path=/feedback/api/v1/auth/oidc/exchange;')));
  const exchange = await fetch(`${site}/api/v1/auth/oidc/exchange`, { method: 'POST', headers: { cookie: jar.header(site) } });
  const body = (await exchange.json()) as { next?: string; user?: unknown };
  t.is(exchange.status, 200, JSON.stringify(body));
  // The app's own path: the web app's router adds the prefix when it goes there.
  t.is(body.next, '/p/some-idea');
});
