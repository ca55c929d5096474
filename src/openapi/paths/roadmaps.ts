/*
 * API.md §4.7: roadmaps, the statuses a post can have, ordered by `index`. The paths are assembled
 * here, the write operations are in ./roadmaps-writes.ts. `/roadmaps/search/{name}` and
 * `/roadmaps/sort` are literal routes next to `/roadmaps/{url}` (API.md §1.1), hence reserved urls.
 */
import { answer, arrayOf, operation, type Paths, ref } from '../kit.js';
import { afterParam, cursorList, pageSizeParam, searchLimitParam } from './boards-fields.js';
import { roadmapWrites } from './roadmaps-writes.js';

export const roadmapPaths: Paths = {
  '/roadmaps': {
    get: operation('get', {
      id: 'listRoadmaps',
      summary: 'List roadmaps',
      description:
        'A cursor page of roadmaps ordered by `index` ascending (positions are unique). `visibility` picks displayed (`public`, `display: true`) and/or hidden (`private`, `display: false`) roadmaps; ' +
        'callers without `roadmap:read` (anonymous ones included) always get the displayed ones only, whatever they ask. Parameters are checked in the order `first`, `visibility`, `after`.',
      tag: 'Roadmaps',
      section: '4.7.1',
      auth: 'optional',
      query: {
        first: pageSizeParam(20, 'Page size.'),
        after: afterParam('id'),
        visibility: {
          schema: {
            type: 'array',
            items: { type: 'string', enum: ['public', 'private'] },
            default: ['public'],
          },
          description:
            'Which roadmaps: `public`, `private` or both, comma-separated and/or repeated (`?visibility=public,private`, `?visibility=public&visibility=private`), case-insensitive. Honoured only with `roadmap:read`. Any other value → 400 `VALIDATION_ERROR` `visibility must be one of: public, private`.',
        },
      },
      success: {
        200: {
          description: 'A page of roadmaps.',
          schema: cursorList('roadmaps', ref('Roadmap'), 'Roadmaps by `index`, with the cursor keys.'),
        },
      },
      errors: { 400: ['VALIDATION_ERROR', 'INVALID_CURSOR'] },
    }),
    post: roadmapWrites.create,
    patch: roadmapWrites.update,
    delete: roadmapWrites.remove,
  },
  '/roadmaps/{url}': {
    get: operation('get', {
      id: 'getRoadmap',
      summary: 'Roadmap by url',
      description:
        'The roadmap whose stored url is exactly `url` (after percent-decoding; stored urls are lower-case). A hidden roadmap is found only by callers with `roadmap:read`; for others it does not exist. ' +
        '`GET /roadmaps/search/{name}` is the search, never a roadmap (a literal segment wins for the methods it defines); `search` and `sort` are reserved and never a roadmap url.',
      tag: 'Roadmaps',
      section: '4.7.2',
      auth: 'optional',
      pathParams: {
        url: {
          schema: { type: 'string' },
          description: 'The roadmap url, e.g. `in-progress`.',
        },
      },
      success: {
        200: {
          description: 'The roadmap.',
          schema: answer({ roadmap: ref('Roadmap') }),
        },
      },
      errors: { 404: ['ROADMAP_NOT_FOUND'] },
    }),
  },
  '/roadmaps/search/{name}': {
    get: operation('get', {
      id: 'searchRoadmaps',
      summary: 'Search roadmaps by name',
      description:
        'Roadmaps, hidden ones included, whose name starts with `name` (trimmed, percent-decoded), compared case-insensitively and literally (`%`, `_` and `*` are plain characters). ' +
        'Ordered by name (case-insensitive) ascending, then `created_at`, then `id`; at most `limit` results, no paging. This literal path wins over `GET /roadmaps/{url}`.',
      tag: 'Roadmaps',
      section: '4.7.3',
      auth: 'required',
      permission: '`roadmap:read`',
      pathParams: {
        name: {
          schema: { type: 'string' },
          description: 'The start of the roadmap names to find.',
        },
      },
      query: { limit: searchLimitParam },
      success: {
        200: {
          description: 'The matching roadmaps.',
          schema: answer({ roadmaps: arrayOf(ref('Roadmap')) }),
        },
      },
      errors: { 403: ['NOT_ENOUGH_PERMISSION'], 400: ['VALIDATION_ERROR'] },
    }),
  },
  '/roadmaps/sort': { patch: roadmapWrites.swap },
};
