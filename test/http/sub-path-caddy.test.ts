import anyTest, { type ExecutionContext } from 'ava';
import type { Config } from '../../src/config/types.js';
import { OWNER } from '../_helpers/personas.js';
import { exampleFor, findBinary, startCaddy } from '../_helpers/proxies.js';
import { sendRequest, startTestServer } from '../_helpers/server.js';
import { freePort } from '../web/_browser.js';

/*
 * The README's Caddyfiles for a board under `/feedback` (issue 33 §2), run by a real Caddy on
 * loopback in front of a real server: a page and an API call, with the path passed through and
 * stripped. Without a caddy binary the file is skipped, saying so, except where .ci/nginx.sh ran
 * (it installs caddy and sets FEEDBACKD_REQUIRE_PROXIES): CI always runs it.
 */

const present = findBinary('caddy') !== null || process.env.FEEDBACKD_REQUIRE_PROXIES === '1';
if (!present) console.warn('sub-path-caddy: skipped, no caddy binary here (apt-get install caddy, or bash -c ". .ci/nginx.sh")');
const test = present ? anyTest : anyTest.skip;

async function throughCaddy(t: ExecutionContext, mode: 'passes' | 'strips'): Promise<string> {
  const [caddyPort, serverPort] = [await freePort(), await freePort()];
  const site = `http://127.0.0.1:${caddyPort}/feedback`;
  const config: Partial<Config> = { port: serverPort, publicUrl: site, proxyStripsPath: mode === 'strips' };
  const server = await startTestServer(config);
  t.teardown(server.close);
  const caddy = await startCaddy(exampleFor('caddy', mode), caddyPort, serverPort);
  t.teardown(caddy.close);
  return site;
}

for (const mode of ['passes', 'strips'] as const) {
  test(`Caddy ${mode === 'passes' ? 'passing /feedback through' : 'stripping /feedback'}: a page and the API under /feedback`, async (t) => {
    const site = await throughCaddy(t, mode);
    const setup = await sendRequest(site, 'POST', '/auth/setup', { body: OWNER });
    t.is(setup.status, 201, setup.text);
    const settings = await sendRequest(site, 'GET', '/settings/site');
    t.is(settings.status, 200, settings.text);
    const page = await fetch(`${site}/p/some-idea`);
    t.is(page.status, 200);
    t.regex(page.headers.get('content-type') ?? '', /^text\/html/);
    const html = await page.text();
    // The built app's page (npm test builds it first), with the prefix for the app.
    t.true(html.includes('<meta name="feedbackd-base" content="/feedback" />'), html);
    t.regex(html, /src="\/feedback\/assets\/main-[^"]+\.js"/);
    // Caddy answers what no route of it matches with an empty 200: the board's answer is not there.
    const outside = await fetch(new URL('/api/v1/settings/site', site));
    t.false((await outside.text()).includes('"settings"'), 'nothing of the board answers outside /feedback');
  });
}
