import type { RoleRow, RolesRepo, UserRoleRow, UserRolesRepo, UserRow, UsersRepo } from '../../types.js';
import type { Queryable } from '../queryable.js';
import { type CoreTable, rowOf, selectList, tableRepo, timedPage } from './table.js';
import { userPage } from './user-page.js';

export const USERS: CoreTable<UserRow> = {
  table: 'users',
  name: 'users',
  columns: {
    id: 'id',
    email: 'email',
    username: 'username',
    name: 'name',
    passwordHash: 'password_hash',
    isOwner: 'is_owner',
    isVerified: 'is_verified',
    isBlocked: 'is_blocked',
    tokenVersion: 'token_version',
    notes: 'notes',
    notificationsOff: 'notifications_off',
    isTrusted: 'is_trusted',
    avatarUploadId: 'avatar_upload_id',
    avatarSourceUrl: 'avatar_source_url',
    locale: 'locale',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  // Absent means false (issue 17); users written without it read back without it, as on the JSON-file engine.
  optional: ['notificationsOff', 'isTrusted', 'avatarUploadId', 'avatarSourceUrl', 'locale'],
  // `users.email` ignores case: the rule holds on the address as JavaScript lower-cases it. The
  // name is kept lower-cased the same way for searches (migration 4, user-page.ts).
  derived: (fields) => ({
    ...(fields.email === undefined ? {} : { email_lower: fields.email.toLowerCase() }),
    ...(fields.name === undefined ? {} : { name_lower: fields.name.toLowerCase() }),
  }),
};

export const ROLES: CoreTable<RoleRow> = {
  table: 'roles',
  name: 'roles',
  columns: {
    id: 'id',
    name: 'name',
    description: 'description',
    isSystem: 'is_system',
    permissions: 'permissions',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  derived: (fields) => (fields.name === undefined ? {} : { name_lower: fields.name.toLowerCase() }),
};

export const USER_ROLES: CoreTable<UserRoleRow> = {
  table: 'user_roles',
  name: 'userRoles',
  columns: { id: 'id', userId: 'user_id', roleId: 'role_id', createdAt: 'created_at' },
};

/** The first row a query found, as a contract row. */
async function first<Row extends { id: string }>(
  db: Queryable,
  spec: CoreTable<Row>,
  where: string,
  params: unknown[],
): Promise<Row | undefined> {
  const { rows } = await db.query(`SELECT ${selectList(spec)} FROM "${spec.table}" WHERE ${where} LIMIT 1`, params);
  return rows[0] ? rowOf(spec, rows[0]) : undefined;
}

export function createUsersRepo(db: Queryable): UsersRepo {
  return {
    ...tableRepo(db, USERS),
    getByEmail: (email) => first(db, USERS, 'email_lower = $1', [email.toLowerCase()]),
    getByUsername: (username) => first(db, USERS, 'username = $1', [username]),
    getOwner: () => first(db, USERS, 'is_owner', []),
    page: (request) => userPage(db, USERS, request),
  };
}

export function createRolesRepo(db: Queryable): RolesRepo {
  return {
    ...tableRepo(db, ROLES),
    list: async () => {
      const { rows } = await db.query(`SELECT ${selectList(ROLES)} FROM roles ORDER BY created_at, id`);
      return rows.map((record) => rowOf(ROLES, record));
    },
    getByName: (name) => first(db, ROLES, 'name_lower = $1', [name.toLowerCase()]),
    page: (request) => timedPage(db, ROLES, request),
  };
}

export function createUserRolesRepo(db: Queryable): UserRolesRepo {
  const byUsers = async (userIds: readonly string[]): Promise<Map<string, UserRoleRow[]>> => {
    const found = new Map<string, UserRoleRow[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return found;
    const { rows } = await db.query(
      `SELECT ${selectList(USER_ROLES)} FROM user_roles WHERE user_id = ANY($1::text[]) ORDER BY created_at, id`,
      [[...new Set(userIds)]],
    );
    for (const record of rows) {
      const row = rowOf(USER_ROLES, record);
      found.get(row.userId)?.push(row);
    }
    return found;
  };
  return {
    ...tableRepo(db, USER_ROLES),
    listByUser: async (userId) => (await byUsers([userId])).get(userId) ?? [],
    getByUserAndRole: (userId, roleId) => first(db, USER_ROLES, 'user_id = $1 AND role_id = $2', [userId, roleId]),
    listByUsers: byUsers,
  };
}
