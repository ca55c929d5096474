import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { contentSecurityPolicy } from '../../src/http/content-security.js';
import { OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

/*
 * The widget's panel (issue 29): the HTML of `/embed` and `/embed/…` may be framed by the site
 * itself and the site setting `embedOrigins`; every other page by no one. The policy is otherwise
 * the other pages' own.
 */

const INDEX_HTML = '<!doctype html><html><head><title>fixture app</title></head><body><div id="app"></div></body></html>\n';

let root: string;
let server: TestServer;
let token: string;

test.before(async () => {
  root = await mkdtemp(join(tmpdir(), 'feedbackd-embed-'));
  await mkdir(join(root, 'web'));
  await writeFile(join(root, 'web', 'index.html'), INDEX_HTML);
  server = await startTestServer({}, { webDir: join(root, 'web') });
  token = (await server.request('POST', '/auth/setup', { body: OWNER })).body.user.authToken;
});
test.after.always(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy header: name → sources. */
function parsePolicy(header: string | null | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

async function page(path: string) {
  const response = await server.request('GET', path, { fromRoot: true });
  return { status: response.status, text: response.text, headers: response.headers };
}

async function setOrigins(embedOrigins: unknown): Promise<void> {
  const set = await server.request('PATCH', '/settings/site', { token, body: { embedOrigins } });
  if (set.status !== 200) throw new Error(`PATCH embedOrigins answered ${set.status}`);
}

const EMBED_PATHS = ['/embed', '/embed/', '/embed/b/feature-requests', '/EMBED/p/some-slug', '/Embed/b/x?board=1'];
const OTHER_PATHS = ['/', '/b/feature-requests', '/embedded', '/embedx/b/x', '/b/embed', '/dashboard/settings/widget'];

// One test, serial by nature: each step changes the site's settings.
test('embed pages may be framed by the site and embedOrigins, without X-Frame-Options; other pages by no one', async (t) => {
  for (const path of EMBED_PATHS) {
    const { status, text, headers } = await page(path);
    t.is(status, 200, path);
    t.is(text, INDEX_HTML, path);
    t.is(headers.get('x-frame-options'), null, path);
    t.deepEqual(parsePolicy(headers.get('content-security-policy')).get('frame-ancestors'), ["'self'"], `${path}: only the site itself with none listed`);
  }

  await setOrigins(['https://App.Example.com/', 'http://127.0.0.2:3000']);
  for (const path of EMBED_PATHS) {
    const { headers } = await page(path);
    t.is(headers.get('x-frame-options'), null, path);
    t.deepEqual(parsePolicy(headers.get('content-security-policy')).get('frame-ancestors'), [
      "'self'",
      'https://app.example.com',
      'http://127.0.0.2:3000',
    ], path);
  }
  for (const path of OTHER_PATHS) {
    const { status, headers } = await page(path);
    t.is(status, 200, path);
    t.is(headers.get('x-frame-options'), 'DENY', path);
    t.deepEqual(parsePolicy(headers.get('content-security-policy')).get('frame-ancestors'), ["'none'"], path);
  }

  // The cached policy follows the setting: a changed list, then none again.
  await setOrigins(['https://other.example.org']);
  t.deepEqual(parsePolicy((await page('/embed/b/x')).headers.get('content-security-policy')).get('frame-ancestors'), [
    "'self'",
    'https://other.example.org',
  ]);
  await setOrigins(null);
  t.deepEqual(parsePolicy((await page('/embed/b/x')).headers.get('content-security-policy')).get('frame-ancestors'), ["'self'"]);
  t.deepEqual(parsePolicy((await page('/')).headers.get('content-security-policy')).get('frame-ancestors'), ["'none'"]);
});

test('an embed page\'s policy is the other pages\' own but for frame-ancestors', (t) => {
  const settings = { logo: 'https://cdn.example.com/logo.png', icon: null, gravatar: true, embedOrigins: ['https://app.example.com'] };
  const embed = parsePolicy(contentSecurityPolicy(settings, true));
  const other = parsePolicy(contentSecurityPolicy(settings));
  t.deepEqual([...embed.keys()], [...other.keys()]);
  for (const [name, sources] of other) if (name !== 'frame-ancestors') t.deepEqual(embed.get(name), sources, name);
  t.deepEqual(embed.get('frame-ancestors'), ["'self'", 'https://app.example.com']);
  t.deepEqual(other.get('frame-ancestors'), ["'none'"]);
  // Stored values only ever hold safe origins; one that is not (a hand-edited file) never reaches the header.
  const hostile = contentSecurityPolicy({ ...settings, embedOrigins: ["https://a.example;script-src 'unsafe-inline'", '*'] }, true);
  t.deepEqual(parsePolicy(hostile).get('frame-ancestors'), ["'self'"]);
  t.deepEqual(parsePolicy(hostile).get('script-src'), ["'self'"]);
});
