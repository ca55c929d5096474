import { answer, arrayOf, count, input, operation, type Paths, ref } from '../kit.js';
import { userExtensionPaths } from './users-extensions.js';

const pageSize = { type: 'integer', minimum: 1, maximum: 100, default: 10 };

const userList = arrayOf(ref('UserListItem'));

export const userPaths: Paths = {
  '/users': {
    get: operation('get', {
      id: 'listUsers',
      summary: 'List users (owner only)',
      description:
        'Every user with their vote and post counts and roles, ordered by `createdAt` then `userId` in the direction of `created` (default oldest first). ' +
        'Two paging styles: with `page` it is offset paging (`page`, `limit`; `first` and `after` are ignored) and the answer is `{ users, results }`; without `page` it is cursor paging (`first` or `limit`, `after`) and the answer adds `page_info`, `total_count` and `total_pages`. ' +
        '`users` and `results` hold the same list (two names for LogChimp clients). ' +
        'feedbackd’s extension `query` keeps only users whose name, username or email contains it, ignoring case; the totals then count the matches. ' +
        'Checks in order: owner (403), `page`, `limit`, `first` (cursor mode only), `created`, `query` (400 `VALIDATION_ERROR`), `after` (400 `INVALID_CURSOR`).',
      tag: 'Users',
      section: '4.8.1',
      auth: 'required',
      permission: 'owner only',
      query: {
        page: {
          schema: { type: 'integer', minimum: 1, maximum: 99_999_999 },
          description: '1-based page; when present, offset paging. A page past the end is an empty list.',
        },
        limit: {
          schema: pageSize,
          description: 'Page size, 1..100, default 10; wins over `first`.',
        },
        first: {
          schema: pageSize,
          description: 'Cursor mode: page size, 1..100, default 10 (checked only in cursor mode).',
        },
        after: {
          schema: { type: 'string', format: 'uuid' },
          description:
            'Cursor mode: the `userId` after which the page starts (in the current order and `query` filter). Not a UUID, or not in the list → 400 `INVALID_CURSOR`.',
        },
        created: {
          schema: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
          description: 'Order by creation time, case-insensitive.',
        },
        query: {
          schema: { type: 'string', maxLength: 200 },
          description:
            'feedbackd’s extension: trimmed; blank = every user. Keeps users whose name, username or email contains it (case-insensitive, plain substring: `%` and `_` are ordinary characters). More than 200 characters, or the parameter repeated → 400 `VALIDATION_ERROR`.',
        },
      },
      success: {
        200: {
          description: 'A page of users; the paging keys only in cursor mode (no `page`).',
          schema: {
            oneOf: [
              answer({ users: userList, results: userList }, 'Offset mode (`page` given).'),
              answer(
                {
                  users: userList,
                  results: userList,
                  page_info: ref('PageInfo'),
                  total_count: count,
                  total_pages: count,
                },
                'Cursor mode (no `page`).',
              ),
            ],
          },
        },
      },
      errors: {
        403: ['NOT_ENOUGH_PERMISSION'],
        400: ['VALIDATION_ERROR', 'INVALID_CURSOR'],
      },
    }),
  },
  '/users/profile': {
    get: operation('get', {
      id: 'getProfile',
      summary: 'The caller’s profile',
      description: 'The caller’s own account, with whether their email is verified. Needs no permission.',
      tag: 'Users',
      section: '4.8.2',
      auth: 'required',
      success: {
        200: {
          description: 'The profile.',
          schema: answer({ user: ref('Profile') }),
        },
      },
    }),
    patch: operation('patch', {
      id: 'updateProfile',
      summary: 'Change the caller’s name',
      description: 'Changes the caller’s display name; without `name` nothing changes. Answers the profile without `isVerified`. Needs no permission.',
      tag: 'Users',
      section: '4.8.3',
      auth: 'required',
      body: input({
        name: {
          type: ['string', 'null'],
          description:
            'Omitted = unchanged; `null` or `""` = `""`. Cleaned as at sign-up (only letters, combining marks, digits, space, `.`, `\'`, `-` are kept; spaces collapsed; trimmed); more than 64 characters after cleaning → 400 `NAME_TOO_LONG`.',
        },
      }),
      success: {
        200: {
          description: 'The updated profile.',
          schema: answer({ user: ref('UpdatedProfile') }),
        },
      },
      errors: { 400: ['VALIDATION_ERROR', 'NAME_TOO_LONG'] },
    }),
  },
  '/users/permissions': {
    get: operation('get', {
      id: 'getPermissions',
      summary: 'The caller’s effective permissions',
      description:
        'The permissions the caller holds: all 36 for the owner, else the union of their roles’ permissions; in canonical order, without duplicates. Clients use it to show or hide actions.',
      tag: 'Users',
      section: '4.8.4',
      auth: 'required',
      success: {
        200: {
          description: 'The permissions.',
          schema: answer({
            permissions: arrayOf(ref('Permission'), { uniqueItems: true }),
          }),
        },
      },
    }),
  },
  '/users/dashboard': {
    get: operation('get', {
      id: 'checkDashboardAccess',
      summary: 'May the caller open the dashboard?',
      description: '`{ access: true }` when the caller holds `dashboard:read`, else 403.',
      tag: 'Users',
      section: '4.8.5',
      auth: 'required',
      permission: '`dashboard:read`',
      success: {
        200: {
          description: 'Access granted.',
          schema: answer({ access: { type: 'boolean', const: true } }),
        },
      },
      errors: { 403: ['NOT_ENOUGH_PERMISSION'] },
    }),
  },
  ...userExtensionPaths,
};
