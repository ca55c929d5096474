// The README's screenshots of a seeded demo site: `npm run screenshots` (after `npm run build`)
// writes test/web/screenshots/board.png, post.png and dashboard.png at 1280×800, light.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { Post } from '../../src/web/api/types.js';
import { launchChromium } from '../web/_chromium.js';
import { callApi } from '../web/_seed.js';
import { startDevServer } from './dev-server.js';

const OUT = fileURLToPath(new URL('../web/screenshots/', import.meta.url));
const POST_TITLE = 'Export votes as CSV';

async function main(): Promise<void> {
  const site = await startDevServer({ posts: 30 });
  const browser = await launchChromium();
  try {
    await mkdir(OUT, { recursive: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', reducedMotion: 'reduce' });
    // Gravatar is not reachable from CI and the pictures would change: avatars show initials.
    await context.route((url) => url.origin !== new URL(site.url).origin, (route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    await shoot(page, `${site.url}/b/feature-requests`, 'board.png');
    const { posts } = await callApi<{ posts: Post[] }>(site, 'POST', '/posts/get', { query: POST_TITLE, limit: 1 }, null);
    const post = posts.find((candidate) => candidate.title === POST_TITLE) ?? posts[0]!;
    await shoot(page, `${site.url}/p/${post.slug}`, 'post.png');
    // The owner's dashboard: the token goes in before the app reads it, as a sign-in leaves it.
    await context.addInitScript((token) => localStorage.setItem('feedbackd.token', token), site.owner.token);
    await shoot(page, `${site.url}/dashboard/posts`, 'dashboard.png');
  } finally {
    await browser.close();
    await site.close();
  }
}

/** Opens `url`, waits for its heading and for every request (lazy pages, Markdown) to settle, and saves the viewport. */
async function shoot(page: Page, url: string, file: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(OUT, file) });
  console.log(`wrote ${join('test/web/screenshots', file)}`);
}

await main();
