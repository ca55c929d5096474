import { readFile } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { AppError } from '../../errors.js';
import type { SourceData, SourceInput, SourceReader, SourceTool } from './source-model.js';

/** Each tool's reader, loaded only when asked for (a CSV import never loads the zip or API code). */
const READERS: Readonly<Record<SourceTool, () => Promise<SourceReader>>> = {
  csv: async () => (await import('./csv.js')).readCsv,
  fider: async () => (await import('./fider.js')).readFider,
  logchimp: async () => (await import('./logchimp.js')).readLogchimp,
  canny: async () => (await import('./canny.js')).readCanny,
  astuto: async () => (await import('./astuto.js')).readAstuto,
};

/** Reads a source with its tool's reader. */
export async function readSource(tool: SourceTool, input: SourceInput): Promise<SourceData> {
  const reader = await READERS[tool]();
  return reader(input);
}

/** The API key in `--api-key-file` (absolute path): its first line, without spaces. */
export async function readApiKey(path: unknown): Promise<string> {
  if (typeof path !== 'string' || !isAbsolute(path)) throw new AppError('INVALID_ARGUMENTS', '--api-key-file needs an absolute path', 400);
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new AppError('INVALID_ARGUMENTS', `--api-key-file ${path} cannot be read (${error.code ?? String(error)})`, 400);
  });
  const key = text.split(/\r?\n/)[0]?.trim() ?? '';
  if (key === '') throw new AppError('INVALID_ARGUMENTS', `--api-key-file ${path} is empty: put the secret API key on its first line`, 400);
  return key;
}
