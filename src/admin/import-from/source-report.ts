import { SECTION_NAMES, type SectionName } from '../export-format.js';
import type { StatusMapping } from './source-catalog.js';
import type { SourceTool } from './source-model.js';
import type { PeopleCounts } from './source-people.js';
import type { Converted } from './source-to-rows.js';

/** What became of one section's rows: made now, already here from an earlier run, or skipped (with a report line). */
export interface SourceCounts {
  created: number;
  alreadyImported: number;
  skipped: number;
}

/** The result of `import --from`, as the CLI prints it. */
export interface SourceImportSummary {
  from: SourceTool;
  /** True: nothing was written; the counts say what a real run would do. */
  dryRun: boolean;
  counts: Record<string, SourceCounts>;
  people: PeopleCounts;
  statusMapping: StatusMapping[];
  /** Roadmaps and tags that were here already and now hold imported posts. */
  matched: { roadmaps: number; tags: number };
  /** What the source holds that feedbackd does not take. */
  leftOut: string[];
  /** Skipped rows and changed texts, one line each (at most MAX_LINES). */
  lines: string[];
  linesLeftOut: number;
  /** The source's images stored as uploads (created), or found here already (a rerun). */
  images: { created: number; alreadyHere: number };
  /** False when the board had no owner: the owner's own address may now belong to an imported account. */
  boardHasOwner: boolean;
}

const MAX_LINES = 200;

/** Collects the outcome of an import from another board. */
export class SourceReport {
  private readonly counts = Object.fromEntries(SECTION_NAMES.map((name) => [name, { created: 0, alreadyImported: 0, skipped: 0 }])) as Record<SectionName, SourceCounts>;
  private readonly lines: string[] = [];
  private leftOutLines = 0;
  private people: PeopleCounts = { created: 0, matched: 0, alreadyImported: 0, placeholders: 0 };
  private statusMapping: StatusMapping[] = [];
  private matched = { roadmaps: 0, tags: 0 };
  boardHasOwner = true;
  images = { created: 0, alreadyHere: 0 };

  constructor(
    private readonly from: SourceTool,
    private readonly leftOut: string[],
    private readonly dryRun: boolean,
  ) {}

  converted(converted: Converted): void {
    this.people = converted.people;
    this.statusMapping = converted.statusMapping;
    this.matched = converted.matched;
    for (const note of converted.notes) this.line(note);
  }

  count(section: SectionName, outcome: keyof SourceCounts): void {
    this.counts[section][outcome] += 1;
  }

  line(text: string): void {
    if (this.lines.length < MAX_LINES) this.lines.push(text);
    else this.leftOutLines += 1;
  }

  summary(): SourceImportSummary {
    const counts = Object.fromEntries(Object.entries(this.counts).filter(([, c]) => c.created + c.alreadyImported + c.skipped > 0));
    return {
      from: this.from,
      dryRun: this.dryRun,
      counts,
      people: this.people,
      statusMapping: this.statusMapping,
      matched: this.matched,
      leftOut: this.leftOut,
      lines: this.lines,
      linesLeftOut: this.leftOutLines,
      boardHasOwner: this.boardHasOwner,
      images: this.images,
    };
  }
}
