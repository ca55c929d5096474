import { cp, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Copies a data directory while its storage is still open: what a kill -9 at this moment would
 * leave on disk (every acknowledged write is already written and fsync'd, nothing was closed).
 */
export async function crashCopy(dir: string, name = 'crashed'): Promise<string> {
  const copy = join(dir, '..', name);
  await cp(dir, copy, { recursive: true });
  return copy;
}

/** The journal file names in a data directory, oldest first. */
export async function journalNames(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => /^journal-\d+\.jsonl$/.test(name));
  return names.sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
}
