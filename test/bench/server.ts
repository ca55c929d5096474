import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../../src/config/types.js';
import { testConfig } from '../_helpers/config.js';
import { createSchema } from '../_helpers/pg-schema.js';
import { type Seeded, type SeedPlan, seed } from './seed.js';

/** Set to a PostgreSQL database to measure that engine instead (each size gets a fresh schema, dropped after). */
export const DATABASE_URL = process.env.BENCH_DATABASE_URL;

/** A seeded store: a data dir, and on PostgreSQL the schema holding the rows. */
export interface Store {
  config: Config;
  seeded: Seeded;
  remove(): Promise<void>;
}

/** A running `feedbackd serve`. */
export interface Served {
  child: ChildProcess;
  /** The API root, `http://127.0.0.1:port/api/v1`. */
  api: string;
  startupMs: number;
}

/** Seeds a new data dir (and schema) and prints how long it took. */
export async function dataDir(plan: SeedPlan): Promise<Store> {
  const dir = await mkdtemp(join(tmpdir(), 'feedbackd-bench-'));
  const schema = DATABASE_URL ? await createSchema(DATABASE_URL) : undefined;
  const config = testConfig(dir, { databaseUrl: schema?.url ?? null });
  const started = performance.now();
  const seeded = await seed(config, plan);
  // As autovacuum would soon after such a load: without statistics the planner sorts whole tables.
  if (schema) await analyze(schema.url);
  const kind = plan.realistic ? 'varied text, skewed votes' : 'fixed text, even votes';
  console.log(`seeded ${plan.posts} posts, ${plan.users} users, ${plan.votes} votes (${kind}) in ${seconds(started)} s`);
  const remove = async () => {
    await schema?.drop();
    await rm(dir, { recursive: true, force: true });
  };
  return { config, seeded, remove };
}

async function analyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Every table of the schema, so tables added for search are analysed too (a bare ANALYZE would visit other schemas).
  const { rows } = await client.query<{ name: string }>('SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema()');
  await client.query(`ANALYZE ${rows.map((row) => row.name).join(', ')}`);
  await client.end();
}

/** Starts the real CLI on a free port; resolves once it listens. */
export async function serve(config: Config): Promise<Served> {
  const started = performance.now();
  const database = config.databaseUrl === null ? [] : ['--database', config.databaseUrl];
  const args = ['bin/feedbackd.js', 'serve', '--data', config.dataDir, ...database, '--port', '0', '--mail-outbox', '--log-level', process.env.BENCH_LOG_LEVEL ?? 'warn'];
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/listening on (http:\/\/\S+)/);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
  return { child, api: `${url}/api/v1`, startupMs: performance.now() - started };
}

/** Stops the server (SIGTERM: it closes its storage) and waits until it exited. */
export async function stop(served: Served): Promise<void> {
  const exited = new Promise((resolve) => served.child.once('exit', resolve));
  served.child.kill('SIGTERM');
  await exited;
}

/** The server's resident set size in MB. */
export async function rssMb(served: Served): Promise<string> {
  const status = await readFile(`/proc/${served.child.pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return (kb / 1024).toFixed(0);
}

/** Seconds since `started` (a performance.now()), one decimal. */
export function seconds(started: number): string {
  return ((performance.now() - started) / 1000).toFixed(1);
}
