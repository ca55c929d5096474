import type { ImportSummary } from '../../admin/import-report.js';
import { type Column, printLines, printTable } from '../admin/output.js';
import type { CliIo } from '../io.js';

type Row = [string, { imported: number; skipped: number; refused: number }];

const COLUMNS: ReadonlyArray<Column<Row>> = [
  { title: 'SECTION', cell: ([name]) => name },
  { title: 'IMPORTED', cell: ([, counts]) => String(counts.imported), alignRight: true },
  { title: 'SKIPPED', cell: ([, counts]) => String(counts.skipped), alignRight: true },
  { title: 'REFUSED', cell: ([, counts]) => String(counts.refused), alignRight: true },
];

const SETTINGS_TEXT: Record<ImportSummary['settings'], string> = {
  imported: 'Settings and the @everyone and Team roles: taken from the file (the board had no users).',
  kept: 'Settings and the @everyone and Team roles: this board kept its own (it already had users).',
  absent: 'Settings: none in the file; the board kept its own.',
};

/** The report lines, then a table of counts per section, then what became of the settings. */
export function printImportSummary(io: CliIo, file: string, summary: ImportSummary): void {
  printLines(io, ...summary.lines);
  if (summary.linesLeftOut > 0) printLines(io, `… and ${summary.linesLeftOut} more lines like these (--json lists the counts)`);
  if (summary.lines.length > 0) printLines(io, '');
  printLines(io, `Imported from ${file}:`);
  printTable(io, COLUMNS, Object.entries(summary.counts), 'No rows.');
  printLines(io, SETTINGS_TEXT[summary.settings]);
  if (summary.unknownSections.length > 0) {
    printLines(io, `Not read (written by a newer feedbackd?): ${summary.unknownSections.join(', ')}.`);
  }
}

/** Rows handled in all: the final figure of the progress display. */
export function rowsHandled(summary: ImportSummary): number {
  return Object.values(summary.counts).reduce((sum, counts) => sum + counts.imported + counts.skipped + counts.refused, 0);
}
