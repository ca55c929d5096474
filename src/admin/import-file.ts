import type { SettingsRow } from '../storage/types.js';
import { checkFormat, invalidFile, readJsonObject } from './backup-format.js';
import { parentsFirst } from './export-comments.js';
import { checkObject, checkRows } from './export-fields.js';
import { checkSectionContent, checkSettingsContent } from './import-content.js';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportedComment,
  type ExportFile,
  type ExportHeader,
  type ExportSections,
  SECTION_FIELDS,
  SECTION_NAMES,
  SETTINGS_FIELDS,
  sectionsOf,
} from './export-format.js';

/** Top-level fields that are not sections (the same in every version). */
const HEADER_FIELDS = new Set(['format', 'version', 'feedbackdVersion', 'exportedAt', 'includesPasswordHashes', 'counts', 'settings']);

/** An export file, checked; `unknownSections` lists top-level fields this version does not read. */
export interface ReadExport {
  file: ExportFile;
  unknownSections: string[];
}

/**
 * Reads and checks an export file before anything is written: the format, a version this code
 * reads, the settings, and every row's fields, their types and the API's rules for their values.
 * A wrong row refuses the whole file.
 * Sections the file's version does not have are empty (a version-1 file has no comments); comments
 * are put parents first, so a reply listed before its parent is still imported.
 */
export async function readExportFile(path: string): Promise<ReadExport> {
  const doc = await readJsonObject(path);
  const version = checkFormat(path, doc, EXPORT_FORMAT, EXPORT_VERSION);
  const settings = doc.settings === undefined ? null : checkObject<SettingsRow>(path, 'settings', doc.settings, SETTINGS_FIELDS);
  if (settings !== null) checkSettingsContent(path, settings);
  const read = sectionsOf(version);
  const sections = {} as Record<string, unknown[]>;
  for (const name of read) {
    sections[name] = checkRows(path, name, doc[name], SECTION_FIELDS[name]);
    checkSectionContent(path, name, sections[name]);
  }
  checkCounts(path, doc.counts, sections);
  for (const name of SECTION_NAMES) sections[name] ??= [];
  sections.comments = parentsFirst(sections.comments as ExportedComment[]);
  const header: ExportHeader = {
    format: EXPORT_FORMAT,
    version,
    feedbackdVersion: String(doc.feedbackdVersion ?? 'unknown'),
    exportedAt: String(doc.exportedAt ?? 'unknown'),
    includesPasswordHashes: doc.includesPasswordHashes === true,
    counts: Object.fromEntries(SECTION_NAMES.map((name) => [name, sections[name]!.length])),
    settings,
  };
  const unknownSections = Object.keys(doc).filter((key) => !HEADER_FIELDS.has(key) && !read.includes(key as never));
  return { file: { header, ...(sections as unknown as ExportSections) }, unknownSections };
}

/** When the file states counts, each section must hold that many rows (a cut or edited file is refused). */
function checkCounts(path: string, counts: unknown, sections: Record<string, unknown[]>): void {
  if (counts === undefined) return;
  if (typeof counts !== 'object' || counts === null) throw invalidFile(path, 'is not a valid export: "counts" must be an object');
  for (const [name, count] of Object.entries(counts)) {
    const rows = sections[name];
    if (rows && rows.length !== count) {
      throw invalidFile(path, `has ${rows.length} rows in section ${name} where "counts" says ${String(count)}: the file is damaged`);
    }
  }
}
