import { AppError } from '../../errors.js';
import { fieldProblem } from '../../services/validation/row-rules.js';
import { SECTION_NAMES, type ExportSections } from '../export-format.js';
import { SECTION_ROW_RULES } from '../import-content.js';

/**
 * Checks every row the conversion made against the rules of the stored rows, as an export file's
 * are checked: a value the conversion did not fit (a source stranger than its reader expected)
 * stops the import before anything is written, naming the row.
 */
export function checkRows(sections: ExportSections): void {
  for (const name of SECTION_NAMES) {
    for (const row of sections[name]) {
      const found = fieldProblem(SECTION_ROW_RULES[name], row, 'present');
      if (!found) continue;
      const field = found.field === null ? '' : ` field ${found.field}`;
      throw new AppError('IMPORT_SOURCE_INVALID', `The source cannot be imported: ${name} row ${(row as { id: string }).id}${field} ${found.problem}`, 400);
    }
  }
}
