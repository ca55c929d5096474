/*
 * API.md §4.9: roles, their permissions, and who holds them. Effective permissions are computed on
 * every request (API.md §2.5), so a change here counts from the affected user's next request.
 */
import { answer, arrayOf, input, operation, type Paths, ref, type Schema, uuid } from '../kit.js';
import { afterParam, cursorList, pageSizeParam } from './boards-fields.js';

const EVERYONE = '`@everyone`';
const EVERYONE_ID = 'f6027b68-6c4f-4331-8354-41836f654980';
const savedRole = answer(
  {
    role: ref('Role'),
    permissions: arrayOf(ref('Permission'), {
      description: 'The role’s permissions, in canonical order, without duplicates.',
    }),
  },
  'The role next to (not inside) its permissions.',
);
const UNKNOWN_PERMISSION = {
  INVALID_PERMISSION: '`Unknown permission: <value>`, naming the first unknown string in array order',
} as const;
const TEXT_INPUT_RULE = 'A string holding U+0000 (NUL), or a name or description holding a lone UTF-16 surrogate, → 400 `VALIDATION_ERROR`.';

/** `permissions` of the role bodies; `nullable` on create, where `null` = `[]`. */
function permissionList(onCreate: boolean): Schema {
  return {
    type: onCreate ? ['array', 'null'] : 'array',
    items: ref('Permission'),
    description:
      (onCreate ? 'Absent or `null` → `[]`. ' : 'When sent, replaces the whole set; `null` → 400 `VALIDATION_ERROR` `permissions must be an array`. ') +
      'Each item one of the 36 permission strings; duplicates are ignored. A non-string item → 400 `VALIDATION_ERROR` `permissions.<i> must be a string` (every item’s type is checked before any value); an unknown string → 400 `INVALID_PERMISSION`.',
  };
}

const roleParam = {
  role_id: {
    schema: uuid,
    description: 'The role; not a UUID → 400 `INVALID_ROLE_ID`.',
  },
};
const assignmentParams = {
  ...roleParam,
  user_id: {
    schema: uuid,
    description: 'The user; not a UUID → 400 `INVALID_USER_ID`.',
  },
};
const ASSIGNMENT_ORDER = 'Checked in the order: `role_id` (400), the role (404), `user_id` (400), the user (404), permission (403)';

export const rolePaths: Paths = {
  '/roles': {
    get: operation('get', {
      id: 'listRoles',
      summary: 'List roles',
      description: `A cursor page of every role, the system role ${EVERYONE} (id \`${EVERYONE_ID}\`) included, newest first: \`created_at\` descending, then \`id\` descending. The permission is checked before the parameters (\`first\`, then \`after\`).`,
      tag: 'Roles',
      section: '4.9.1',
      auth: 'required',
      permission: '`role:read`',
      query: {
        first: pageSizeParam(10, 'Page size.'),
        after: afterParam('id'),
      },
      success: {
        200: {
          description: 'A page of roles.',
          schema: cursorList('roles', ref('Role'), 'Roles, newest first, with the cursor keys.'),
        },
      },
      errors: {
        403: ['NOT_ENOUGH_PERMISSION'],
        400: ['VALIDATION_ERROR', 'INVALID_CURSOR'],
      },
    }),
    post: operation('post', {
      id: 'createRole',
      summary: 'Create a role',
      description:
        'Creates a custom role (`isSystem: false`) with its permissions; every field is optional and `null` counts as absent. Without a name (absent, `null`, blank) it gets the first name no role holds among `new role`, `new role 2`, `new role 3`, … ' +
        `Fields are checked in the order \`name\`, \`description\`, \`permissions\`, then the name uniqueness (409). ${TEXT_INPUT_RULE}`,
      tag: 'Roles',
      section: '4.9.3',
      auth: 'required',
      permission: '`role:create`',
      body: input({
        name: {
          type: ['string', 'null'],
          maxLength: 30,
          description:
            'Trimmed; at most 30 characters after trimming; unique ignoring case (taken → 409 `ROLE_NAME_EXISTS`). Absent, `null` or blank → the next free default name.',
        },
        description: {
          type: ['string', 'null'],
          maxLength: 50,
          description: 'Trimmed; at most 50 characters after trimming; absent, `null`, `""` or blank → `null`.',
        },
        permissions: permissionList(true),
      }),
      success: {
        201: {
          description: 'The new role and its permissions.',
          schema: savedRole,
        },
      },
      errors: {
        403: ['NOT_ENOUGH_PERMISSION'],
        400: ['VALIDATION_ERROR', 'ROLE_NAME_TOO_LONG', 'ROLE_DESCRIPTION_TOO_LONG', 'INVALID_PERMISSION'],
        409: ['ROLE_NAME_EXISTS'],
      },
      messages: UNKNOWN_PERMISSION,
    }),
    patch: operation('patch', {
      id: 'updateRole',
      summary: 'Update a role',
      description:
        `Writes the fields sent (omitted ones stay) and \`updated_at\` in one atomic write; \`permissions\`, when sent, replaces the whole set. ${EVERYONE} cannot be changed (403 \`CANNOT_UPDATE_SYSTEM_ROLE\`). ` +
        `Checked in the order: \`id\` (400), the role (404), permission (403), system role (403), then \`name\`, \`description\`, \`permissions\` (400), then the name uniqueness (409). ${TEXT_INPUT_RULE}`,
      tag: 'Roles',
      section: '4.9.4',
      auth: 'required',
      permission: '`role:update`',
      body: input(
        {
          id: {
            ...uuid,
            description: 'The role to change. Absent or not a UUID string (whatever its JSON type) → 400 `INVALID_ROLE_ID`; unknown → 404 `ROLE_NOT_FOUND`.',
          },
          name: {
            type: 'string',
            minLength: 1,
            maxLength: 30,
            description:
              'Trimmed; 1..30 characters after trimming; unique ignoring case (another role’s → 409 `ROLE_NAME_EXISTS`). `null`, `""` or blank → 400 `ROLE_NAME_MISSING`.',
          },
          description: {
            type: ['string', 'null'],
            maxLength: 50,
            description: 'Trimmed; at most 50 characters after trimming; `null`, `""` or blank clears it (`null`).',
          },
          permissions: permissionList(false),
        },
        ['id'],
      ),
      success: {
        200: {
          description: 'The role as it is now and its permissions.',
          schema: savedRole,
        },
      },
      errors: {
        400: ['INVALID_ROLE_ID', 'VALIDATION_ERROR', 'ROLE_NAME_MISSING', 'ROLE_NAME_TOO_LONG', 'ROLE_DESCRIPTION_TOO_LONG', 'INVALID_PERMISSION'],
        404: ['ROLE_NOT_FOUND'],
        403: ['NOT_ENOUGH_PERMISSION', 'CANNOT_UPDATE_SYSTEM_ROLE'],
        409: ['ROLE_NAME_EXISTS'],
      },
      messages: UNKNOWN_PERMISSION,
    }),
  },
  '/roles/{role_id}': {
    get: operation('get', {
      id: 'getRole',
      summary: 'Role with its permissions',
      description:
        'One role with its permissions in canonical order. The lookup comes before the permission check: `role_id` (400), the role (404), then permission (403).',
      tag: 'Roles',
      section: '4.9.2',
      auth: 'required',
      permission: '`role:read`',
      pathParams: roleParam,
      success: {
        200: {
          description: 'The role.',
          schema: answer({ role: ref('RoleDetail') }),
        },
      },
      errors: {
        400: ['INVALID_ROLE_ID'],
        404: ['ROLE_NOT_FOUND'],
        403: ['NOT_ENOUGH_PERMISSION'],
      },
    }),
  },
  '/roles/{role_id}/users/{user_id}': {
    put: operation('put', {
      id: 'assignRole',
      summary: 'Assign a role to a user',
      description: `Gives the user the role (any role, ${EVERYONE} included, e.g. to give it back). It counts from the user’s next request. No body is needed; one sent is still read and checked as JSON. ${ASSIGNMENT_ORDER}, then an existing assignment (409).`,
      tag: 'Roles',
      section: '4.9.5',
      auth: 'required',
      permission: '`role:assign`',
      pathParams: assignmentParams,
      success: {
        200: {
          description: 'The role given, and the new assignment’s id.',
          schema: answer({
            success: { type: 'integer', const: 1 },
            id: { ...uuid, description: 'The role id.' },
            isSystem: {
              type: 'boolean',
              description: '`true` for `@everyone`.',
            },
            name: { type: 'string', description: 'The role name.' },
            user_role_id: { ...uuid, description: 'The new assignment’s id.' },
          }),
        },
      },
      errors: {
        400: ['INVALID_ROLE_ID', 'INVALID_USER_ID'],
        404: ['ROLE_NOT_FOUND', 'USER_NOT_FOUND'],
        403: ['NOT_ENOUGH_PERMISSION'],
        409: ['ROLE_ALREADY_ASSIGNED'],
      },
    }),
    delete: operation('delete', {
      id: 'unassignRole',
      summary: 'Unassign a role from a user',
      description: `Takes the role from the user; ${EVERYONE} can be taken too, to restrict a user. It counts from the user’s next request. The owner keeps every permission whatever their roles. ${ASSIGNMENT_ORDER}, then the assignment (404 \`ROLE_NOT_ASSIGNED\`).`,
      tag: 'Roles',
      section: '4.9.6',
      auth: 'required',
      permission: '`role:unassign`',
      pathParams: assignmentParams,
      success: { 204: { description: 'Unassigned.' } },
      errors: {
        400: ['INVALID_ROLE_ID', 'INVALID_USER_ID'],
        404: ['ROLE_NOT_FOUND', 'USER_NOT_FOUND', 'ROLE_NOT_ASSIGNED'],
        403: ['NOT_ENOUGH_PERMISSION'],
      },
    }),
  },
};
