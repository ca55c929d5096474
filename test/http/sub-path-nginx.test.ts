import anyTest from 'ava';
import { OWNER } from '../_helpers/personas.js';
import { exampleFor, findBinary, startNginx } from '../_helpers/proxies.js';
import { sendRequest, startTestServer } from '../_helpers/server.js';
import { freePort } from '../web/_browser.js';

/*
 * The README's nginx example that strips `/feedback` (issue 33 §2; `proxyStripsPath` on), run by a real
 * nginx on loopback in front of a real server: the page, the assets it names, and the API. The example
 * that passes the path through carries the whole web-board flow in Chromium (test/web/sub-path.test.ts).
 * Skipped, saying so, without an nginx binary, except where .ci/nginx.sh ran: CI always runs it.
 */

const present = findBinary('nginx') !== null || process.env.FEEDBACKD_REQUIRE_PROXIES === '1';
if (!present) console.warn('sub-path-nginx: skipped, no nginx binary here (apt-get install nginx, or bash -c ". .ci/nginx.sh")');
const test = present ? anyTest : anyTest.skip;

test('nginx stripping /feedback: the page, its assets and the API answer under /feedback', async (t) => {
  const [nginxPort, serverPort] = [await freePort(), await freePort()];
  const site = `http://127.0.0.1:${nginxPort}/feedback`;
  const server = await startTestServer({ port: serverPort, publicUrl: site, proxyStripsPath: true });
  t.teardown(server.close);
  const nginx = await startNginx(exampleFor('nginx', 'strips'), nginxPort, serverPort);
  t.teardown(nginx.close);

  const page = await fetch(`${site}/b/ideas`);
  t.is(page.status, 200);
  const html = await page.text();
  t.true(html.includes('<meta name="feedbackd-base" content="/feedback" />'), html);
  const assets = [...html.matchAll(/(?:src|href)="(\/feedback\/assets\/[^"]+)"/g)].map((match) => match[1]!);
  t.true(assets.length >= 3, html);
  for (const asset of assets) t.is((await fetch(new URL(asset, site))).status, 200, asset);
  t.is((await fetch(`${site}/widget.js`)).status, 200);

  const setup = await sendRequest(site, 'POST', '/auth/setup', { body: OWNER });
  t.is(setup.status, 201, setup.text);
  t.is((await sendRequest(site, 'GET', '/settings/site')).status, 200);
  // nginx has nothing outside /feedback/ but its own 404.
  t.is((await fetch(new URL('/api/v1/settings/site', site))).status, 404);
  // `/feedback` alone: nginx's redirect to `/feedback/`, which is the home page.
  const bare = await fetch(`${site}`, { redirect: 'manual' });
  t.is(bare.status, 301);
  t.is(new URL(bare.headers.get('location')!, site).pathname, '/feedback/');
});
