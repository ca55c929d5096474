/**
 * `npm run bench`: seeds data dirs, starts the real `feedbackd serve` in a child process and
 * measures it over loopback with wrk (else autocannon). Never part of `npm test`. Figures go to stdout.
 *
 * Data sets: 10k posts / 200 users / 20k votes with the fixed text of the earlier figures (plain
 * lists, each with and without `Accept-Encoding: br, gzip`, votes, writes); 1k posts (writes);
 * 100k posts / 2,000 users / 200k votes with varied text and skewed votes (search, orderBy votes,
 * similar, tag filters, votes, writes, startup and RSS).
 *
 * Environment:
 * - BENCH_SECONDS (5): seconds per measured load; BENCH_CONNECTIONS (32): connections per load.
 * - BENCH_DATABASE_URL: measure the PostgreSQL engine (a fresh schema per data set, dropped after).
 * - BENCH_SCENARIOS (all): comma-separated subset of list, votes, writes, search, order, similar, tags.
 * - BENCH_LARGE_POSTS (100000): posts of the large data set (2 votes per post, 2,000 users at most).
 * - BENCH_10K_TEXT (fixed): `varied` seeds the 10k set like the large one (not comparable to earlier figures).
 * - BENCH_QUERIES (300): bodies each search / similar load rotates through.
 * - BENCH_NODE_ARGS: extra options for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (written when it stops).
 * - BENCH_WARMUP_SECONDS (4): seconds per warm-up load (16 s at 10k, 8 s at 100k by default).
 * A quick check: BENCH_SECONDS=1 BENCH_WARMUP_SECONDS=1 BENCH_LARGE_POSTS=20000 npm run bench
 */
import { CONNECTIONS, DURATION, hasWrk } from './load.js';
import { plainLists, searches, similar, tagFilters, voteOrders, warmUpLists, warmUpSearch, writes } from './scenarios.js';
import type { SeedPlan } from './seed.js';
import { DATABASE_URL, dataDir, rssMb, type Served, seconds, serve, stop } from './server.js';
import { measureVotes, reportVotes } from './votes.js';

const ALL_SCENARIOS = ['list', 'votes', 'writes', 'search', 'order', 'similar', 'tags'] as const;
type Scenario = (typeof ALL_SCENARIOS)[number];
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? ALL_SCENARIOS.join(',')).split(',').map((name) => name.trim()));
const LARGE_POSTS = Number(process.env.BENCH_LARGE_POSTS ?? 100_000);

async function main(): Promise<void> {
  const unknown = [...SCENARIOS].filter((name) => !(ALL_SCENARIOS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_SCENARIOS: unknown ${unknown.join(', ')} (known: ${ALL_SCENARIOS.join(', ')})`);
  const started = performance.now();
  const engine = DATABASE_URL ? 'PostgreSQL' : 'the JSON-file database';
  const tool = hasWrk ? 'wrk' : 'autocannon (wrk not installed)';
  console.log(`feedbackd benchmark on ${engine}: ${DURATION} s per run, ${CONNECTIONS} connections, ${tool}, node ${process.version}`);
  if (wanted('list', 'votes', 'writes')) await at10k();
  if (wanted('writes')) await writesAt(1_000);
  if (wanted('search', 'order', 'similar', 'votes', 'writes', 'tags')) await atLarge();
  console.log(`whole run: ${seconds(started)} s`);
}

function wanted(...names: Scenario[]): boolean {
  return names.some((name) => SCENARIOS.has(name));
}

/** The plain lists, votes and writes at 10k posts: the figures measured before search, kept comparable. */
async function at10k(): Promise<void> {
  const realistic = process.env.BENCH_10K_TEXT === 'varied';
  const store = await dataDir({ users: 200, posts: 10_000, votes: 20_000, boards: 10, realistic });
  const served = await serve(store.config);
  await printStartup(served, '10k');
  const auth = { authorization: `Bearer ${store.seeded.ownerToken}` };
  if (wanted('list')) {
    await warmUpLists(served.api, auth);
    await plainLists(served.api, auth);
    console.log(`RSS after the read loads at 10k posts: ${await rssMb(served)} MB`);
  }
  if (wanted('votes') && hasWrk) await reportVotes(served.api, store.seeded.userTokens, store.seeded.postIds, '10k');
  if (wanted('writes')) {
    await writes(served.api, auth, '10k');
    console.log(`RSS after the write load (10k posts + those just written): ${await rssMb(served)} MB`);
  }
  await stop(served);
  if (wanted('votes') && !hasWrk) await measureVotes(store.config, store.seeded.postIds, '10k');
  await store.remove();
}

async function writesAt(posts: number): Promise<void> {
  const store = await dataDir({ users: 200, posts, votes: Math.min(20_000, posts * 2), boards: 10 });
  const served = await serve(store.config);
  await printStartup(served, `${posts}`);
  await writes(served.api, { authorization: `Bearer ${store.seeded.ownerToken}` }, `${posts}`);
  await stop(served);
  await store.remove();
}

/** Search, vote order, similar posts, votes and writes on the large, realistic data set. */
async function atLarge(): Promise<void> {
  const plan: SeedPlan = { users: Math.min(2_000, LARGE_POSTS), posts: LARGE_POSTS, votes: LARGE_POSTS * 2, boards: 10, realistic: true };
  const store = await dataDir(plan);
  const { corpus, boardIds, ownerToken, userTokens, postIds, tagIds } = store.seeded;
  const size = LARGE_POSTS >= 1_000 ? `${LARGE_POSTS / 1_000}k` : `${LARGE_POSTS}`;
  const served = await serve(store.config);
  await printStartup(served, size);
  if (corpus && wanted('search', 'order', 'similar', 'tags')) {
    await warmUpSearch(served.api, corpus, boardIds);
    if (wanted('tags')) await tagFilters(served.api, { authorization: `Bearer ${ownerToken}` }, corpus, tagIds, boardIds, size);
    if (wanted('search')) await searches(served.api, corpus, size);
    if (wanted('order')) await voteOrders(served.api, boardIds, size);
    if (wanted('similar')) await similar(served.api, corpus, boardIds, size);
    console.log(`RSS after the read loads at ${size} posts: ${await rssMb(served)} MB`);
  }
  if (wanted('votes') && hasWrk) await reportVotes(served.api, userTokens, postIds, size);
  if (wanted('writes')) await writes(served.api, { authorization: `Bearer ${ownerToken}` }, size);
  await stop(served);
  if (wanted('votes') && !hasWrk) await measureVotes(store.config, postIds, size);
  await store.remove();
}

async function printStartup(served: Served, size: string): Promise<void> {
  console.log(`startup at ${size} posts: ${served.startupMs.toFixed(0)} ms, RSS after start: ${await rssMb(served)} MB`);
}

await main();
