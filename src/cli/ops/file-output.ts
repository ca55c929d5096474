import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { timestampedFileName } from '../../admin/backup-format.js';
import { AppError } from '../../errors.js';

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
