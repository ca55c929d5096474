/**
 * `npm run bench:lighthouse`: seeds 10,000 posts, starts the real `feedbackd serve`, and runs
 * Lighthouse (npm `lighthouse` driving Debian's Chromium) three times on the home, board and post
 * pages; prints the median score per category (performance, accessibility, best practices) and the
 * median of the metrics behind performance, and the bytes the page transferred: in all and from
 * `/api/` (as sent on the wire, so compressed where the server compressed). Lighthouse's default: a
 * phone with simulated slow 4G and a 4× slower CPU. Never part of `npm test`: scores move with the
 * machine's load.
 *
 * Environment: CHROME_PATH (/usr/bin/chromium), LIGHTHOUSE_RUNS (3), LIGHTHOUSE_POSTS (10000),
 * LIGHTHOUSE_PAGES (home,board,post), BENCH_DATABASE_URL (measure on PostgreSQL).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { dataDir, serve, stop } from './server.js';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const POSTS = Number(process.env.LIGHTHOUSE_POSTS ?? 10_000);
const PAGES = new Set((process.env.LIGHTHOUSE_PAGES ?? 'home,board,post').split(',').map((name) => name.trim()));
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

type Scores = Record<string, number>;

async function main(): Promise<void> {
  const store = await dataDir({ users: 500, posts: POSTS, votes: POSTS * 2, boards: 3, realistic: true });
  const served = await serve(store.config);
  const root = served.api.replace(/\/api\/v1$/, '');
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const slug = await firstSlug(served.api);
    const pages = { home: '/', board: '/b/board-0', post: `/p/${slug}` };
    for (const [name, path] of Object.entries(pages)) {
      if (!PAGES.has(name)) continue;
      const runs: Scores[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${root}${path}`, chrome.port));
      console.log(`${name.padEnd(6)} ${describe(median(runs))}`);
    }
  } finally {
    chrome.kill();
    await stop(served);
    await store.remove();
  }
}

async function firstSlug(api: string): Promise<string> {
  const response = await fetch(`${api}/posts/get`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orderBy: 'votes', limit: 1 }),
  });
  const { posts } = (await response.json()) as { posts: { slug: string }[] };
  return posts[0]!.slug;
}

async function audit(url: string, port: number): Promise<Scores> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const scores: Scores = {};
  for (const category of CATEGORIES) scores[category] = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
  for (const metric of METRICS) scores[metric] = result.lhr.audits[metric]?.numericValue ?? Number.NaN;
  return { ...scores, ...transferred(result.lhr.audits['network-requests']?.details) };
}

/** Bytes on the wire (headers included, after any Content-Encoding): all requests, and those to `/api/`. */
function transferred(details: unknown): Scores {
  const items = (details as { items?: { url: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const sum = (list: typeof items) => list.reduce((total, item) => total + (item.transferSize ?? 0), 0);
  return { 'total-bytes': sum(items), 'api-bytes': sum(items.filter((item) => new URL(item.url).pathname.startsWith('/api/'))) };
}

function median(runs: Scores[]): Scores {
  const out: Scores = {};
  for (const key of Object.keys(runs[0]!)) {
    const values = runs.map((run) => run[key]!).sort((a, b) => a - b);
    out[key] = values[Math.floor(values.length / 2)]!;
  }
  return out;
}

function describe(scores: Scores): string {
  const categories = CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ');
  const ms = (key: string) => `${Math.round(scores[key]!)} ms`;
  const kib = (key: string) => `${(scores[key]! / 1024).toFixed(1)} KiB`;
  const bytes = `transferred ${kib('total-bytes')}, of which API ${kib('api-bytes')}`;
  return `${categories} · FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, TBT ${ms('total-blocking-time')}, CLS ${scores['cumulative-layout-shift']!.toFixed(3)}, SI ${ms('speed-index')} · ${bytes}`;
}

await main();
