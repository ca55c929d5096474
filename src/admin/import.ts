import { isAbsolute } from 'node:path';
import { AppError } from '../errors.js';
import type { ServiceContext } from '../services/context.js';
import { type ExportFile, SECTION_NAMES } from './export-format.js';
import { applyDefaults, applySections, existingSystemRoles, type ProgressListener } from './import-apply.js';
import { conflictLine, decide } from './import-decide.js';
import { readExportFile } from './import-file.js';
import { ImportReport, type ImportSummary, importConflicts } from './import-report.js';
import { ImportState } from './import-state.js';

/** What to do with a row whose id is already there, or whose unique key is taken: skip it, or import nothing. */
export type ConflictPolicy = 'skip' | 'fail';

/** What `import` is asked for. */
export interface ImportArgs {
  /** Absolute path of the export file. */
  file: string;
  onConflict: ConflictPolicy;
}

/** The import arguments as they arrive (possibly over the control socket). */
export function parseImportArgs(args: unknown): ImportArgs {
  const { file, onConflict = 'skip' } = (args ?? {}) as Record<string, unknown>;
  if (typeof file !== 'string' || !isAbsolute(file)) throw new AppError('INVALID_ARGUMENTS', 'import needs an absolute "file" path', 400);
  if (onConflict !== 'skip' && onConflict !== 'fail') {
    throw new AppError('INVALID_ARGUMENTS', `--on-conflict must be skip or fail, not "${String(onConflict)}"`, 400);
  }
  return { file, onConflict };
}

/**
 * The `import` operation: reads and checks the whole file, then (with `fail`, after a dry run
 * found no conflict) stores its rows section by section, one transaction per batch.
 */
export async function importData(ctx: ServiceContext, args: unknown, onProgress?: ProgressListener): Promise<ImportSummary> {
  const { file: path, onConflict } = parseImportArgs(args);
  const { file, unknownSections } = await readExportFile(path);
  if (onConflict === 'fail') await refuseOnProblems(ctx, file);
  const emptyBoard = (await ctx.storage.users.count()) === 0;
  const systemRoles = await existingSystemRoles(ctx, file.roles);
  const report = new ImportReport();
  const options = { failOnConflict: onConflict === 'fail', ...(onProgress ? { onProgress } : {}) };
  await applySections(ctx, file, new ImportState(), report, options);
  await applyDefaults(ctx, file, systemRoles, emptyBoard, report);
  ctx.logger.info({ file: path, counts: report.summary([]).counts }, 'import finished');
  return report.summary(unknownSections);
}

/** The dry run of `--on-conflict fail`: decides every row against the data as it is, writing nothing. */
async function refuseOnProblems(ctx: ServiceContext, file: ExportFile): Promise<void> {
  const state = new ImportState();
  const problems: string[] = [];
  for (const section of SECTION_NAMES) {
    for (const row of file[section]) {
      const decision = await decide(section, row, ctx.storage, state);
      if (decision.outcome === 'imported') state.recordInsert(section, decision.adapted.row, decision.keys);
      const problem = conflictLine(section, row, decision);
      if (problem) problems.push(problem);
    }
  }
  if (problems.length > 0) throw importConflicts(problems);
}
