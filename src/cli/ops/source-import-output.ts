import type { SourceCounts, SourceImportSummary } from '../../admin/import-from/source-report.js';
import { type Column, printLines, printTable } from '../admin/output.js';
import type { CliIo } from '../io.js';

type Row = [string, SourceCounts];

const COLUMNS: ReadonlyArray<Column<Row>> = [
  { title: 'SECTION', cell: ([name]) => name },
  { title: 'NEW', cell: ([, counts]) => String(counts.created), alignRight: true },
  { title: 'ALREADY HERE', cell: ([, counts]) => String(counts.alreadyImported), alignRight: true },
  { title: 'SKIPPED', cell: ([, counts]) => String(counts.skipped), alignRight: true },
];

/** The changed and skipped rows, the statuses' roadmaps, the people, what was left out, then the counts. */
export function printSourceSummary(io: CliIo, summary: SourceImportSummary): void {
  printLines(io, ...summary.lines);
  if (summary.linesLeftOut > 0) printLines(io, `… and ${summary.linesLeftOut} more lines like these`);
  if (summary.lines.length > 0) printLines(io, '');
  if (summary.statusMapping.length > 0) {
    printLines(io, 'Statuses → roadmaps (change with --status-map "status=Roadmap,status=none"):');
    for (const row of summary.statusMapping) {
      const target = row.roadmap === null ? 'no roadmap' : `${row.roadmap} (${row.roadmapIs === 'existing' ? 'already here' : 'new'})`;
      printLines(io, `  ${row.status} → ${target}: ${row.posts} post(s)`);
    }
    printLines(io, '');
  }
  const { people } = summary;
  printLines(
    io,
    `People: ${people.created} new account(s) without a password, ${people.matched} matched by email, ` +
      `${people.alreadyImported} imported before, ${people.placeholders} placeholder(s) for people the source does not name. ${summary.dryRun ? 'Nobody would be mailed.' : 'Nobody was mailed.'}`,
  );
  if (summary.images.created + summary.images.alreadyHere > 0) {
    const stored = summary.dryRun ? 'to be stored' : 'stored';
    printLines(io, `Images: ${summary.images.created} ${stored} as uploads, ${summary.images.alreadyHere} here already.`);
  }
  if (!summary.boardHasOwner) {
    printLines(
      io,
      'This board has no owner yet. If your own address was in the source, it now belongs to an imported account and setup',
      'would refuse it: set the board up (feedbackd init) before importing, so that your account is matched by email.',
    );
  }
  if (summary.leftOut.length > 0) printLines(io, 'What the source has that is not imported:', ...summary.leftOut.map((line) => `  - ${line}`));
  printLines(io, summary.dryRun ? `Dry run from ${summary.from}: nothing was written. A real run would do this:` : `Imported from ${summary.from}:`);
  printTable(io, COLUMNS, Object.entries(summary.counts), 'Nothing to import.');
}
