import type { CliIo } from '../io.js';

/*
 * How admin commands print: JSON with --json (for scripts), else plain aligned text for people.
 * Cells are made single-line and stripped of control characters, so stored text (names, titles)
 * can neither break a table's rows nor send escape sequences to the terminal.
 */

/** One column of a table: its heading and how to get a row's cell. */
export interface Column<Row> {
  title: string;
  cell(row: Row): string;
  /** Numbers read best aligned right. */
  alignRight?: boolean;
}

/** Prints a value as indented JSON (one document, then a newline). */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Prints rows under a header, each column as wide as its widest cell, two spaces apart. */
export function printTable<Row>(io: CliIo, columns: ReadonlyArray<Column<Row>>, rows: readonly Row[], whenEmpty: string): void {
  // A header alone reads like a failure: say there is nothing.
  if (rows.length === 0) {
    io.stdout.write(`${whenEmpty}\n`);
    return;
  }
  const cells = [columns.map((column) => column.title), ...rows.map((row) => columns.map((column) => clean(column.cell(row))))];
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => width(line[index]!))));
  for (const line of cells) {
    const padded = line.map((cell, index) => pad(cell, widths[index]!, columns[index]!.alignRight === true));
    io.stdout.write(`${padded.join('  ').trimEnd()}\n`);
  }
}

/** Prints `label: value` lines with the values aligned, for one record. */
export function printFields(io: CliIo, fields: ReadonlyArray<readonly [string, string]>): void {
  const labelWidth = Math.max(...fields.map(([label]) => width(label))) + 1;
  for (const [label, value] of fields) io.stdout.write(`${pad(`${label}:`, labelWidth, false)}  ${clean(value)}\n`);
}

/** Writes lines of text to stdout. */
export function printLines(io: CliIo, ...lines: string[]): void {
  for (const line of lines) io.stdout.write(`${line}\n`);
}

/** `1 post`, `3 posts`. */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

/** Control characters (newlines, tabs, ESC…) become spaces. */
function clean(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}

/** Width in code points: close enough for the letters names are made of. */
function width(text: string): number {
  return [...text].length;
}

function pad(text: string, size: number, alignRight: boolean): string {
  const fill = ' '.repeat(Math.max(size - width(text), 0));
  return alignRight ? fill + text : text + fill;
}
