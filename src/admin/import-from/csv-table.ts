import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { SourceError } from './source-model.js';

/** A spreadsheet read whole: its header row and its rows (each as long as the header). */
export interface CsvTable {
  header: string[];
  rows: string[][];
}

/** A zip archive starts with these bytes (a Fider backup, an xlsx): not a CSV. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Reads a CSV file: UTF-8 with or without a byte order mark, fields separated by commas,
 * semicolons (spreadsheets in many languages) or tabs, whichever the header row uses; quoted
 * fields may hold separators, quotes and line breaks.
 */
export async function readCsvTable(path: string, name: string): Promise<CsvTable> {
  const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
    throw new SourceError(name, `cannot be read (${error.code ?? String(error)})`);
  });
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw new SourceError(name, 'is a zip archive, not a CSV file (a Fider backup is imported with --from fider)');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SourceError(name, 'is not UTF-8 text: save the spreadsheet as "CSV UTF-8"');
  }
  if (text.includes('\u0000')) throw new SourceError(name, 'is not a CSV file (it holds binary data)');
  let records: string[][];
  try {
    records = parse(text, { bom: true, delimiter: delimiterOf(text), skip_empty_lines: true });
  } catch (error) {
    const { lines, message } = error as { lines?: number; message: string };
    throw new SourceError(lines === undefined ? name : `${name} line ${lines}`, `is not valid CSV (${message})`);
  }
  const [header, ...rows] = records;
  if (!header || header.every((cell) => cell.trim() === '')) throw new SourceError(name, 'is empty: it needs a header row naming the columns');
  return { header: header.map((cell) => cell.trim()), rows };
}

/** The separator the header row uses most, outside quotes. */
function delimiterOf(text: string): string {
  const counts = new Map<string, number>([[',', 0], [';', 0], ['\t', 0]]);
  let quoted = false;
  for (const char of text.replace(/^\uFEFF/, '')) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}
