/**
 * `npm run bench:widget`: what the widget (issue 29) costs a team's page. Prints widget.js as built
 * (raw, gzip, brotli), then serves a small board with the real `feedbackd serve`, opens a product
 * page on another loopback address (127.0.0.2) in Chromium and sums the bytes on the wire (headers
 * included, compressed as served): the loader, and the panel's first load once "Feedback" is
 * pressed (its HTML, scripts, stylesheet, icon and API answers). Sizes, not times: the figures do
 * not move with the machine's load.
 */
import { statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Request } from 'playwright-core';
import { launchChromium } from '../web/_chromium.js';
import { dataDir, serve, stop } from './server.js';

const LOADER = fileURLToPath(new URL('../../dist/web/widget.js', import.meta.url));
const LOADER_BUDGET = 6 * 1024;

async function main(): Promise<void> {
  printLoaderFiles();
  const store = await dataDir({ users: 50, posts: 200, votes: 400, boards: 3, realistic: true });
  const served = await serve(store.config);
  const board = served.api.replace(/\/api\/v1$/, '');
  const host = await hostPage(board);
  const browser = await launchChromium();
  try {
    await allow(served.api, store.seeded.ownerToken, host.origin);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const requests: Request[] = [];
    page.on('requestfinished', (request) => requests.push(request));
    await page.goto(`${host.origin}/`, { waitUntil: 'networkidle' });
    const loaderRequests = requests.filter((request) => request.url().startsWith(`${board}/widget.js`));
    const loader = await wire(loaderRequests);
    requests.length = 0;
    await page.getByRole('button', { name: 'Feedback' }).click();
    const frame = page.frameLocator('[data-feedbackd-widget] iframe');
    await frame.locator('.post-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    const panel = requests.filter((request) => request.url().startsWith(board));
    const api = panel.filter((request) => new URL(request.url()).pathname.startsWith('/api/'));
    const files = panel.filter((request) => !api.includes(request));
    console.log(`loader on the wire: ${kb(loader)} in ${loaderRequests.length} request(s)`);
    console.log(`panel first load: ${kb(await wire(panel))} in ${panel.length} requests — files ${kb(await wire(files))} (${files.length}), API ${kb(await wire(api))} (${api.length})`);
  } finally {
    await browser.close();
    host.close();
    await stop(served);
    await store.remove();
  }
}

function printLoaderFiles(): void {
  const size = (suffix: string) => statSync(`${LOADER}${suffix}`).size;
  const brotli = size('.br');
  console.log(`widget.js as built: ${size('')} B raw, ${size('.gz')} B gzip, ${brotli} B brotli (budget ${LOADER_BUDGET} B brotli: ${brotli <= LOADER_BUDGET ? 'met' : 'NOT met'})`);
}

/** The team's page: the snippet, on 127.0.0.2. */
async function hostPage(board: string): Promise<{ origin: string; close(): void }> {
  const html = `<!doctype html><html lang="en"><head><title>Product</title></head><body><h1>Product</h1>
<script src="${board}/widget.js" data-board="board-0" async></script>
<script>window.feedbackd = window.feedbackd || function () { (feedbackd.q = feedbackd.q || []).push(arguments) };</script></body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return { origin: `http://127.0.0.2:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function allow(api: string, ownerToken: string, origin: string): Promise<void> {
  const response = await fetch(`${api}/settings/site`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerToken}` },
    body: JSON.stringify({ embedOrigins: [origin] }),
  });
  if (!response.ok) throw new Error(`setting embedOrigins failed: ${response.status} ${await response.text()}`);
}

/** Bytes on the wire: response headers and body as sent. */
async function wire(requests: Request[]): Promise<number> {
  let total = 0;
  for (const request of requests) {
    const sizes = await request.sizes();
    total += sizes.responseHeadersSize + sizes.responseBodySize;
  }
  return total;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

await main();
