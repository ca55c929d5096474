/*
 * API.md §4.7.4–4.7.7: the roadmap routes that take a body; ./roadmaps.ts places them on their paths.
 */
import { answer, input, operation, ref, type Schema, uuid } from '../kit.js';
import { changedColor, changedFlag, changedName, changedUrl, newColor, newFlag, newName, newUrl, TEXT_INPUT_RULE, targetId } from './boards-fields.js';

/** API.md §4.7: urls that are literal routes next to `/roadmaps/{url}`. */
const RESERVED = ['search', 'sort'];
const roadmap = answer({ roadmap: ref('Roadmap') });
const id = targetId('roadmap', 'ROADMAP_NOT_FOUND');
const DISPLAY = '`false` hides the roadmap from callers without `roadmap:read`, and from its posts’ `roadmap` field for them.';

const create = operation('post', {
  id: 'createRoadmap',
  summary: 'Create a roadmap',
  description:
    'Creates a roadmap placed after every other one: `index` = the highest index + 1 (1 for the first; concurrent creates get consecutive indexes). Every field is optional and `null` counts as absent; a new roadmap is hidden unless `display: true` is sent. ' +
    'Fields are checked in the order `name`, `url`, `color`, `display`, then the url uniqueness. ' +
    TEXT_INPUT_RULE,
  tag: 'Roadmaps',
  section: '4.7.4',
  auth: 'required',
  permission: '`roadmap:create`',
  body: input({
    name: newName('new roadmap'),
    url: newUrl('roadmap', RESERVED),
    color: newColor('roadmap'),
    display: newFlag(false, DISPLAY),
  }),
  success: { 201: { description: 'The new roadmap.', schema: roadmap } },
  errors: {
    403: ['NOT_ENOUGH_PERMISSION'],
    400: ['VALIDATION_ERROR', 'ROADMAP_NAME_TOO_LONG', 'ROADMAP_URL_MISSING', 'ROADMAP_URL_TOO_LONG', 'ROADMAP_COLOR_HEX_LENGTH', 'ROADMAP_COLOR_HEX_CHAR'],
    409: ['ROADMAP_URL_EXISTS'],
  },
});

const update = operation('patch', {
  id: 'updateRoadmap',
  summary: 'Update a roadmap',
  description:
    'Writes the fields sent and sets `updated_at`; omitted fields stay as they are, and `null` is refused by each field’s own rule. Hidden roadmaps are found whatever the caller’s `roadmap:read`. The position is changed with `PATCH /roadmaps/sort`, not here. ' +
    'Checked in the order: roadmap lookup (404), permission (403), then `name`, `url`, `color`, `display`, then the url uniqueness (409). ' +
    TEXT_INPUT_RULE,
  tag: 'Roadmaps',
  section: '4.7.5',
  auth: 'required',
  permission: '`roadmap:update`',
  body: input(
    {
      id,
      name: changedName('ROADMAP_NAME_MISSING'),
      url: changedUrl('roadmap', RESERVED),
      color: changedColor('roadmap'),
      display: changedFlag(DISPLAY),
    },
    ['id'],
  ),
  success: {
    200: { description: 'The roadmap as it is now.', schema: roadmap },
  },
  errors: {
    404: ['ROADMAP_NOT_FOUND'],
    403: ['NOT_ENOUGH_PERMISSION'],
    400: [
      'VALIDATION_ERROR',
      'ROADMAP_NAME_MISSING',
      'ROADMAP_NAME_TOO_LONG',
      'ROADMAP_URL_MISSING',
      'ROADMAP_URL_TOO_LONG',
      'ROADMAP_COLOR_HEX_LENGTH',
      'ROADMAP_COLOR_HEX_CHAR',
    ],
    409: ['ROADMAP_URL_EXISTS'],
  },
});

/** `{ id, index? }`: one side of a swap; `index` is accepted and ignored. */
function swapSide(side: 'from' | 'to'): Schema {
  const which = side === 'from' ? 'One of the two roadmaps' : 'The other roadmap';
  return {
    type: 'object',
    description: `${which}. Absent → 400 \`VALIDATION_ERROR\` \`${side} is required\`; not an object (\`null\` included) → \`${side} must be an object\`.`,
    properties: {
      id: {
        ...uuid,
        description: `Not a UUID → 400 \`VALIDATION_ERROR\` \`${side}.id must be a UUID\`; unknown → 404 \`ROADMAP_NOT_FOUND\`.`,
      },
      index: {
        description: 'Ignored (accepted for LogChimp clients): the stored indexes are swapped, whatever the client believes.',
      },
    },
    required: ['id'],
  };
}

const swap = operation('patch', {
  id: 'swapRoadmaps',
  summary: 'Swap the positions of two roadmaps',
  description:
    'The two roadmaps exchange their stored `index` values, atomically, and both get `updated_at` = now; positions stay unique. Nothing changes when `from.id` = `to.id`. Hidden roadmaps are found too. ' +
    'Checked in the order: permission (403), `from`, `to` (400), then the two lookups (404).',
  tag: 'Roadmaps',
  section: '4.7.6',
  auth: 'required',
  permission: '`roadmap:update`',
  body: input({ from: swapSide('from'), to: swapSide('to') }, ['from', 'to']),
  success: { 204: { description: 'Swapped.' } },
  errors: {
    403: ['NOT_ENOUGH_PERMISSION'],
    400: ['VALIDATION_ERROR'],
    404: ['ROADMAP_NOT_FOUND'],
  },
});

const remove = operation('delete', {
  id: 'deleteRoadmap',
  summary: 'Delete a roadmap',
  description:
    'Deletes the roadmap, hidden or not. Its posts are kept with no roadmap (`roadmap_id: null`); the other roadmaps keep their indexes (gaps are allowed). The lookup (404) comes before the permission check (403).',
  tag: 'Roadmaps',
  section: '4.7.7',
  auth: 'required',
  permission: '`roadmap:destroy`',
  body: input({ id }, ['id']),
  success: { 204: { description: 'Deleted.' } },
  errors: { 404: ['ROADMAP_NOT_FOUND'], 403: ['NOT_ENOUGH_PERMISSION'] },
});

/** The roadmap operations that take a body, by what they do. */
export const roadmapWrites = { create, update, swap, remove };
