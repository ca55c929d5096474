/*
 * The fields of a changelog entry as the API and the CLI send them (issue 30 §1), each parsed to
 * what is stored or refused with the error the OpenAPI document names. Row rules (restore, import)
 * are built from the same parsers.
 */
import { appError, validationError } from '../../errors.js';
import { CHANGELOG_LABELS } from '../../storage/enumerations.js';
import type { ChangelogLabel } from '../../storage/types.js';
import { MAX_CONTENT_LENGTH } from '../posts.js';
import { type Body, codePointLength, optionalString, optionalUuid, optionalUuidArray, requiredText } from '../validation/fields.js';

export const CHANGELOG_TITLE_RULE = { missing: 'CHANGELOG_TITLE_MISSING', tooLong: 'CHANGELOG_TITLE_TOO_LONG', max: 200 } as const;
/** Posts one entry may link: a release note names a handful, never the whole board. */
export const MAX_LINKED_POSTS = 100;

/** The writable fields; an absent key leaves the stored value as it is (PATCH). */
export interface EntryFields {
  title?: string;
  contentMarkdown?: string | null;
  labels?: ChangelogLabel[];
  postIds?: string[];
  moveToRoadmapId?: string | null;
}

/** Checked in this order, the OpenAPI document lists it: title, contentMarkdown, labels, postIds, moveToRoadmapId. */
export function parseEntryFields(body: Body, mode: 'create' | 'patch'): EntryFields {
  const fields: EntryFields = {};
  if (mode === 'create' || body.title !== undefined) fields.title = parseChangelogTitle(body.title);
  if (body.contentMarkdown !== undefined) fields.contentMarkdown = parseChangelogContent(body.contentMarkdown);
  if (body.labels !== undefined) fields.labels = parseLabels(body.labels);
  if (body.postIds !== undefined) fields.postIds = parsePostIds(body.postIds);
  if (body.moveToRoadmapId !== undefined) fields.moveToRoadmapId = optionalUuid(body.moveToRoadmapId, 'moveToRoadmapId');
  return fields;
}

export function parseChangelogTitle(value: unknown): string {
  return requiredText(value, 'title', CHANGELOG_TITLE_RULE);
}

/** Verbatim, blank = null, at most the post content limit (50,000 characters). */
export function parseChangelogContent(value: unknown): string | null {
  const content = value === null ? undefined : optionalString(value, 'contentMarkdown');
  if (content === undefined || content.trim() === '') return null;
  if (codePointLength(content) > MAX_CONTENT_LENGTH) throw appError('CHANGELOG_CONTENT_TOO_LONG');
  return content;
}

/** Any of `new`, `improved`, `fixed`, each once, stored in that order whatever order they came in. */
export function parseLabels(value: unknown): ChangelogLabel[] {
  if (value === null) return [];
  if (!Array.isArray(value)) throw validationError('labels', 'must be an array');
  for (const [index, label] of value.entries()) {
    if (!(CHANGELOG_LABELS as readonly unknown[]).includes(label)) throw validationError(`labels.${index}`, `must be one of ${CHANGELOG_LABELS.join(', ')}`);
  }
  return CHANGELOG_LABELS.filter((label) => value.includes(label));
}

/** Post ids, each once, in the order given. */
export function parsePostIds(value: unknown): string[] {
  if (value === null) return [];
  return [...new Set(optionalUuidArray(value, 'postIds', MAX_LINKED_POSTS) ?? [])];
}

/** `publishAt` of POST /changelog/:id/publish: absent or null = now; else an ISO 8601 time with a zone. */
export function parsePublishAt(value: unknown): Date | null {
  if (value === undefined || value === null) return null;
  const text = optionalString(value, 'publishAt');
  const time = text !== undefined && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(time)) throw validationError('publishAt', 'must be an ISO 8601 date and time with a time zone, e.g. 2026-03-01T09:00:00Z');
  return new Date(time);
}
