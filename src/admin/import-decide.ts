import { SEEDED_ROLE_IDS } from '../storage/seed.js';
import type { Repositories } from '../storage/types.js';
import type { SectionName } from './export-format.js';
import { rowLine } from './import-report.js';
import { type Adapted, type FileRow, SECTION_RULES, type UniqueKey } from './import-rules.js';
import type { ImportState } from './import-state.js';

/**
 * What becomes of one row of the file: imported (possibly adapted), skipped (its id is already
 * there, or a unique key is taken), refused (a reference it needs is missing), or `system` (a
 * seeded role, @everyone or Team, the board already has: it follows the settings rule).
 */
export type Decision =
  | { outcome: 'imported'; adapted: Adapted; keys: UniqueKey[] }
  | { outcome: 'skipped' | 'refused'; reason: string }
  | { outcome: 'system' };

/** Decides a row against the storage as `tx` sees it and the rows this pass already took. */
export async function decide(section: SectionName, row: FileRow, tx: Repositories, state: ImportState): Promise<Decision> {
  const rule = SECTION_RULES[section];
  if (await state.isAvailable(section, row.id, tx)) {
    if (section === 'roles' && SEEDED_ROLE_IDS.has(row.id)) return { outcome: 'system' };
    return { outcome: 'skipped', reason: 'a row with this id is already there' };
  }
  const keys = rule.uniques(row);
  for (const key of keys) {
    if (state.isClaimed(key) || (await key.taken(tx))) {
      return { outcome: 'skipped', reason: `${key.rule} "${key.value}" is already taken` };
    }
  }
  const adapted = await rule.adapt(row, tx, state);
  if ('refused' in adapted) return { outcome: 'refused', reason: adapted.refused };
  return { outcome: 'imported', adapted, keys };
}

/** The report lines of a decision: its reason, or the changes made to an imported row. */
export function decisionLines(section: SectionName, row: FileRow, decision: Decision): string[] {
  const label = SECTION_RULES[section].label(row);
  if (decision.outcome === 'system') return [];
  if (decision.outcome !== 'imported') return [rowLine(decision.outcome, section, label, row.id, decision.reason)];
  return decision.adapted.notes.map((note) => rowLine('changed', section, label, row.id, note));
}

/** Why a row stops an import with `--on-conflict fail`; null when it does not. */
export function conflictLine(section: SectionName, row: FileRow, decision: Decision): string | null {
  if (decision.outcome !== 'skipped' && decision.outcome !== 'refused') return null;
  return rowLine(null, section, SECTION_RULES[section].label(row), row.id, decision.reason);
}
