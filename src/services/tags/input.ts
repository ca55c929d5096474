/*
 * The fields of a tag as the API and the CLI send them (issue 31 §1), each parsed to what is
 * stored or refused with the error the OpenAPI document names. Row rules (restore, import) are
 * built from the same parsers.
 */
import { randomBytes } from 'node:crypto';
import { validationError } from '../../errors.js';
import { parseBoolean, parseHexColor } from '../validation/colors-urls.js';
import { type Body, optionalUuidArray, requiredText } from '../validation/fields.js';

export const TAG_NAME_RULE = { missing: 'TAG_NAME_MISSING', tooLong: 'TAG_NAME_TOO_LONG', max: 40 } as const;
/** Tags one post may carry, and tags one `POST /posts/get` may ask for. */
export const MAX_POST_TAGS = 50;

/** The writable fields; an absent key leaves the stored value as it is (PATCH). */
export interface TagFields {
  name?: string;
  color?: string;
  public?: boolean;
}

/**
 * Checked in this order, the OpenAPI document lists it: name, color, public. On create an absent
 * color is a random one and an absent `public` is true.
 */
export function parseTagFields(body: Body, mode: 'create' | 'patch'): TagFields {
  const fields: TagFields = {};
  if (mode === 'create' || body.name !== undefined) fields.name = parseTagName(body.name);
  if (body.color !== undefined) fields.color = parseTagColor(body.color);
  else if (mode === 'create') fields.color = randomBytes(3).toString('hex');
  if (body.public !== undefined) fields.public = parseBoolean(body.public, 'public');
  else if (mode === 'create') fields.public = true;
  return fields;
}

/** Trimmed, 1..40 characters. */
export function parseTagName(value: unknown): string {
  return requiredText(value, 'name', TAG_NAME_RULE);
}

/**
 * The rule of board and roadmap colours (6 hex digits, stored lower-case, without `#`); a leading
 * `#` is accepted and dropped, as colour pickers write `#1e90ff`.
 */
export function parseTagColor(value: unknown): string {
  const bare = typeof value === 'string' && value.startsWith('#') ? value.slice(1) : value;
  return parseHexColor(bare, 'color', 'TAG');
}

/** `tags` of `PUT /posts/:post_id/tags`: required, an array of tag ids (UUIDs), each once. */
export function parseTagIds(value: unknown, path = 'tags'): string[] {
  if (value === undefined || value === null) throw validationError(path, 'must be an array');
  return [...new Set(optionalUuidArray(value, path, MAX_POST_TAGS) ?? [])];
}
