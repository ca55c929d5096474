import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExecutionContext } from 'ava';
import { loadConfig } from '../../src/config/load.ts';
import { createLogger } from '../../src/logger.ts';
import type { ServiceContext } from '../../src/services/context.ts';
import { createServiceContext } from '../../src/services/create-context.ts';
import { type CliResult, QUIET_ENV, runChild, runInProcess, tempDir } from './_cli.ts';

/** The owner's password of every test board. */
export const PASSWORD = 'correct horse battery';

/** A board as `init` leaves it: the data dir, its owner ada@example.org, and a file holding PASSWORD. */
export interface TestBoard {
  data: string;
  passwordFile: string;
}

/** Sets a board up with `init --yes` (in this process: it is setup, not what is tested). */
export async function initBoard(t: ExecutionContext): Promise<TestBoard> {
  const dir = await tempDir(t);
  const data = join(dir, 'data');
  const passwordFile = join(dir, 'password.txt');
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  const args = ['init', '--yes', '--no-serve', '--data', data, '--email', 'ada@example.org', '--password-file', passwordFile];
  const result = await runInProcess([...args, '--mail-outbox']);
  if (result.code !== 0) throw new Error(`init failed: ${result.stderr}`);
  return { data, passwordFile };
}

/** Works on the board's data through the services, in this process (no server may be running). */
export async function withBoard<T>(board: TestBoard, work: (ctx: ServiceContext) => Promise<T>): Promise<T> {
  const config = await loadConfig({ flags: { data: board.data }, env: QUIET_ENV });
  const ctx = await createServiceContext(config, createLogger('silent'));
  try {
    return await work(ctx);
  } finally {
    await ctx.close();
  }
}

/** Runs `feedbackd <args> --data <board>` in a child process. */
export function admin(board: TestBoard, args: string[], stdin?: string): Promise<CliResult> {
  return runChild([...args, '--data', board.data], { stdin });
}

/** The parsed stdout of a `--json` run that must have succeeded. */
// biome-ignore lint/suspicious/noExplicitAny: tests read the printed JSON freely and assert on it.
export function jsonOf(t: ExecutionContext, result: CliResult): any {
  t.is(result.code, 0, result.stderr);
  return JSON.parse(result.stdout);
}
