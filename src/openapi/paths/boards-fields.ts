/*
 * Field and parameter schemas shared by the board, roadmap and role operations (API.md §1.8, §1.9,
 * §4.6, §4.7, §4.9): the paging parameters, the cursor-list answer, and the name / url / colour
 * fields that boards and roadmaps both have, so each rule is worded once.
 */
import { arrayOf, answer, count, type QueryParameter, ref, type Schema, uuid } from '../kit.js';

const MAX_PAGE = 99_999_999;
const MAX_PAGE_SIZE = 100;

/** `page` of the offset style (API.md §1.9). */
export function pageParam(description = '1-based page number; a page past the end returns an empty list.'): QueryParameter {
  return {
    schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
    description,
  };
}

/** A page size parameter (`limit` or `first`), 1..100 on every list. */
export function pageSizeParam(defaultSize: number, description: string): QueryParameter {
  return {
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
      default: defaultSize,
    },
    description,
  };
}

/** `after` of the cursor style: the id of an item of the same filtered, visible list. */
export function afterParam(idName: string): QueryParameter {
  return {
    schema: uuid,
    description: `Cursor: the \`${idName}\` of an item of the same list; the page holds the items strictly after it. Not a UUID, unknown, filtered out or invisible to the caller → 400 \`INVALID_CURSOR\`.`,
  };
}

/** `created`: the direction of a list ordered by creation time, id as the tie-break. */
export function createdParam(order: string): QueryParameter {
  return {
    schema: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
    description: `Order by ${order} in this direction (case-insensitive; \`ASC\` works too).`,
  };
}

/** `limit` of the name searches (API.md §4.6.4, §4.7.3). */
export const searchLimitParam: QueryParameter = pageSizeParam(10, 'Most results to return.');

/** A cursor-style list answer: the items under `key` and again under `results`, with the page keys (API.md §1.9). */
export function cursorList(key: string, item: Schema, description: string): Schema {
  const items = arrayOf(item);
  return answer(
    {
      [key]: items,
      results: { ...items, description: `The same array as \`${key}\`.` },
      ...cursorKeys,
    },
    description,
  );
}

/** The keys a cursor page carries next to its items (API.md §1.9). */
export const cursorKeys: Record<string, Schema> = {
  page_info: ref('PageInfo'),
  total_count: {
    ...count,
    description: 'Items in the whole filtered, visible list.',
  },
  total_pages: {
    ...count,
    description: '`ceil(total_count / page size in use)`; 0 when `total_count` is 0.',
  },
};

/** The `{ available, url }` answer of the board url checks (API.md §4.6.5, §4.6.6). */
export const urlAvailability: Schema = answer({
  available: {
    type: 'boolean',
    description: '`false` when another board has this url or it is reserved.',
  },
  url: { type: 'string', description: 'The normalised url that was checked.' },
});

type Resource = 'board' | 'roadmap';

/** Lookup key of the write routes: any non-UUID value answers the route's 404 (API.md §1.4). */
export function targetId(resource: Resource, notFound: string): Schema {
  return {
    ...uuid,
    description: `The ${resource} to act on, hidden ones included. Absent, not a UUID string (whatever its JSON type) or unknown → 404 \`${notFound}\`.`,
  };
}

/** A name on a create route: optional, null or blank gives the default. */
export function newName(defaultName: string): Schema {
  return {
    type: ['string', 'null'],
    maxLength: 50,
    default: defaultName,
    description: `Trimmed; at most 50 characters after trimming. Absent, \`null\`, \`""\` or blank → \`"${defaultName}"\`.`,
  };
}

/** A name on an update route: when sent, a non-blank string. */
export function changedName(code: string): Schema {
  return {
    type: 'string',
    minLength: 1,
    maxLength: 50,
    description: `Trimmed; 1..50 characters after trimming. \`null\`, \`""\` or blank → 400 \`${code}\`.`,
  };
}

const SLUG_RULE =
  'Normalised (the URL slug rule): transliterated to ASCII, lower-cased, every run of characters outside `[a-z0-9]` replaced by one `-`, `-` stripped at both ends (`"Feature Requests!"` → `feature-requests`). At most 50 characters after normalising; the length of what is sent does not count.';

/** A url on a create route: optional; null = absent = generated. */
export function newUrl(resource: Resource, reserved: string[]): Schema {
  const prefix = resource.toUpperCase();
  return {
    type: ['string', 'null'],
    description: `${SLUG_RULE} Absent or \`null\` → \`new-${resource}-\` + 10 random \`[0-9a-z]\`. Empty after normalising (\`""\` included) → 400 \`${prefix}_URL_MISSING\`. Must be unique; taken or reserved (${reserved.map((url) => `\`${url}\``).join(', ')}) → 409 \`${prefix}_URL_EXISTS\`.`,
  };
}

/** A url on an update route: when sent, a string that normalises to 1..50 characters. */
export function changedUrl(resource: Resource, reserved: string[]): Schema {
  const prefix = resource.toUpperCase();
  return {
    type: 'string',
    description: `${SLUG_RULE} \`null\` or empty after normalising → 400 \`${prefix}_URL_MISSING\`. Its own current url is not a conflict; another ${resource}'s url or a reserved one (${reserved.map((url) => `\`${url}\``).join(', ')}) → 409 \`${prefix}_URL_EXISTS\`.`,
  };
}

const COLOR_PATTERN = '^[0-9a-fA-F]{6}$';

/** A colour on a create route: optional; null = absent = random. */
export function newColor(resource: Resource): Schema {
  const prefix = resource.toUpperCase();
  return {
    type: ['string', 'null'],
    pattern: COLOR_PATTERN,
    description: `6 hex digits, any case, no \`#\`; stored lower-case. Absent or \`null\` → 6 random hex digits. Length ≠ 6 → 400 \`${prefix}_COLOR_HEX_LENGTH\`; another character → 400 \`${prefix}_COLOR_HEX_CHAR\`.`,
  };
}

/** A colour on an update route. */
export function changedColor(resource: Resource): Schema {
  const prefix = resource.toUpperCase();
  return {
    type: 'string',
    pattern: COLOR_PATTERN,
    description: `6 hex digits, any case, no \`#\`; stored lower-case. Length ≠ 6 → 400 \`${prefix}_COLOR_HEX_LENGTH\`; another character → 400 \`${prefix}_COLOR_HEX_CHAR\`; \`null\` → 400 \`VALIDATION_ERROR\`.`,
  };
}

/** A boolean on a create route: null = absent = the default. */
export function newFlag(defaultValue: boolean, meaning: string): Schema {
  return {
    type: ['boolean', 'null'],
    default: defaultValue,
    description: `${meaning} Absent or \`null\` → \`${defaultValue}\`.`,
  };
}

/** A boolean on an update route: `null` is a type error (API.md §1.15.6). */
export function changedFlag(meaning: string): Schema {
  return {
    type: 'boolean',
    description: `${meaning} \`null\` → 400 \`VALIDATION_ERROR\`.`,
  };
}

/** The text every board/roadmap write route states about string inputs (API.md §1.15.7). */
export const TEXT_INPUT_RULE =
  'A string field holding U+0000 (NUL), or a name or url holding a lone UTF-16 surrogate, → 400 `VALIDATION_ERROR` (`<field> must not contain NUL characters` / `lone surrogates`).';
