import { randomBytes } from 'node:crypto';
import { appError, validationError } from '../errors.js';
import type { RoadmapRow } from '../storage/types.js';
import { type Body, codePointLength, isUuid, optionalString, rejectNul, requiredText } from './validation/fields.js';
import { parseBoolean, parseHexColor, parseUrlSlug } from './validation/colors-urls.js';

/*
 * Reading the inputs of the roadmap routes (API.md §4.7), field by field in each route's table
 * order, so the first failing row is the one reported.
 */

const DEFAULT_NAME = 'new roadmap';
const NAME_RULE = { missing: 'ROADMAP_NAME_MISSING', tooLong: 'ROADMAP_NAME_TOO_LONG', max: 50 } as const;
const VISIBILITIES = ['public', 'private'] as const;

/** One value of the `visibility` parameter. */
export type Visibility = (typeof VISIBILITIES)[number];

/** The fields of a new roadmap; `url` undefined = pick a default one. */
export interface NewRoadmapFields {
  name: string;
  url: string | undefined;
  color: string;
  display: boolean;
}

/** The fields a roadmap update writes; undefined = unchanged. */
export type RoadmapChanges = Partial<Pick<RoadmapRow, 'name' | 'url' | 'color' | 'display'>>;

/** `POST /roadmaps` rows 2–6: every field optional, `null` = omitted (API.md §1.7). */
export function parseNewRoadmap(body: Body): NewRoadmapFields {
  const name = optionalString(body.name, 'name')?.trim() || DEFAULT_NAME;
  if (codePointLength(name) > NAME_RULE.max) throw appError('ROADMAP_NAME_TOO_LONG');
  const url = isOmitted(body.url) ? undefined : parseUrlSlug(body.url, 'url', 'ROADMAP');
  const color = isOmitted(body.color) ? randomBytes(3).toString('hex') : parseHexColor(body.color, 'color', 'ROADMAP');
  const display = isOmitted(body.display) ? false : parseBoolean(body.display, 'display');
  return { name, url, color, display };
}

/** `PATCH /roadmaps` rows 3–12: omitted = unchanged; `null` gets each field's own error. */
export function parseRoadmapChanges(body: Body): RoadmapChanges {
  // Object literal properties are evaluated in order, which is the table's order.
  return {
    name: body.name === undefined ? undefined : requiredText(body.name, 'name', NAME_RULE),
    url: body.url === undefined ? undefined : parseUrlSlug(body.url, 'url', 'ROADMAP'),
    color: body.color === undefined ? undefined : parseHexColor(body.color, 'color', 'ROADMAP'),
    display: body.display === undefined ? undefined : parseBoolean(body.display, 'display'),
  };
}

/** `PATCH /roadmaps/sort` rows 2–3: the ids of `from` and `to` (their `index` is ignored). */
export function parseSwap(body: Body): { fromId: string; toId: string } {
  const fromId = roadmapReference(body.from, 'from');
  const toId = roadmapReference(body.to, 'to');
  return { fromId, toId };
}

/** Absent → `is required`; anything but an object, `null` included, → `must be an object` (API.md §1.15.6). */
function roadmapReference(value: unknown, path: string): string {
  if (value === undefined) throw validationError(path, 'is required');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw validationError(path, 'must be an object');
  const id: unknown = (value as Record<string, unknown>).id;
  const idPath = `${path}.id`;
  if (typeof id === 'string') rejectNul(idPath, id);
  if (!isUuid(id)) throw validationError(idPath, 'must be a UUID');
  return id.toLowerCase();
}

/**
 * The `visibility` query parameter: comma-separated and/or repeated values, each `public` or
 * `private` (any case); an empty value counts as absent (API.md §1.2); `public` when none is given.
 */
export function parseVisibility(value: string | readonly string[] | undefined): Set<Visibility> {
  const asked = new Set<Visibility>();
  for (const text of typeof value === 'string' ? [value] : (value ?? [])) {
    if (text === '') continue;
    rejectNul('visibility', text);
    for (const part of text.split(',')) asked.add(visibilityValue(part));
  }
  return asked.size === 0 ? new Set(['public']) : asked;
}

function visibilityValue(text: string): Visibility {
  const match = VISIBILITIES.find((visibility) => visibility === text.toLowerCase());
  if (!match) throw validationError('visibility', `must be one of: ${VISIBILITIES.join(', ')}`);
  return match;
}

/** Create routes: absent and `null` both mean "use the default". */
function isOmitted(value: unknown): boolean {
  return value === undefined || value === null;
}
