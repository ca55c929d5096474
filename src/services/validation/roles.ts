import { AppError, appError, validationError } from '../../errors.js';
import { type Permission, PERMISSIONS } from '../actors.js';
import { type Body, codePointLength, optionalString, rejectNul, requiredText } from './fields.js';

const NAME_RULE = { missing: 'ROLE_NAME_MISSING', tooLong: 'ROLE_NAME_TOO_LONG', max: 30 } as const;
const MAX_DESCRIPTION_LENGTH = 50;
const KNOWN_PERMISSIONS: ReadonlySet<string> = new Set(PERMISSIONS);

/** The fields of `POST /roles` once checked; an undefined name means "pick the next default name". */
export interface NewRoleInput {
  name: string | undefined;
  description: string | null;
  permissions: Permission[];
}

/** The fields `PATCH /roles` writes; omitted ones are left out. */
export interface RoleChanges {
  name?: string;
  description?: string | null;
  permissions?: Permission[];
}

/** API.md §4.9.3 rows 2–7 (the 409 is storage's): null = omitted, a blank name = the default. */
export function parseNewRole(body: Body): NewRoleInput {
  const name = optionalString(body.name, 'name')?.trim() || undefined;
  if (name !== undefined && codePointLength(name) > NAME_RULE.max) throw appError(NAME_RULE.tooLong);
  const description = body.description === undefined ? null : parseDescription(body.description);
  const permissions = body.permissions === undefined || body.permissions === null ? [] : parsePermissions(body.permissions);
  return { name, description, permissions };
}

/** API.md §4.9.4 rows 5–10, in that order: only sent fields are checked; a null name is missing. */
export function parseRoleChanges(body: Body): RoleChanges {
  const changes: RoleChanges = {};
  if (body.name !== undefined) changes.name = requiredText(body.name, 'name', NAME_RULE);
  if (body.description !== undefined) changes.description = parseDescription(body.description);
  if (body.permissions !== undefined) changes.permissions = parsePermissions(body.permissions);
  return changes;
}

/** Trimmed; null and `""` give null; at most 50 code points. */
function parseDescription(value: unknown): string | null {
  const text = optionalString(value, 'description')?.trim();
  if (!text) return null;
  if (codePointLength(text) > MAX_DESCRIPTION_LENGTH) throw appError('ROLE_DESCRIPTION_TOO_LONG');
  return text;
}

/**
 * Every item's type is checked before any item's value (row 9 before row 10), so `["x", 1]` is a
 * VALIDATION_ERROR on item 1. Duplicates collapse; the result is in canonical order.
 */
function parsePermissions(value: unknown): Permission[] {
  if (!Array.isArray(value)) throw validationError('permissions', 'must be an array');
  const items = value.map((item: unknown, index) => {
    const path = `permissions.${index}`;
    if (typeof item !== 'string') throw validationError(path, 'must be a string');
    rejectNul(path, item);
    return item;
  });
  const unknown = items.find((item) => !KNOWN_PERMISSIONS.has(item));
  if (unknown !== undefined) throw unknownPermission(unknown);
  const held = new Set(items);
  return PERMISSIONS.filter((permission) => held.has(permission));
}

/** 400 INVALID_PERMISSION whose message names the value: `Unknown permission: <value>` (API.md §5). */
function unknownPermission(value: string): AppError {
  const { code, message, status } = appError('INVALID_PERMISSION');
  return new AppError(code, `${message}: ${value}`, status);
}
