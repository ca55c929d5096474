/**
 * `npm run bench`: seeds data dirs, starts the real `feedbackd serve` in a child process and
 * measures it over loopback with autocannon. Never part of `npm test`. Figures go to stdout.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { testConfig } from '../_helpers/config.js';
import { seed } from './seed.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

interface Served {
  child: ChildProcess;
  url: string;
  startupMs: number;
}

async function main(): Promise<void> {
  console.log(`feedbackd benchmark: ${DURATION} s per run, ${CONNECTIONS} connections, node ${process.version}`);
  const at10k = await dataDir({ users: 200, posts: 10_000, votes: 20_000, boards: 10 });
  const served = await serve(at10k.dir);
  console.log(`startup at 10k posts: ${served.startupMs.toFixed(0)} ms, RSS after start: ${await rssMb(served.child)} MB`);
  const api = `${served.url}/api/v1`;
  const auth = { authorization: `Bearer ${at10k.seeded.ownerToken}` };
  await report('POST /posts/get page 1, anonymous', { url: `${api}/posts/get`, body: { page: 1 } });
  await report('POST /posts/get page 1, with token', { url: `${api}/posts/get`, body: { page: 1 }, headers: auth });
  await report('POST /posts/get page 500, anonymous', { url: `${api}/posts/get`, body: { page: 500 } });
  await report('POST /posts/get page 500, with token', { url: `${api}/posts/get`, body: { page: 500 }, headers: auth });
  await report('POST /posts (durable write) at 10k posts', { url: `${api}/posts`, body: { title: 'Benchmark idea' }, headers: auth });
  console.log(`RSS after load at 10k posts: ${await rssMb(served.child)} MB`);
  await stop(served);
  await rm(at10k.dir, { recursive: true, force: true });

  for (const posts of [1_000, 100_000]) {
    const sized = await dataDir({ users: 200, posts, votes: Math.min(20_000, posts * 2), boards: 10 });
    const server = await serve(sized.dir);
    console.log(`startup at ${posts} posts: ${server.startupMs.toFixed(0)} ms, RSS ${await rssMb(server.child)} MB`);
    const headers = { authorization: `Bearer ${sized.seeded.ownerToken}` };
    await report(`POST /posts (durable write) at ${posts} posts`, { url: `${server.url}/api/v1/posts`, body: { title: 'Benchmark idea' }, headers });
    await stop(server);
    await rm(sized.dir, { recursive: true, force: true });
  }
}

async function dataDir(plan: Parameters<typeof seed>[1]) {
  const dir = await mkdtemp(join(tmpdir(), 'feedbackd-bench-'));
  const started = performance.now();
  const seeded = await seed(testConfig(dir), plan);
  console.log(`seeded ${plan.posts} posts, ${plan.users} users, ${plan.votes} votes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { dir, seeded };
}

async function serve(dir: string): Promise<Served> {
  const started = performance.now();
  const child = spawn(process.execPath, ['bin/feedbackd.js', 'serve', '--data', dir, '--port', '0', '--mail-outbox', '--log-level', 'warn'], {
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

async function report(name: string, options: { url: string; body: unknown; headers?: Record<string, string> }) {
  const result = await autocannon({
    url: options.url,
    method: 'POST',
    body: JSON.stringify(options.body),
    headers: { 'content-type': 'application/json', ...options.headers },
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const errors = result.non2xx + result.errors;
  console.log(
    `${name}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${errors ? `, ${errors} failed` : ''}`,
  );
}

await main();
