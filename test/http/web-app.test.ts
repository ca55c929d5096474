import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import test from 'ava';
import { pino } from 'pino';
import { contentSecurityPolicy } from '../../src/http/content-security.js';
import { OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

const NOT_FOUND = { message: 'Route not found', code: 'NOT_FOUND' };
const HTML_TYPE = 'text/html; charset=utf-8';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const GRAVATAR = 'https://www.gravatar.com';

const INDEX_HTML = '<!doctype html><html><head><title>fixture app</title></head><body><div id="app"></div></body></html>\n';
const APP_JS = 'export const answer = 42;\nconsole.log(answer);\n'.repeat(100);
const LOGO_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>\n';
const FONT = randomBytes(512);
const ROBOTS = 'User-agent: *\nAllow: /\n';
/** Beside the web directory, never inside it: no request may ever answer it. */
const SECRET = 'secret-outside-the-web-directory';

/** A built web app as the build lays it out: HTML and JS with both compressed siblings, an svg, a font, a root file. */
async function writeFixture(dir: string): Promise<void> {
  await mkdir(join(dir, 'assets'), { recursive: true });
  const files: Array<[string, string | Buffer]> = [
    ['index.html', INDEX_HTML],
    ['index.html.gz', gzipSync(INDEX_HTML)],
    ['index.html.br', brotliCompressSync(INDEX_HTML)],
    ['assets/app-abc123.js', APP_JS],
    ['assets/app-abc123.js.gz', gzipSync(APP_JS)],
    ['assets/app-abc123.js.br', brotliCompressSync(APP_JS)],
    ['assets/logo-def456.svg', LOGO_SVG],
    ['assets/font-0a1b2c.woff2', FONT],
    ['robots.txt', ROBOTS],
  ];
  for (const [path, body] of files) await writeFile(join(dir, path), body);
}

let root: string;
let webDir: string;
let server: TestServer;

test.before(async () => {
  root = await mkdtemp(join(tmpdir(), 'feedbackd-web-'));
  webDir = join(root, 'web');
  await writeFixture(webDir);
  await writeFile(join(root, 'secret.txt'), SECRET);
  server = await startTestServer({}, { webDir });
});
test.after.always(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes exactly as sent: fetch would decompress them and normalise `..` in the path. */
  body: Buffer;
}

/** One request through node:http: the path goes out verbatim and the body comes back undecoded. */
function raw(method: string, path: string, headers: Record<string, string> = {}, url = server.url): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** The directives of a Content-Security-Policy header: name → sources. */
function parsePolicy(header: string | null | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

// ---- the HTML page ------------------------------------------------------------------------------

test('/, /index.html, deep links and the mail links all answer the HTML page', async (t) => {
  const paths = ['/', '/index.html', '/b/bugs', '/p/some-slug', '/email-verify/?token=x', '/password-reset/confirm/?token=x', '/health'];
  for (const path of paths) {
    const response = await server.request('GET', path, { fromRoot: true });
    t.is(response.status, 200, path);
    t.is(response.text, INDEX_HTML, path);
    t.is(response.headers.get('content-type'), HTML_TYPE, path);
    t.is(response.headers.get('cache-control'), 'no-cache', path);
    t.regex(response.headers.get('etag') ?? '', /^"[A-Za-z0-9_-]+"$/, path);
    t.is(response.headers.get('referrer-policy'), 'same-origin', path);
    t.is(response.headers.get('x-frame-options'), 'DENY', path);
    t.is(response.headers.get('x-content-type-options'), 'nosniff', path);
    t.truthy(response.headers.get('content-security-policy'), path);
  }
});

test('the page policy of a new board allows only the app\'s own scripts, styles and images', async (t) => {
  const response = await server.request('GET', '/b/bugs', { fromRoot: true });
  const header = response.headers.get('content-security-policy') ?? '';
  const policy = parsePolicy(header);
  t.deepEqual(policy.get('script-src'), ["'self'"]);
  t.deepEqual(policy.get('style-src'), ["'self'"]);
  t.deepEqual(policy.get('default-src'), ["'self'"]);
  t.deepEqual(policy.get('img-src'), ["'self'"]);
  t.deepEqual(policy.get('frame-ancestors'), ["'none'"]);
  t.deepEqual(policy.get('object-src'), ["'none'"]);
  t.deepEqual(policy.get('base-uri'), ["'none'"]);
  t.false(header.includes('unsafe-'), header);
});

test('the page policy allows the origins of the site logo and icon once an admin sets them', async (t) => {
  const site = await startTestServer({}, { webDir });
  t.teardown(site.close);
  const token = (await site.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
  const imageSources = async () => {
    const page = await site.request('GET', '/', { fromRoot: true });
    return parsePolicy(page.headers.get('content-security-policy')).get('img-src');
  };
  t.deepEqual(await imageSources(), ["'self'"]);
  // Without `icon` in the body the icon takes the logo's value (API.md §4.10.2): one origin.
  const logo = await site.request('PATCH', '/settings/site', { token, body: { logo: 'https://cdn.example.com/logo.png' } });
  t.is(logo.status, 200);
  t.deepEqual(await imageSources(), ["'self'", 'https://cdn.example.com']);
  const icon = await site.request('PATCH', '/settings/site', { token, body: { icon: 'http://icons.example.org:8080/i.png?v=1' } });
  t.is(icon.status, 200);
  t.deepEqual(await imageSources(), ["'self'", 'https://cdn.example.com', 'http://icons.example.org:8080']);
  await site.request('PATCH', '/settings/site', { token, body: { logo: null, icon: null } });
  t.deepEqual(await imageSources(), ["'self'"]);
});

test('the page policy never takes raw text from the settings: only well-formed http(s) origins', (t) => {
  const images = (logo: string | null, icon: string | null) => contentSecurityPolicy({ logo, icon, gravatar: true, embedOrigins: [] });
  const policy = images("https://evil.example;script-src 'unsafe-inline'", 'javascript:alert(1)');
  t.deepEqual(parsePolicy(policy).get('img-src'), ["'self'", GRAVATAR]);
  t.deepEqual(parsePolicy(policy).get('script-src'), ["'self'"]);
  for (const url of ['https://a;b.example/x', "https://a'b.example/x", 'https://a,b.example/x', 'ftp://files.example/x', 'not a url']) {
    t.deepEqual(parsePolicy(images(url, null)).get('img-src'), ["'self'", GRAVATAR], url);
  }
  t.deepEqual(parsePolicy(images('https://user:pw@CDN.Example.com:443/a', null)).get('img-src'), [
    "'self'",
    GRAVATAR,
    'https://cdn.example.com',
  ]);
});

test('the page policy lists Gravatar only while the gravatar setting is on', async (t) => {
  const site = await startTestServer({}, { webDir });
  t.teardown(site.close);
  const token = (await site.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
  const imageSources = async () => {
    const page = await site.request('GET', '/p/some-slug', { fromRoot: true });
    return parsePolicy(page.headers.get('content-security-policy')).get('img-src');
  };
  t.deepEqual(await imageSources(), ["'self'"], 'off on a new board');
  t.is((await site.request('PATCH', '/settings/site', { token, body: { gravatar: true } })).status, 200);
  t.deepEqual(await imageSources(), ["'self'", GRAVATAR]);
  t.is((await site.request('PATCH', '/settings/site', { token, body: { gravatar: false } })).status, 200);
  t.deepEqual(await imageSources(), ["'self'"]);
  const logo = await site.request('PATCH', '/settings/site', { token, body: { logo: 'https://cdn.example.com/logo.png' } });
  t.is(logo.status, 200);
  t.deepEqual(await imageSources(), ["'self'", 'https://cdn.example.com']);
  t.is((await site.request('PATCH', '/settings/site', { token, body: { gravatar: true } })).status, 200);
  t.deepEqual(await imageSources(), ["'self'", GRAVATAR, 'https://cdn.example.com']);
  // Only img-src changes with the setting.
  const off = parsePolicy(contentSecurityPolicy({ logo: null, icon: null, gravatar: false, embedOrigins: [] }));
  const on = parsePolicy(contentSecurityPolicy({ logo: null, icon: null, gravatar: true, embedOrigins: [] }));
  t.deepEqual([...off.keys()], [...on.keys()]);
  for (const [name, sources] of on) if (name !== 'img-src') t.deepEqual(off.get(name), sources, name);
});

// ---- files ----------------------------------------------------------------------------------------

test('an asset answers its own bytes with an immutable cache and its content type', async (t) => {
  const cases: Array<[string, string | Buffer, string, boolean]> = [
    ['/assets/app-abc123.js', APP_JS, 'text/javascript; charset=utf-8', true],
    ['/assets/logo-def456.svg', LOGO_SVG, 'image/svg+xml; charset=utf-8', false],
    ['/assets/font-0a1b2c.woff2', FONT, 'font/woff2', false],
  ];
  for (const [path, body, type, hasVariants] of cases) {
    const response = await raw('GET', path);
    t.is(response.status, 200, path);
    t.true(response.body.equals(Buffer.from(body)), path);
    t.is(response.headers['content-type'], type, path);
    t.is(response.headers['cache-control'], IMMUTABLE, path);
    t.regex(response.headers.etag ?? '', /^"[A-Za-z0-9_-]+"$/, path);
    t.is(response.headers['content-encoding'], undefined, path);
    t.is(response.headers.vary?.includes('Accept-Encoding') ?? false, hasVariants, path);
    // The page's policy belongs to the page.
    t.is(response.headers['content-security-policy'], undefined, path);
  }
});

test('a file outside /assets/ is revalidated on every use', async (t) => {
  const response = await raw('GET', '/robots.txt');
  t.is(response.status, 200);
  t.is(response.body.toString(), ROBOTS);
  t.is(response.headers['content-type'], 'text/plain; charset=utf-8');
  t.is(response.headers['cache-control'], 'no-cache');
  t.truthy(response.headers.etag);
});

test('Accept-Encoding picks brotli, then gzip, then identity, always with Vary', async (t) => {
  const js = '/assets/app-abc123.js';
  const brotli = await raw('GET', js, { 'accept-encoding': 'br, gzip' });
  t.is(brotli.headers['content-encoding'], 'br');
  t.is(brotliDecompressSync(brotli.body).toString(), APP_JS);
  t.true(brotli.body.length < Buffer.byteLength(APP_JS));
  // Browsers list gzip first; brotli, the smaller one, still wins.
  t.is((await raw('GET', js, { 'accept-encoding': 'gzip, deflate, br, zstd' })).headers['content-encoding'], 'br');
  const gzip = await raw('GET', js, { 'accept-encoding': 'gzip' });
  t.is(gzip.headers['content-encoding'], 'gzip');
  t.is(gunzipSync(gzip.body).toString(), APP_JS);
  const refused = await raw('GET', js, { 'accept-encoding': 'br;q=0, gzip;q=0' });
  const identity = await raw('GET', js);
  for (const plain of [refused, identity]) {
    t.is(plain.headers['content-encoding'], undefined);
    t.is(plain.body.toString(), APP_JS);
  }
  for (const response of [brotli, gzip, refused, identity]) {
    t.is(response.status, 200);
    t.is(response.headers['content-type'], 'text/javascript; charset=utf-8');
    t.is(response.headers['content-length'], String(response.body.length));
    t.true(response.headers.vary?.includes('Accept-Encoding'));
  }
  // Each encoding is its own representation, with its own strong validator.
  t.is(new Set([brotli, gzip, identity].map((response) => response.headers.etag)).size, 3);
  const page = await raw('GET', '/p/x', { 'accept-encoding': 'br' });
  t.is(brotliDecompressSync(page.body).toString(), INDEX_HTML);
});

test('If-None-Match with the current ETag answers 304 with no body', async (t) => {
  for (const [path, headers] of [
    ['/assets/app-abc123.js', { 'accept-encoding': 'gzip' }],
    ['/assets/font-0a1b2c.woff2', {}],
    ['/b/bugs', {}],
  ] as const) {
    const first = await raw('GET', path, headers);
    const again = await raw('GET', path, { ...headers, 'if-none-match': first.headers.etag ?? '' });
    t.is(again.status, 304, path);
    t.is(again.body.length, 0, path);
    t.is(again.headers.etag, first.headers.etag, path);
    t.is(again.headers['cache-control'], first.headers['cache-control'], path);
    const stale = await raw('GET', path, { ...headers, 'if-none-match': '"not-the-etag"' });
    t.is(stale.status, 200, path);
    t.true(stale.body.equals(first.body), path);
  }
});

test('HEAD answers the headers of GET without a body', async (t) => {
  for (const path of ['/', '/assets/app-abc123.js', '/assets/font-0a1b2c.woff2']) {
    const get = await raw('GET', path);
    const head = await raw('HEAD', path);
    t.is(head.status, 200, path);
    t.is(head.body.length, 0, path);
    for (const name of ['content-type', 'content-length', 'cache-control', 'etag']) t.is(head.headers[name], get.headers[name], `${path} ${name}`);
  }
});

// ---- what the web app does not answer -----------------------------------------------------------

test('methods other than GET and HEAD outside /api/ answer the JSON 404, OPTIONS included', async (t) => {
  const cases = [
    ['POST', '/'],
    ['PUT', '/index.html'],
    ['DELETE', '/assets/app-abc123.js'],
    ['PATCH', '/b/x'],
    ['OPTIONS', '/b/x'],
    ['OPTIONS', '/'],
  ];
  for (const [method, path] of cases) {
    const response = await server.request(method!, path!, { fromRoot: true, headers: { origin: 'https://a.example' } });
    t.is(response.status, 404, `${method} ${path}`);
    t.is(response.text, JSON.stringify(NOT_FOUND), `${method} ${path}`);
    t.is(response.headers.get('content-type'), 'application/json; charset=utf-8', `${method} ${path}`);
    t.is(response.headers.get('cache-control'), 'no-store', `${method} ${path}`);
    t.is(response.headers.get('content-security-policy'), null, `${method} ${path}`);
  }
});

test('/api and every path under /api/, in any case, stay the API\'s', async (t) => {
  for (const path of ['/api', '/api/', '/API', '/api/nope', '/API/v2/x', '/api/v1', '/api/v1/nope', '/Api/V1/nope/deeper']) {
    const response = await server.request('GET', path, { fromRoot: true });
    t.is(response.status, 404, path);
    t.is(response.text, JSON.stringify(NOT_FOUND), path);
  }
  for (const path of ['/api/v1/health', '/API/v1/health']) {
    const response = await server.request('GET', path, { fromRoot: true });
    t.is(response.status, 200, path);
    t.is(response.body.status, 'ok', path);
  }
  // The API's own method rules still apply under /api/v1: preflight and 405.
  t.is((await server.request('OPTIONS', '/health')).status, 204);
  t.is((await server.request('POST', '/health')).status, 405);
  // Only the `/api` segment is the API: a longer first segment is a page.
  for (const path of ['/apis', '/api-docs/x']) t.is((await server.request('GET', path, { fromRoot: true })).text, INDEX_HTML, path);
});

test('precompressed siblings are never paths of their own', async (t) => {
  for (const path of ['/assets/app-abc123.js.gz', '/assets/app-abc123.js.br', '/index.html.gz']) {
    const response = await raw('GET', path);
    t.is(response.status, 200, path);
    t.is(response.body.toString(), INDEX_HTML, path);
    t.is(response.headers['content-type'], HTML_TYPE, path);
  }
});

// Decision: a path is only ever a key of the in-memory map, never a file name, so a climbing path is
// just one more path that is not a file: it gets the HTML page like any deep link.
test('paths that climb out of the directory get the HTML page, never a file outside it', async (t) => {
  const paths = [
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/assets/../index.html',
    '/%2e%2e/secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%5c..%5csecret.txt',
    '//secret.txt',
  ];
  for (const path of paths) {
    const response = await raw('GET', path);
    t.is(response.status, 200, path);
    t.is(response.body.toString(), INDEX_HTML, path);
    t.false(response.body.toString().includes(SECRET), path);
  }
});

test('the files are read once: requests never look at the directory again', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'feedbackd-web-once-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await writeFixture(dir);
  const local = await startTestServer({}, { webDir: dir });
  t.teardown(local.close);
  await writeFile(join(dir, 'assets', 'late-999.js'), 'late');
  await writeFile(join(dir, 'index.html'), 'changed');
  t.is((await raw('GET', '/assets/late-999.js', {}, local.url)).body.toString(), INDEX_HTML);
  t.is((await raw('GET', '/', {}, local.url)).body.toString(), INDEX_HTML);
});

test('without a built web app, pages answer the JSON 404 and the server warns once at start', async (t) => {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const local = await startTestServer({}, { webDir: join(root, 'missing'), logger: pino({ level: 'info' }, sink) });
  t.teardown(local.close);
  for (const path of ['/', '/b/bugs', '/assets/app-abc123.js']) {
    const response = await local.request('GET', path, { fromRoot: true });
    t.is(response.status, 404, path);
    t.is(response.text, JSON.stringify(NOT_FOUND), path);
  }
  t.is((await local.request('GET', '/health')).status, 200);
  const warnings = lines.filter((line) => line.msg === 'web app not built: run npm run build');
  t.is(warnings.length, 1);
  t.is(warnings[0]?.level, 40);
});
