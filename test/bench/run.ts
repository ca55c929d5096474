/**
 * `npm run bench`: seeds data dirs, starts the real `feedbackd serve` in a child process and
 * measures it over loopback with autocannon. Never part of `npm test`. Figures go to stdout.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { pino } from 'pino';
import { openStorage } from '../../src/storage/open.js';
import type { Storage } from '../../src/storage/types.js';
import { testConfig } from '../_helpers/config.js';
import type { Config } from '../../src/config/types.js';
import { createSchema } from '../_helpers/pg-schema.js';
import { type Seeded, type SeedPlan, seed } from './seed.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
/** Set to a PostgreSQL database to measure that engine instead (each size gets a fresh schema, dropped after). */
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

/** A seeded store: a data dir, and on PostgreSQL the schema holding the rows. */
interface Store {
  dir: string;
  config: Config;
  seeded: Seeded;
  remove(): Promise<void>;
}

interface Served {
  child: ChildProcess;
  url: string;
  startupMs: number;
}

async function main(): Promise<void> {
  const engine = DATABASE_URL ? 'PostgreSQL' : 'the JSON-file database';
  console.log(`feedbackd benchmark on ${engine}: ${DURATION} s per run, ${CONNECTIONS} connections, node ${process.version}`);
  const at10k = await dataDir({ users: 200, posts: 10_000, votes: 20_000, boards: 10 });
  const served = await serve(at10k.config);
  console.log(`startup at 10k posts: ${served.startupMs.toFixed(0)} ms, RSS after start: ${await rssMb(served.child)} MB`);
  const api = `${served.url}/api/v1`;
  const auth = { authorization: `Bearer ${at10k.seeded.ownerToken}` };
  await warmUp(`${api}/posts/get`, auth);
  await report('POST /posts/get page 1, anonymous', { url: `${api}/posts/get`, body: { page: 1 } });
  await report('POST /posts/get page 1, with token', { url: `${api}/posts/get`, body: { page: 1 }, headers: auth });
  await report('POST /posts/get page 500, anonymous', { url: `${api}/posts/get`, body: { page: 500 } });
  await report('POST /posts/get page 500, with token', { url: `${api}/posts/get`, body: { page: 500 }, headers: auth });
  console.log(`RSS after the read loads at 10k posts: ${await rssMb(served.child)} MB`);
  if (hasWrk) await reportVotes(api, at10k.seeded.userTokens, at10k.seeded.postIds);
  await report('POST /posts (durable write) at 10k posts', { url: `${api}/posts`, body: { title: 'Benchmark idea' }, headers: auth });
  console.log(`RSS after the write load (10k posts + those just written): ${await rssMb(served.child)} MB`);
  await stop(served);
  if (!hasWrk) await measureVotes(at10k.config, at10k.seeded.postIds);
  await at10k.remove();

  for (const posts of [1_000, 100_000]) {
    const sized = await dataDir({ users: 200, posts, votes: Math.min(20_000, posts * 2), boards: 10 });
    const server = await serve(sized.config);
    console.log(`startup at ${posts} posts: ${server.startupMs.toFixed(0)} ms, RSS ${await rssMb(server.child)} MB`);
    const headers = { authorization: `Bearer ${sized.seeded.ownerToken}` };
    await report(`POST /posts (durable write) at ${posts} posts`, { url: `${server.url}/api/v1/posts`, body: { title: 'Benchmark idea' }, headers });
    await stop(server);
    await sized.remove();
  }
}

/**
 * Without wrk (whose Lua scripts give every request its own voter and post), vote add and remove are
 * measured one layer down: durable storage transactions from 32 concurrent writers.
 */
async function measureVotes(config: Config, postIds: string[]): Promise<void> {
  const storage = await openStorage(config, pino({ level: 'silent' }));
  const voters = await someUsers(storage);
  let done = 0;
  const until = performance.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, writer) => {
      for (let i = 0; performance.now() < until; i++) {
        const userId = voters[(writer + i * CONNECTIONS) % voters.length]!;
        const postId = postIds[(writer * 7919 + i) % postIds.length]!;
        await storage.transaction(async (tx) => {
          const vote = await tx.votes.getByUserAndPost(userId, postId);
          if (vote) await tx.votes.delete(vote.id);
          else await tx.votes.insert({ id: randomUUID(), userId, postId, createdAt: new Date().toISOString() });
        });
        done++;
      }
    }),
  );
  await storage.close();
  console.log(`vote add/remove (durable storage transactions, ${CONNECTIONS} writers): ${(done / DURATION).toFixed(0)} per s`);
}

async function someUsers(storage: Storage): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 200; i++) {
    const user = await storage.users.getByEmail(`user${i}@example.org`);
    if (user) ids.push(user.id);
  }
  return ids;
}

/** Lets the JIT settle (measured: page-1 throughput climbs ~30% over the first 15 s) before anything is measured. */
async function warmUp(url: string, headers: Record<string, string>): Promise<void> {
  for (const body of [{ page: 1 }, { page: 500 }]) {
    for (const auth of [{}, headers]) {
      await autocannon({ url, method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...auth }, connections: 8, duration: 4 });
    }
  }
}

async function dataDir(plan: SeedPlan): Promise<Store> {
  const dir = await mkdtemp(join(tmpdir(), 'feedbackd-bench-'));
  const schema = DATABASE_URL ? await createSchema(DATABASE_URL) : undefined;
  const config = testConfig(dir, { databaseUrl: schema?.url ?? null });
  const started = performance.now();
  const seeded = await seed(config, plan);
  // As autovacuum would soon after such a load: without statistics the planner sorts whole tables.
  if (schema) await analyze(schema.url);
  console.log(`seeded ${plan.posts} posts, ${plan.users} users, ${plan.votes} votes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const remove = async () => {
    await schema?.drop();
    await rm(dir, { recursive: true, force: true });
  };
  return { dir, config, seeded, remove };
}

async function analyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('ANALYZE users, roles, user_roles, boards, roadmaps, posts, votes');
  await client.end();
}

async function serve(config: Config): Promise<Served> {
  const started = performance.now();
  const database = config.databaseUrl === null ? [] : ['--database', config.databaseUrl];
  const args = ['bin/feedbackd.js', 'serve', '--data', config.dataDir, ...database, '--port', '0', '--mail-outbox', '--log-level', 'warn'];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/listening on (http:\/\/\S+)/);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
  return { child, url, startupMs: performance.now() - started };
}

async function stop(served: Served): Promise<void> {
  const exited = new Promise((resolve) => served.child.once('exit', resolve));
  served.child.kill('SIGTERM');
  await exited;
}

async function rssMb(child: ChildProcess): Promise<string> {
  const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return (kb / 1024).toFixed(0);
}

interface LoadOptions {
  url: string;
  body: unknown;
  headers?: Record<string, string>;
}

/** Runs one load and prints req/s and latency: wrk when installed (lighter on a 2-core box), else autocannon. */
async function report(name: string, options: LoadOptions): Promise<void> {
  const result = hasWrk ? await loadWithWrk(options) : await loadWithAutocannon(options);
  const failed = result.failed ? `, ${result.failed} failed` : '';
  console.log(`${name}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms${failed} (${result.tool})`);
}

/**
 * POST /votes then DELETE /votes over the same sequence of (voter, post) pairs: 200 voters × 10k
 * posts, so nearly every request is a real durable write (pairs seeded with a vote answer 409/404).
 */
async function reportVotes(api: string, tokens: string[], postIds: string[]): Promise<void> {
  for (const method of ['POST', 'DELETE']) {
    const script = join(tmpdir(), `feedbackd-bench-votes-${process.pid}.lua`);
    await writeFile(script, voteScript(method, tokens, postIds));
    const result = runWrk(script, `${api}/votes`);
    await rm(script, { force: true });
    const failed = result.failed ? `, ${result.failed} answered 409/404 (pair already voted / not voted)` : '';
    console.log(`${method} /votes (durable write) at 10k posts: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms${failed} (wrk)`);
  }
}

function voteScript(method: string, tokens: string[], postIds: string[]): string {
  return [
    `local tokens = { ${tokens.map((token) => JSON.stringify(token)).join(', ')} }`,
    `local posts = { ${postIds.map((id) => JSON.stringify(id)).join(', ')} }`,
    'local i = 0',
    'request = function()',
    '  i = i + 1',
    '  local token = tokens[(i % #tokens) + 1]',
    '  local post = posts[(math.floor(i / #tokens) % #posts) + 1]',
    `  return wrk.format("${method}", nil, { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }, '{"postId":"' .. post .. '"}')`,
    'end',
    DONE_LINE,
    '',
  ].join('\n');
}

interface LoadResult {
  tool: string;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

const hasWrk = spawnSync('wrk', ['--version']).error === undefined;

async function loadWithAutocannon(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: 'POST',
    body: JSON.stringify(options.body),
    headers: { 'content-type': 'application/json', ...options.headers },
    connections: CONNECTIONS,
    duration: DURATION,
  });
  return {
    tool: 'autocannon',
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
  };
}

async function loadWithWrk(options: LoadOptions): Promise<LoadResult> {
  const script = join(tmpdir(), `feedbackd-bench-${process.pid}.lua`);
  const headers = { 'Content-Type': 'application/json', ...options.headers };
  const lines = [
    'wrk.method = "POST"',
    `wrk.body = ${JSON.stringify(JSON.stringify(options.body))}`,
    ...Object.entries(headers).map(([key, value]) => `wrk.headers[${JSON.stringify(key)}] = ${JSON.stringify(value)}`),
    DONE_LINE,
  ];
  await writeFile(script, `${lines.join('\n')}\n`);
  const result = runWrk(script, options.url);
  await rm(script, { force: true });
  return result;
}

/** Status errors (>= 400) and socket errors, counted by wrk itself. */
const DONE_LINE =
  'done = function(summary) local e = summary.errors io.write("FAILED " .. (e.status + e.connect + e.read + e.write + e.timeout) .. "\\n") end';

function runWrk(script: string, url: string): LoadResult {
  const run = spawnSync('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${DURATION}s`, '--latency', '-s', script, url], {
    encoding: 'utf8',
  });
  const number = (pattern: RegExp) => Number(run.stdout.match(pattern)?.[1] ?? Number.NaN);
  const millis = (pattern: RegExp) => {
    const match = run.stdout.match(pattern);
    if (!match?.[1]) return Number.NaN;
    const value = Number(match[1]);
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
  };
  return {
    tool: 'wrk',
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: millis(/50%\s+([\d.]+)(us|ms|s)/),
    p99: millis(/99%\s+([\d.]+)(us|ms|s)/),
    failed: number(/FAILED (\d+)/),
  };
}

await main();
