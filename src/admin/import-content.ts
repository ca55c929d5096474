import { fieldProblem, ROW_RULES, type RowRules, SETTINGS_RULES } from '../services/validation/row-rules.js';
import { invalidFile } from './backup-format.js';
import type { SectionName } from './export-format.js';

/** The rules of the stored rows each section becomes (a comment's `activityId` is the export's own: its type is checked). */
export const SECTION_ROW_RULES: Readonly<Record<SectionName, RowRules>> = {
  users: ROW_RULES.users,
  roles: ROW_RULES.roles,
  roleAssignments: ROW_RULES.userRoles,
  boards: ROW_RULES.boards,
  roadmaps: ROW_RULES.roadmaps,
  posts: ROW_RULES.posts,
  votes: ROW_RULES.votes,
  comments: ROW_RULES.comments,
  postMerges: ROW_RULES.postMerges,
  changelogEntries: ROW_RULES.changelogEntries,
  changelogLinks: ROW_RULES.changelogLinks,
  tags: ROW_RULES.tags,
  postTags: ROW_RULES.postTags,
};

/**
 * Refuses the file when a row of the section breaks the API's rules for what it holds (url
 * format, reserved urls, colours, lengths, permissions, emails, bcrypt hashes, text no engine can
 * store…), as a row of the wrong type is refused: the file is hand-made or damaged.
 */
export function checkSectionContent(path: string, name: SectionName, rows: readonly unknown[]): void {
  for (const [index, row] of rows.entries()) refuseProblem(path, `${name}[${index}]`, SECTION_ROW_RULES[name], row);
}

/** Refuses the file when its settings break the API's rules for them. */
export function checkSettingsContent(path: string, settings: unknown): void {
  refuseProblem(path, 'settings', SETTINGS_RULES, settings);
}

function refuseProblem(path: string, where: string, rules: RowRules, row: unknown): void {
  const found = fieldProblem(rules, row, 'present');
  if (!found) return;
  const field = found.field === null ? '' : ` field ${found.field}:`;
  throw invalidFile(path, `is not a valid export: ${where}${field} ${found.problem}`);
}
