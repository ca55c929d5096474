// What the widget's browser tests share (widget.test.ts, widget-more.test.ts): the team's product
// as a page server on another loopback address, the snippet a team pastes, a browser context that
// reaches only the board and the products, and the panel's frame.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import type { WebTest } from './_browser.ts';

/** The team's product: pages on its own loopback address (127.0.0.2 allowed in embedOrigins, 127.0.0.3 not). */
export interface Product {
  origin: string;
  /** Serves `html` at `path` from now on. */
  page(path: string, html: string): void;
  close(): Promise<void>;
}

export async function startProduct(host: string): Promise<Product> {
  const pages = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const html = pages.get(new URL(request.url ?? '/', 'http://x').pathname);
    response.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    page: (path, html) => pages.set(path, html),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What a team pastes, as the issue gives it, for `board`, with `identify` when a token is given. */
export function hostPage(t: WebTest, board: string, token: string | null, extra = ''): string {
  return `<!doctype html><html lang="en"><head><title>Acme</title></head><body>
<main><h1>Acme dashboard</h1><p><a href="#top">Reports</a></p></main>
<script src="${t.context.web.url}/widget.js" data-board="${board}" async></script>
<script>
  window.feedbackd = window.feedbackd || function () { (feedbackd.q = feedbackd.q || []).push(arguments) };
  ${token ? `feedbackd('identify', { token: ${JSON.stringify(token)} });` : ''}
</script>${extra}</body></html>`;
}

/** A fresh browser context on `url` that reaches only `origins` (anything else is blocked). */
export async function openProduct(
  t: WebTest,
  url: string,
  origins: readonly string[],
  options: { width?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await t.context.browser.newContext({
    viewport: { width: options.width ?? 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
    locale: 'en-US',
  });
  context.setDefaultTimeout(10_000);
  const allowed = new Set([new URL(t.context.web.url).origin, ...origins.map((origin) => new URL(origin).origin)]);
  await context.route((target) => !allowed.has(target.origin), (route) => route.abort('blockedbyclient'));
  const page = await context.newPage();
  t.teardown(() => context.close());
  await page.goto(url);
  return { page, context };
}

/** The panel's frame, once its app has drawn the panel. */
export async function panelFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('[data-feedbackd-widget]').locator('iframe').elementHandle();
  const frame = await handle!.contentFrame();
  await frame!.waitForSelector('.embed-header');
  return frame!;
}
