import { randomBytes } from 'node:crypto';
import { basename, isAbsolute, join } from 'node:path';
import { checkOutputPath } from '../config/output-target.js';
import { AppError } from '../errors.js';

/** `out` that means the command's standard output. */
export const STDOUT = '-';

/** Where a backup or export goes, as the command asked for it (possibly over the control socket). */
export interface OutputArgs {
  /** An absolute path, or `-` for the command's standard output. */
  out: string;
  /** An existing regular file at `out` may be replaced. */
  force: boolean;
}

/** `out` (absolute, or `-`) and `force`; `what` names the operation in the message. */
export function parseOutputArgs(args: unknown, what: string): OutputArgs {
  const { out, force } = (args ?? {}) as Record<string, unknown>;
  if (typeof out !== 'string' || (out !== STDOUT && !isAbsolute(out))) {
    throw new AppError('INVALID_ARGUMENTS', `${what} needs an absolute "out" path (or "-")`, 400);
  }
  return { out, force: force === true };
}

/** The file to write: `out` once checked against the data directory, or for `-` a new scratch file inside it. */
export async function fileToWrite(args: OutputArgs, dataDir: string): Promise<string> {
  if (args.out === STDOUT) return join(dataDir, `stdout-${randomBytes(8).toString('hex')}.json`);
  return checkOutputPath(args.out, { kind: 'file', dataDir, flag: '--out', force: args.force });
}

/**
 * A file written for standard output: made in the data directory, the one place that both a
 * server confined by systemd (it may write nowhere else) and the command talking to it can reach;
 * the command copies it out and removes it.
 */
export function isScratchFile(path: string): boolean {
  return /^stdout-[0-9a-f]{16}\.json$/.test(basename(path));
}
