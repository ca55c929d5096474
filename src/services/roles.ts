import { randomUUID } from 'node:crypto';
import { appError } from '../errors.js';
import { type Repositories, type RoleRow, UniqueViolation } from '../storage/types.js';
import type { Actor, ServiceContext } from './context.js';
import { type CursorPageMeta, cursorPageMeta, foundPage, pageRequest, parsePaging } from './pagination.js';
import { requirePermission } from './permissions.js';
import { type RoleDetail, type RoleView, type SavedRole, toRoleDetail, toRoleView, toSavedRole } from './role-views.js';
import { type Body, lookupKey } from './validation/fields.js';
import type { QueryInput } from './validation/query.js';
import { parseNewRole, parseRoleChanges } from './validation/roles.js';

const DEFAULT_PAGE_SIZE = 10;
const DEFAULT_NAME = 'new role';

/** The body of `GET /roles`. */
export type RoleList = { roles: RoleView[]; results: RoleView[] } & CursorPageMeta;

/** API.md §4.9.1: a cursor page of every role, newest first (permission before any parameter). */
export async function listRoles(ctx: ServiceContext, actor: Actor, query: QueryInput): Promise<RoleList> {
  requirePermission(actor, 'role:read');
  const paging = parsePaging(query, 'cursor', DEFAULT_PAGE_SIZE);
  const page = foundPage(await ctx.storage.roles.page(pageRequest(paging, 'desc')));
  const roles = page.rows.map(toRoleView);
  return { roles, results: roles, ...cursorPageMeta(page, paging.size) };
}

/** API.md §4.9.2: one role with its permissions; the lookup comes before the permission check, as the table says. */
export async function showRole(ctx: ServiceContext, actor: Actor, roleId: string): Promise<RoleDetail> {
  const role = await findRole(ctx.storage, roleId);
  requirePermission(actor, 'role:read');
  return toRoleDetail(role);
}

/** API.md §4.9.3: a custom role; without a name it gets the first free of "new role", "new role 2", … */
export async function createRole(ctx: ServiceContext, actor: Actor, body: Body): Promise<SavedRole> {
  requirePermission(actor, 'role:create');
  const { name, description, permissions } = parseNewRole(body);
  const now = new Date().toISOString();
  const role = await ctx.storage.transaction(async (tx) => {
    const row: RoleRow = {
      id: randomUUID(),
      name: name ?? (await nextDefaultName(tx)),
      description,
      isSystem: false,
      permissions,
      createdAt: now,
      updatedAt: now,
    };
    return writeRole(() => tx.roles.insert(row));
  });
  return toSavedRole(role);
}

/** API.md §4.9.4: name, description and permission set change in one write, or nothing changes. */
export function updateRole(ctx: ServiceContext, actor: Actor, body: Body): Promise<SavedRole> {
  return ctx.storage.transaction(async (tx) => {
    const role = await findRole(tx, body.id);
    requirePermission(actor, 'role:update');
    if (role.isSystem) throw appError('CANNOT_UPDATE_SYSTEM_ROLE');
    const changes = parseRoleChanges(body);
    const updated = await writeRole(() => tx.roles.update(role.id, { ...changes, updatedAt: new Date().toISOString() }));
    return toSavedRole(updated);
  });
}

/** The role a request names: 400 INVALID_ROLE_ID unless a UUID (any type is accepted), 404 ROLE_NOT_FOUND. */
export async function findRole(repos: Repositories, roleId: unknown): Promise<RoleRow> {
  const id = lookupKey(roleId);
  if (id === undefined) throw appError('INVALID_ROLE_ID');
  const role = await repos.roles.get(id);
  if (!role) throw appError('ROLE_NOT_FOUND');
  return role;
}

/** The first default name no role holds, ignoring case. */
async function nextDefaultName(tx: Repositories): Promise<string> {
  for (let suffix = 1; ; suffix++) {
    const candidate = suffix === 1 ? DEFAULT_NAME : `${DEFAULT_NAME} ${suffix}`;
    if (!(await tx.roles.getByName(candidate))) return candidate;
  }
}

/** Runs a role write; the storage's case-insensitive name rule, not a prior read, decides a clash (races included). */
async function writeRole(write: () => Promise<RoleRow>): Promise<RoleRow> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueViolation && error.constraint === 'roles.name') throw appError('ROLE_NAME_EXISTS');
    throw error;
  }
}
