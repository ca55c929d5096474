import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { timestampedFileName } from '../../admin/backup-format.js';
import { STDOUT } from '../../admin/output-args.js';
import { resolveConfig } from '../../config/load.js';
import { checkOutputPath } from '../../config/output-target.js';
import { AppError } from '../../errors.js';
import type { AdminFlags } from '../admin/admin-options.js';
import type { CliIo, CliRun } from '../io.js';
import { commanderFlags } from './run-long-operation.js';

/** The flags of a command that writes a file: backup, export. */
export interface OutputFlags extends AdminFlags {
  out?: string;
  force?: boolean;
}

/** Where a backup or export goes: standard output, or a checked absolute path. */
export interface OutputChoice {
  /** `-` or an absolute path, as the operation takes it. */
  out: string;
  force: boolean;
  dataDir: string;
}

/**
 * `--out` checked before any work is done: `-` is standard output; a path must not be in the data
 * directory, nor be a directory, device, socket, FIFO or symbolic link, nor an existing file unless --force.
 */
export async function chooseOutput(flags: OutputFlags, prefix: string, run: CliRun): Promise<OutputChoice> {
  const { config } = await resolveConfig({ flags: commanderFlags(flags), env: run.io.env });
  const choice = { out: STDOUT, force: flags.force === true, dataDir: config.dataDir };
  if (flags.out === STDOUT) return choice;
  const path = await outputPath(flags.out, prefix);
  return { ...choice, out: await checkOutputPath(path, { kind: 'file', dataDir: config.dataDir, flag: '--out', force: choice.force }) };
}

/** The io for the command's own report: stderr when stdout carries the file. */
export function reportIo(choice: OutputChoice, io: CliIo): CliIo {
  return choice.out === STDOUT ? { ...io, stdout: io.stderr } : io;
}

/** Where to write: `--out` resolved against the working directory, else `<prefix>-<timestamp>.json` in it. */
export async function outputPath(given: string | undefined, prefix: string, now = new Date()): Promise<string> {
  const path = resolve(given ?? timestampedFileName(prefix, now));
  // Checked here, where the operator's working directory is known: the writer may be the server.
  const parent = await stat(dirname(path)).catch(() => null);
  if (!parent?.isDirectory()) throw new AppError('OUTPUT_DIR_MISSING', `Cannot write ${path}: ${dirname(path)} is not a directory`, 400);
  return path;
}

/** An input file resolved against the working directory; a clear error when it is not a readable file. */
export async function inputPath(given: string): Promise<string> {
  const path = resolve(given);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new AppError('INPUT_FILE_MISSING', `Cannot read ${path}: there is no such file`, 400);
  return path;
}

/** `12.3 KiB`. */
export function byteSize(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** `users 3, boards 2, posts 10` (tables without rows left out, except when all are empty). */
export function countsLine(counts: Readonly<Record<string, number>>): string {
  const entries = Object.entries(counts).filter(([, count]) => count > 0);
  return entries.length === 0 ? 'no rows' : entries.map(([name, count]) => `${name} ${count}`).join(', ');
}
