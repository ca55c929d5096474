import { AppError } from '../errors.js';
import type { ServiceContext } from '../services/context.js';
import type { Repositories, RoleRow } from '../storage/types.js';
import { SEEDED_ROLE_IDS } from '../storage/seed.js';
import { type ExportFile, SECTION_NAMES, type SectionName } from './export-format.js';
import { conflictLine, type Decision, decide, decisionLines } from './import-decide.js';
import { type ImportReport, rowLine } from './import-report.js';
import { type FileRow, SECTION_RULES } from './import-rules.js';
import type { ImportState } from './import-state.js';

/** Rows per transaction: small enough that a serving process stays responsive, large enough to be quick. */
export const BATCH_ROWS = 500;

/** Where an import stands: rows handled so far of all rows in the file. */
export interface ImportProgress {
  section: SectionName;
  done: number;
  total: number;
}

/** Told after every committed batch. */
export type ProgressListener = (progress: ImportProgress) => void;

/** How an apply pass runs. */
export interface ApplyOptions {
  failOnConflict: boolean;
  onProgress?: ProgressListener;
}

/** Every section in order, one transaction per batch; a row is decided inside the transaction that stores it. */
export async function applySections(
  ctx: ServiceContext,
  file: ExportFile,
  state: ImportState,
  report: ImportReport,
  options: ApplyOptions,
): Promise<void> {
  const total = SECTION_NAMES.reduce((sum, name) => sum + file[name].length, 0);
  let done = 0;
  for (const section of SECTION_NAMES) {
    const rows: readonly FileRow[] = file[section];
    for (let start = 0; start < rows.length; start += BATCH_ROWS) {
      const batch = rows.slice(start, start + BATCH_ROWS);
      const decisions = await ctx.storage.transaction((tx) => applyBatch(section, batch, tx, state, options.failOnConflict));
      for (const [i, row] of batch.entries()) record(report, section, row, decisions[i]!);
      done += batch.length;
      options.onProgress?.({ section, done, total });
    }
  }
}

async function applyBatch(
  section: SectionName,
  batch: readonly FileRow[],
  tx: Repositories,
  state: ImportState,
  failOnConflict: boolean,
): Promise<Decision[]> {
  const decisions: Decision[] = [];
  for (const row of batch) {
    const decision = await decide(section, row, tx, state);
    if (decision.outcome === 'imported') {
      await SECTION_RULES[section].insert(tx, decision.adapted.row);
      state.recordInsert(section, decision.adapted.row, decision.keys);
    } else if (failOnConflict && decision.outcome !== 'system') {
      // The dry run found no problem: the data changed since (a write through the running server).
      const line = conflictLine(section, row, decision);
      const message = `Import stopped: ${line}. The data changed during the import; batches before this one were kept`;
      throw new AppError('IMPORT_CONFLICT', message, 409);
    }
    decisions.push(decision);
  }
  return decisions;
}

function record(report: ImportReport, section: SectionName, row: FileRow, decision: Decision): void {
  if (decision.outcome !== 'system') report.count(section, decision.outcome);
  for (const line of decisionLines(section, row, decision)) report.line(line);
}

/**
 * The site settings and the seeded roles (@everyone, Team) are the board's defaults, not rows of
 * their own: taken from the file into a board without users, otherwise the board keeps its own.
 * `systemRoles` are the file's seeded roles the board had before the import.
 */
export async function applyDefaults(
  ctx: ServiceContext,
  file: ExportFile,
  systemRoles: readonly RoleRow[],
  emptyBoard: boolean,
  report: ImportReport,
): Promise<void> {
  const { settings } = file.header;
  if (settings === null) return;
  if (!emptyBoard) {
    report.settings = 'kept';
    for (const role of systemRoles) {
      report.count('roles', 'skipped');
      const kind = role.isSystem ? 'system' : 'seeded';
      report.line(rowLine('skipped', 'roles', role.name, role.id, `${kind} role: this board keeps its own (it already has users)`));
    }
    return;
  }
  await ctx.storage.transaction(async (tx) => {
    await tx.settings.update(settings);
    for (const { id, ...role } of systemRoles) await tx.roles.update(id, role);
  });
  report.settings = 'imported';
  for (const _role of systemRoles) report.count('roles', 'imported');
}

/** The file's seeded roles that the board already has (matched by their fixed ids). */
export async function existingSystemRoles(ctx: ServiceContext, roles: readonly RoleRow[]): Promise<RoleRow[]> {
  const found: RoleRow[] = [];
  for (const role of roles) {
    if (SEEDED_ROLE_IDS.has(role.id) && (await ctx.storage.roles.get(role.id)) !== undefined) found.push(role);
  }
  return found;
}
