import { spawnSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

/*
 * The load tools: wrk when installed (one thread leaves more of a 2-core machine to the server),
 * else autocannon. Either cycles through a list of request bodies, so a server cannot win by
 * answering one body from a cache.
 */

/** Seconds per measured load (BENCH_SECONDS). */
export const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
/** Keep-alive connections per load (BENCH_CONNECTIONS). */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

/** True when the wrk binary runs. */
export const hasWrk = spawnSync('wrk', ['--version']).error === undefined;

/** One load: requests to one URL whose bodies cycle through `bodies` (JSON texts). */
export interface Load {
  url: string;
  method?: string;
  bodies: readonly string[];
  headers?: Record<string, string>;
  seconds?: number;
  connections?: number;
}

/** One load's figures (latencies in ms). */
export interface LoadResult {
  tool: string;
  rps: number;
  p50: number;
  p99: number;
  /** Answers with status ≥ 400 and socket errors. */
  failed: number;
}

/** Runs one load and prints req/s, p50/p99 latency and the failures under `name`. */
export async function report(name: string, load: Load): Promise<LoadResult> {
  const result = await runLoad(load);
  console.log(describe(name, result));
  return result;
}

/** One line of the report: the figures a README table is filled from. */
export function describe(name: string, result: LoadResult, failedMeans = 'failed (non-2xx or socket error)'): string {
  const failed = result.failed ? `, ${result.failed} ${failedMeans}` : '';
  return `${name}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms${failed} (${result.tool})`;
}

/** Runs one load with wrk or autocannon. */
export function runLoad(load: Load): Promise<LoadResult> {
  return hasWrk ? loadWithWrk(load) : loadWithAutocannon(load);
}

async function loadWithAutocannon(load: Load): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: load.url,
    method: (load.method ?? 'POST') as 'POST',
    headers: { 'content-type': 'application/json', ...load.headers },
    connections: load.connections ?? CONNECTIONS,
    duration: load.seconds ?? DURATION,
    requests: [{ setupRequest: (request) => ({ ...request, body: load.bodies[next++ % load.bodies.length] }) }],
  });
  return {
    tool: 'autocannon',
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
  };
}

async function loadWithWrk(load: Load): Promise<LoadResult> {
  const headers = { 'Content-Type': 'application/json', ...load.headers };
  const script = [
    `wrk.method = ${luaString(load.method ?? 'POST')}`,
    ...Object.entries(headers).map(([key, value]) => `wrk.headers[${luaString(key)}] = ${luaString(value)}`),
    `local bodies = { ${load.bodies.map(luaString).join(',\n')} }`,
    'local i = 0',
    'request = function()',
    '  i = i + 1',
    '  return wrk.format(nil, nil, nil, bodies[(i % #bodies) + 1])',
    'end',
  ];
  return runWrkScript(script, load.url, load);
}

/**
 * Runs wrk with a Lua script (lines; a `done` hook reporting failures is added) against `url`.
 * With one wrk thread the script's counter runs through its list in order.
 */
export async function runWrkScript(lines: readonly string[], url: string, options: Pick<Load, 'seconds' | 'connections'> = {}): Promise<LoadResult> {
  const file = join(tmpdir(), `feedbackd-bench-${process.pid}.lua`);
  await writeFile(file, `${[...lines, DONE_LINE].join('\n')}\n`);
  const args = ['-t1', `-c${options.connections ?? CONNECTIONS}`, `-d${options.seconds ?? DURATION}s`, '--latency', '-s', file, url];
  const run = spawnSync('wrk', args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  await rm(file, { force: true });
  if (run.status !== 0) console.log(`wrk failed: ${run.stderr || run.stdout}`);
  return parseWrk(run.stdout ?? '');
}

/** Status errors (>= 400) and socket errors, counted by wrk itself. */
const DONE_LINE =
  'done = function(summary) local e = summary.errors io.write("FAILED " .. (e.status + e.connect + e.read + e.write + e.timeout) .. "\\n") end';

function parseWrk(out: string): LoadResult {
  const number = (pattern: RegExp) => Number(out.match(pattern)?.[1] ?? Number.NaN);
  const millis = (pattern: RegExp) => {
    const match = out.match(pattern);
    if (!match?.[1]) return Number.NaN;
    const value = Number(match[1]);
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
  };
  return {
    tool: 'wrk',
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: millis(/50%\s+([\d.]+)(us|ms|s)\b/),
    p99: millis(/99%\s+([\d.]+)(us|ms|s)\b/),
    failed: number(/FAILED (\d+)/),
  };
}

/**
 * A Lua string literal. JSON's escapes (\" \\ \n \t) are Lua's too; JSON.stringify writes other
 * characters as they are (Lua takes UTF-8 bytes verbatim) except controls as \u, which Lua 5.1 lacks.
 */
export function luaString(text: string): string {
  return JSON.stringify(text).replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => {
    const code = Number.parseInt(hex, 16);
    if (code > 0xff) throw new Error(`cannot write U+${hex} into a Lua string`);
    return `\\${code}`;
  });
}
