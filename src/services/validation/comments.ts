import { validationError } from '../../errors.js';
import { type Body, optionalUuid, rejectNul, requiredText } from './fields.js';
import type { QueryInput } from './query.js';

/** The body rule of API.md §4.11.2 rows 2–4 (also rows 3–5 of §4.11.3). */
const BODY_RULE = { missing: 'COMMENT_BODY_MISSING', tooLong: 'COMMENT_BODY_TOO_LONG', max: 1000 } as const;

/** Which comments an activity list shows: `public` = not internal, `internal` = internal. */
export type CommentVisibility = 'public' | 'internal';
const VISIBILITIES: readonly CommentVisibility[] = ['public', 'internal'];

/** A validated `POST /posts/:post_id/comments` body. */
export interface NewCommentInput {
  body: string;
  isInternal: boolean;
  parentId: string | null;
}

/** A validated `PUT` body: the body text always, the flags only when sent. */
export interface CommentChanges {
  body: string;
  isInternal?: boolean;
  isSpam?: boolean;
}

/** Rows 2–6 of §4.11.2 in order: body type, missing, too long, `is_internal`, `parent_id`; null = omitted (create route). */
export function parseNewComment(input: Body): NewCommentInput {
  const body = requiredText(input.body, 'body', BODY_RULE);
  const omitted = input.is_internal === undefined || input.is_internal === null;
  const isInternal = omitted ? false : parseBoolean(input.is_internal, 'is_internal');
  return { body, isInternal, parentId: optionalUuid(input.parent_id, 'parent_id') };
}

/** Rows 3–7 of §4.11.3 in order; a flag sent as null is a type error (API.md §1.15.6). */
export function parseCommentChanges(input: Body): CommentChanges {
  const changes: CommentChanges = { body: requiredText(input.body, 'body', BODY_RULE) };
  if (input.is_internal !== undefined) changes.isInternal = parseBoolean(input.is_internal, 'is_internal');
  if (input.is_spam !== undefined) changes.isSpam = parseBoolean(input.is_spam, 'is_spam');
  return changes;
}

/**
 * The `visibility` query parameter of §4.11.1: comma-separated and/or repeated values, each
 * `public` or `internal` (any case); an empty value counts as absent (API.md §1.2); `public` when none.
 */
export function parseCommentVisibility(value: QueryInput[string]): Set<CommentVisibility> {
  const asked = new Set<CommentVisibility>();
  for (const text of typeof value === 'string' ? [value] : (value ?? [])) {
    if (text === '') continue;
    rejectNul('visibility', text);
    for (const part of text.split(',')) asked.add(visibilityValue(part));
  }
  return asked.size === 0 ? new Set(['public']) : asked;
}

function visibilityValue(text: string): CommentVisibility {
  const match = VISIBILITIES.find((visibility) => visibility === text.toLowerCase());
  if (!match) throw validationError('visibility', `must be one of: ${VISIBILITIES.join(', ')}`);
  return match;
}

function parseBoolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw validationError(path, 'must be a boolean');
  return value;
}
