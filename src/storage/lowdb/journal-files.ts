import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corruptDatabase } from './errors.js';
import { entryProblem, type JournalEntry } from './journal-format.js';

/** One journal file; a higher number holds later transactions. */
export interface JournalFile {
  n: number;
  path: string;
}

/** The valid entries of one journal file, each with its line number. */
export interface JournalContents {
  file: JournalFile;
  entries: Array<{ entry: JournalEntry; line: number }>;
  /** Length of the valid part; a torn last line starts here. */
  goodBytes: number;
  /** Line number of a torn last line that was left out. */
  tornLine?: number;
}

const JOURNAL_NAME = /^journal-(\d+)\.jsonl$/;

/** Path of journal file number `n`. */
export function journalPath(dataDir: string, n: number): string {
  return join(dataDir, `journal-${n}.jsonl`);
}

/** The journal files in the data directory, oldest first. */
export async function listJournals(dataDir: string): Promise<JournalFile[]> {
  const files: JournalFile[] = [];
  for (const name of await readdir(dataDir)) {
    const match = JOURNAL_NAME.exec(name);
    if (match) files.push({ n: Number(match[1]), path: join(dataDir, name) });
  }
  return files.sort((a, b) => a.n - b.n);
}

/**
 * Reads and checks a journal file. Only the last line of the newest file may be torn (a crash in
 * the middle of an append): it is left out. Anything else unreadable is an error naming the line.
 */
export async function readJournal(file: JournalFile, isNewest: boolean): Promise<JournalContents> {
  const buffer = await readFile(file.path);
  const contents: JournalContents = { file, entries: [], goodBytes: 0 };
  let start = 0;
  for (let line = 1; start < buffer.length; line++) {
    const newline = buffer.indexOf(0x0a, start);
    const end = newline === -1 ? buffer.length : newline + 1;
    if (newline === -1) {
      // The newline is the last byte an append writes: without it, the write never finished.
      if (isNewest) return { ...contents, tornLine: line };
      throw corruptDatabase(`${file.path} line ${line}`, 'the line is incomplete');
    }
    const value = parseLine(buffer.toString('utf8', start, end));
    if (value === undefined) throw damagedLine(file, line, contents.goodBytes, isNewest && end === buffer.length);
    const problem = entryProblem(value);
    if (problem) throw corruptDatabase(`${file.path} line ${line}`, problem);
    contents.entries.push({ entry: value as JournalEntry, line });
    start = end;
    contents.goodBytes = end;
  }
  return contents;
}

/**
 * A whole line that is not JSON was written, fsync'd and acknowledged, then damaged on disk (bit
 * flip, NULs after a power loss): dropping it would lose a write silently, so the open is refused.
 */
function damagedLine(file: JournalFile, line: number, goodBytes: number, isLast: boolean) {
  const problem = 'the line is not valid JSON, yet it was written whole: a write that was acknowledged was damaged on disk';
  if (!isLast) return corruptDatabase(`${file.path} line ${line}`, problem);
  return corruptDatabase(
    `${file.path} line ${line}`,
    `${problem}. To give up that one write and keep everything before it, cut the file back with \`truncate -s ${goodBytes} ${file.path}\``,
  );
}

function parseLine(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
