// The HTML page in the visitor's language (issue 33): the server picks the build's
// `index.<locale>.html` by the language menu's cookie, else Accept-Language, else English (the
// site's default); the answer varies with both, and each language has its own ETag.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { startTestServer, type TestServer } from '../_helpers/server.js';

const page = (lang: string) => `<!doctype html><html lang="${lang}"><head></head><body><div id="app"></div></body></html>\n`;

let root: string;
let server: TestServer;

test.before(async () => {
  root = await mkdtemp(join(tmpdir(), 'feedbackd-language-'));
  const webDir = join(root, 'web');
  await mkdir(join(webDir, 'assets'), { recursive: true });
  await writeFile(join(webDir, 'index.html'), page('en'));
  for (const lang of ['de', 'ja', 'ar', 'pt-BR']) await writeFile(join(webDir, `index.${lang}.html`), page(lang));
  await writeFile(join(webDir, 'assets', 'app-1.js'), 'export {};\n');
  server = await startTestServer({}, { webDir });
});
test.after.always(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

async function fetchPage(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers });
  const body = await response.text();
  return { response, lang: /<html lang="([^"]+)"/.exec(body)?.[1] };
}

/** A conditional request as a browser revalidates (fetch() would add `Cache-Control: no-cache`, which forbids a 304). */
function statusOf(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}${path}`, { headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', reject);
    request.end();
  });
}

test('Accept-Language picks the page: by weight, a region or script falls back to its language', async (t) => {
  t.is((await fetchPage('/', { 'Accept-Language': 'de-AT,de;q=0.9,en;q=0.8' })).lang, 'de');
  t.is((await fetchPage('/b/ideas', { 'Accept-Language': 'fr-CA;q=0.1, ja;q=0.7, en;q=0.5' })).lang, 'ja');
  t.is((await fetchPage('/p/some-idea', { 'Accept-Language': 'pt' })).lang, 'pt-BR');
  t.is((await fetchPage('/', { 'Accept-Language': 'zh-TW, ar;q=0.2' })).lang, 'ar');
});

test('nothing we speak, or no header: English', async (t) => {
  t.is((await fetchPage('/')).lang, 'en');
  t.is((await fetchPage('/', { 'Accept-Language': 'sv-SE, fi;q=0.5' })).lang, 'en');
  t.is((await fetchPage('/', { 'Accept-Language': 'de;q=0' })).lang, 'en');
  t.is((await fetchPage('/', { 'Accept-Language': 'not a header;;;q=x' })).lang, 'en');
});

test('the language menu\'s cookie wins over Accept-Language; an unknown cookie is ignored', async (t) => {
  t.is((await fetchPage('/', { 'Accept-Language': 'de', Cookie: 'feedbackd_locale=ja' })).lang, 'ja');
  t.is((await fetchPage('/', { 'Accept-Language': 'de', Cookie: 'feedbackd_locale=xx' })).lang, 'de');
});

test('the page varies with Accept-Language and Cookie, and each language has its own ETag', async (t) => {
  const german = await fetchPage('/', { 'Accept-Language': 'de' });
  const japanese = await fetchPage('/', { 'Accept-Language': 'ja' });
  const vary = (german.response.headers.get('vary') ?? '').toLowerCase();
  t.true(vary.includes('accept-language') && vary.includes('cookie'), vary);
  t.not(german.response.headers.get('etag'), japanese.response.headers.get('etag'));
  const etag = german.response.headers.get('etag')!;
  t.is(await statusOf('/', { 'Accept-Language': 'de', 'If-None-Match': etag }), 304);
  t.is(await statusOf('/', { 'Accept-Language': 'ja', 'If-None-Match': etag }), 200);
});

test('assets are the same in every language and never vary with it', async (t) => {
  const response = await fetch(`${server.url}/assets/app-1.js`, { headers: { 'Accept-Language': 'de' } });
  t.is(response.status, 200);
  t.false((response.headers.get('vary') ?? '').toLowerCase().includes('accept-language'));
});
