import { appError, validationError } from '../../errors.js';
import type { BoardRow } from '../../storage/types.js';
import { MAX_URL_LENGTH, parseBoolean, parseHexColor, parseUrlSlug, urlSlug } from './colors-urls.js';
import { type Body, codePointLength, optionalString, requiredText } from './fields.js';

const MAX_NAME_LENGTH = 50;
const MAX_DESCRIPTION_LENGTH = 300;
const DEFAULT_NAME = 'new board';

/** The fields of `POST /boards` once checked; an undefined url or color means "generate one". */
export interface NewBoardInput {
  name: string;
  url: string | undefined;
  color: string | undefined;
  display: boolean;
  viewVoters: boolean;
  description: string | null;
}

/** The fields `PATCH /boards` writes; omitted ones are left out. */
export type BoardChanges = Partial<Pick<BoardRow, 'name' | 'url' | 'color' | 'display' | 'viewVoters' | 'description'>>;

/** API.md §4.6.7 rows 2–7, in that order (null = omitted, as on every create route), then `description` (§8.9). */
export function parseNewBoard(body: Body): NewBoardInput {
  const name = optionalString(body.name, 'name')?.trim() || DEFAULT_NAME;
  if (codePointLength(name) > MAX_NAME_LENGTH) throw appError('BOARD_NAME_TOO_LONG');
  const url = isOmitted(body.url) ? undefined : parseUrlSlug(body.url, 'url', 'BOARD');
  const color = isOmitted(body.color) ? undefined : parseHexColor(body.color, 'color', 'BOARD');
  const display = isOmitted(body.display) ? false : parseBoolean(body.display, 'display');
  const viewVoters = isOmitted(body.view_voters) ? true : parseBoolean(body.view_voters, 'view_voters');
  const description = parseBoardDescription(body.description);
  return { name, url, color, display, viewVoters, description };
}

/**
 * API.md §4.6.8 rows 3–13, in that order, with `description` (§8.9) right after `view_voters`:
 * only sent fields are checked; null is refused by each field's rule, but clears the description.
 */
export function parseBoardChanges(body: Body): BoardChanges {
  const changes: BoardChanges = {};
  if (body.name !== undefined) {
    changes.name = requiredText(body.name, 'name', {
      missing: 'BOARD_NAME_MISSING',
      tooLong: 'BOARD_NAME_TOO_LONG',
      max: MAX_NAME_LENGTH,
    });
  }
  if (body.url !== undefined) changes.url = parseUrlSlug(body.url, 'url', 'BOARD');
  if (body.color !== undefined) changes.color = parseHexColor(body.color, 'color', 'BOARD');
  if (body.view_voters !== undefined) changes.viewVoters = parseBoolean(body.view_voters, 'view_voters');
  if (body.description !== undefined) changes.description = parseBoardDescription(body.description);
  if (body.display !== undefined) changes.display = parseBoolean(body.display, 'display');
  return changes;
}

/** A board's description (API.md §8.9): a string or null, trimmed, `""` = null, at most 300 code points. */
export function parseBoardDescription(value: unknown): string | null {
  const description = optionalString(value, 'description')?.trim();
  if (!description) return null;
  if (codePointLength(description) > MAX_DESCRIPTION_LENGTH) throw validationError('description', `cannot exceed ${MAX_DESCRIPTION_LENGTH} characters`);
  return description;
}

/**
 * API.md §4.6.6 rows 2–4: the url a board name would give. A name that transliterates to a url
 * over 50 characters (`ß` gives `ss`) is too long as well: that url could never be stored.
 */
export function parseNameAsUrl(value: unknown): string {
  const name = optionalString(value, 'name')?.trim() ?? '';
  const url = urlSlug(name);
  if (url === '') throw appError('BOARD_NAME_MISSING');
  if (codePointLength(name) > MAX_NAME_LENGTH || url.length > MAX_URL_LENGTH) throw appError('BOARD_NAME_TOO_LONG');
  return url;
}

function isOmitted(value: unknown): boolean {
  return value === undefined || value === null;
}
