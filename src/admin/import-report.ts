import { AppError } from '../errors.js';
import { SECTION_NAMES, type SectionName } from './export-format.js';

/** What happened to one row: stored; skipped (already there, or a unique key taken); refused (a reference missing). */
export type Outcome = 'imported' | 'skipped' | 'refused';

/** Rows per outcome, for one section. */
export type SectionCounts = Record<Outcome, number>;

/** The result of an import, as the CLI prints it. */
export interface ImportSummary {
  counts: Record<string, SectionCounts>;
  /** One line per skipped, refused or changed row (at most MAX_LINES). */
  lines: string[];
  /** Lines left out past MAX_LINES. */
  linesLeftOut: number;
  /** Settings and the seeded roles (@everyone, Team): taken from the file (into a board without users), kept, or absent from the file. */
  settings: 'imported' | 'kept' | 'absent';
  /** Top-level fields of the file this version does not read (sections of a later feedbackd). */
  unknownSections: string[];
}

/** More report lines than this are counted, not listed: re-importing a big file would print one per row. */
const MAX_LINES = 200;

/** Collects outcomes and report lines while an import runs. */
export class ImportReport {
  private readonly counts = Object.fromEntries(
    SECTION_NAMES.map((name) => [name, { imported: 0, skipped: 0, refused: 0 }]),
  ) as Record<SectionName, SectionCounts>;
  private readonly lines: string[] = [];
  private leftOut = 0;
  settings: ImportSummary['settings'] = 'absent';

  /** Counts one row's outcome. */
  count(section: SectionName, outcome: Outcome): void {
    this.counts[section][outcome] += 1;
  }

  /** Adds a report line. */
  line(text: string): void {
    if (this.lines.length < MAX_LINES) this.lines.push(text);
    else this.leftOut += 1;
  }

  summary(unknownSections: string[]): ImportSummary {
    return { counts: this.counts, lines: this.lines, linesLeftOut: this.leftOut, settings: this.settings, unknownSections };
  }
}

/** The line for a row: `skipped users ada@example.org (<id>): email "…" is already taken`. */
export function rowLine(outcome: Outcome | 'changed' | null, section: SectionName, label: string, id: string, reason: string): string {
  const name = label === id ? id : `${label} (${id})`;
  return `${outcome === null ? '' : `${outcome} `}${section} ${name}: ${reason}`;
}

/** With `--on-conflict fail`: the rows that stop the import, found before anything was written. */
export function importConflicts(problems: readonly string[]): AppError {
  const shown = problems.slice(0, 20).map((problem) => `  ${problem}`);
  if (problems.length > shown.length) shown.push(`  … and ${problems.length - shown.length} more`);
  return new AppError(
    'IMPORT_CONFLICT',
    `Import stopped before writing anything: ${problems.length} row(s) cannot be imported as they are ` +
      `(--on-conflict fail):\n${shown.join('\n')}\nUse --on-conflict skip to import the other rows and skip these.`,
    409,
  );
}
