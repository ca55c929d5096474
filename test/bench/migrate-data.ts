/**
 * `node --import tsx test/bench/migrate-data.ts`: times `feedbackd migrate-data` (the real CLI in a
 * child process, start-up included) on a data dir of 100k posts, 20k votes and 200 users: into a
 * fresh schema of BENCH_DATABASE_URL (or TEST_DATABASE_URL), then from there into a new directory.
 * Never part of `npm test`; figures go to stdout.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testConfig } from '../_helpers/config.js';
import { createSchema } from '../_helpers/pg-schema.js';
import { ROOT } from '../cli/_cli.js';
import { seed } from './seed.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const PLAN = { users: 200, posts: Number(process.env.BENCH_POSTS ?? 100_000), votes: 20_000, boards: 10 };

/** Runs the CLI to completion; progress (stderr) is dropped, a failure shows it. */
function timedCli(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, FEEDBACKD_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  return new Promise((resolve, reject) => {
    child.once('close', (code) => (code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`exit ${code}: ${stderr}`))));
  });
}

async function main(): Promise<void> {
  if (!DATABASE_URL) throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a database where schemas may be created');
  const root = await mkdtemp(join(tmpdir(), 'feedbackd-bench-migrate-'));
  const schema = await createSchema(DATABASE_URL);
  try {
    const data = join(root, 'data');
    const seeding = performance.now();
    await seed(testConfig(data, { secret: null }), PLAN);
    console.log(`seeded ${PLAN.posts} posts, ${PLAN.votes} votes, ${PLAN.users} users in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const toPostgres = await timedCli(['migrate-data', '--data', data, '--to', schema.url]);
    console.log(`migrate-data JSON files → PostgreSQL: ${toPostgres.toFixed(1)} s`);
    const back = await timedCli(['migrate-data', '--data', data, '--database', schema.url, '--to', join(root, 'back')]);
    console.log(`migrate-data PostgreSQL → new data directory: ${back.toFixed(1)} s`);
  } finally {
    await schema.drop();
    await rm(root, { recursive: true, force: true });
  }
}

await main();
