/*
 * API.md §4.6.5–4.6.9: the board routes that take a body (url checks, create, update, delete);
 * ./boards.ts places them on their paths.
 */
import { answer, input, operation, ref, type Schema } from '../kit.js';
import {
  changedColor,
  changedFlag,
  changedName,
  changedUrl,
  newColor,
  newFlag,
  newName,
  newUrl,
  TEXT_INPUT_RULE,
  targetId,
  urlAvailability,
} from './boards-fields.js';

/** API.md §4.6: urls that are literal routes next to `/boards/{url}`. */
const RESERVED = ['get', 'search', 'check-slug', 'check-name'];
const board = answer({ board: ref('Board') });
const boardId = targetId('board', 'BOARD_NOT_FOUND');
const DISPLAY = '`false` hides the board (and its posts) from callers without `board:read`.';
const VIEW_VOTERS =
  'Whether everyone sees who voted on this board’s posts. `false`: callers without `vote:assign` see at most their own vote (private voters, feedbackd’s extension, API.md §8.9).';
const DESCRIPTION =
  'feedbackd’s extension (API.md §8.9): what the board is for, a line for its home and board pages. Trimmed; at most 300 characters after trimming. Not a string → 400 `VALIDATION_ERROR` "description must be a string"; longer → 400 `VALIDATION_ERROR` "description cannot exceed 300 characters"; a lone UTF-16 surrogate → "description must not contain lone surrogates".';

const checkSlug = operation('post', {
  id: 'checkBoardUrl',
  summary: 'Is a board url available?',
  description:
    'Normalises `url` with the URL slug rule and tells whether a new board could take it: `available` is `false` when a board has it or it is reserved (`get`, `search`, `check-slug`, `check-name`). Nothing is stored. ' +
    TEXT_INPUT_RULE,
  tag: 'Boards',
  section: '4.6.5',
  auth: 'required',
  permission: '`board:create` or `board:update`',
  body: input(
    {
      url: {
        type: 'string',
        description:
          'The url to check, normalised as on `POST /boards` (transliterated, lower-case, runs of other characters → one `-`). Absent, `null` or empty after normalising → 400 `BOARD_URL_MISSING`; over 50 characters after normalising → 400 `BOARD_URL_TOO_LONG`.',
      },
    },
    ['url'],
  ),
  success: {
    200: {
      description: 'The normalised url and whether it is free.',
      schema: urlAvailability,
    },
  },
  errors: {
    403: ['NOT_ENOUGH_PERMISSION'],
    400: ['VALIDATION_ERROR', 'BOARD_URL_MISSING', 'BOARD_URL_TOO_LONG'],
  },
});

const checkName = operation('post', {
  id: 'checkBoardName',
  summary: 'Is the url made from a board name available?',
  description:
    'Deprecated: use `POST /boards/check-slug`. Makes a url from `name` with the URL slug rule and checks it like `POST /boards/check-slug`; answers the same `{ available, url }`. Kept for LogChimp clients. ' +
    TEXT_INPUT_RULE,
  tag: 'Boards',
  section: '4.6.6',
  auth: 'required',
  permission: '`board:create`',
  deprecated: true,
  body: input(
    {
      name: {
        type: 'string',
        maxLength: 50,
        description:
          'A board name, trimmed. Absent, `null`, blank, or giving an empty url (`"!!!"`) → 400 `BOARD_NAME_MISSING`; over 50 characters after trimming, or a url over 50 characters (`ß` gives `ss`) → 400 `BOARD_NAME_TOO_LONG`.',
      },
    },
    ['name'],
  ),
  success: {
    200: {
      description: 'The url made from the name and whether it is free.',
      schema: urlAvailability,
    },
  },
  errors: {
    403: ['NOT_ENOUGH_PERMISSION'],
    400: ['VALIDATION_ERROR', 'BOARD_NAME_MISSING', 'BOARD_NAME_TOO_LONG'],
  },
});

const newBoard: Schema = input({
  name: newName('new board'),
  url: newUrl('board', RESERVED),
  color: newColor('board'),
  display: newFlag(false, DISPLAY),
  view_voters: newFlag(true, VIEW_VOTERS),
  description: { type: ['string', 'null'], maxLength: 300, default: null, description: `${DESCRIPTION} Absent, \`null\`, \`""\` or blank → \`null\` (none).` },
});

const create = operation('post', {
  id: 'createBoard',
  summary: 'Create a board',
  description:
    'Creates a board; every field is optional and `null` counts as absent. A new board is hidden (`display: false`) unless `display: true` is sent. Fields are checked in the order `name`, `url`, `color`, `display`, `view_voters`, `description`, then the url uniqueness. ' +
    TEXT_INPUT_RULE,
  tag: 'Boards',
  section: '4.6.7',
  auth: 'required',
  permission: '`board:create`',
  body: newBoard,
  success: {
    201: {
      description: 'The new board (`post_count` 0, `createdAt` = `updatedAt` = now).',
      schema: board,
    },
  },
  errors: {
    403: ['NOT_ENOUGH_PERMISSION'],
    400: ['VALIDATION_ERROR', 'BOARD_NAME_TOO_LONG', 'BOARD_URL_MISSING', 'BOARD_URL_TOO_LONG', 'BOARD_COLOR_HEX_LENGTH', 'BOARD_COLOR_HEX_CHAR'],
    409: ['BOARD_URL_EXISTS'],
  },
});

const boardChanges: Schema = input(
  {
    boardId,
    name: changedName('BOARD_NAME_MISSING'),
    url: changedUrl('board', RESERVED),
    color: changedColor('board'),
    view_voters: changedFlag(VIEW_VOTERS),
    description: { type: ['string', 'null'], maxLength: 300, description: `${DESCRIPTION} \`null\`, \`""\` or blank clears it (\`null\`).` },
    display: changedFlag(DISPLAY),
  },
  ['boardId'],
);

const update = operation('patch', {
  id: 'updateBoard',
  summary: 'Update a board',
  description:
    'Writes the fields sent and sets `updatedAt`; omitted fields stay as they are, and `null` is refused by each field’s own rule. Hidden boards are found whatever the caller’s `board:read`. ' +
    'Checked in the order: board lookup (404), permission (403), then `name`, `url`, `color`, `view_voters`, `description`, `display`, then the url uniqueness (409). ' +
    TEXT_INPUT_RULE,
  tag: 'Boards',
  section: '4.6.8',
  auth: 'required',
  permission: '`board:update`',
  body: boardChanges,
  success: { 200: { description: 'The board as it is now.', schema: board } },
  errors: {
    404: ['BOARD_NOT_FOUND'],
    403: ['NOT_ENOUGH_PERMISSION'],
    400: [
      'VALIDATION_ERROR',
      'BOARD_NAME_MISSING',
      'BOARD_NAME_TOO_LONG',
      'BOARD_URL_MISSING',
      'BOARD_URL_TOO_LONG',
      'BOARD_COLOR_HEX_LENGTH',
      'BOARD_COLOR_HEX_CHAR',
    ],
    409: ['BOARD_URL_EXISTS'],
  },
});

const remove = operation('delete', {
  id: 'deleteBoard',
  summary: 'Delete a board',
  description:
    'Deletes the board, hidden or not. Its posts are kept with no board (`board: null`, `boardId: null`) and so become visible to everyone. The lookup (404) comes before the permission check (403).',
  tag: 'Boards',
  section: '4.6.9',
  auth: 'required',
  permission: '`board:destroy`',
  body: input({ boardId }, ['boardId']),
  success: { 204: { description: 'Deleted.' } },
  errors: { 404: ['BOARD_NOT_FOUND'], 403: ['NOT_ENOUGH_PERMISSION'] },
});

/** The board operations that take a body, by what they do. */
export const boardWrites = { checkSlug, checkName, create, update, remove };
