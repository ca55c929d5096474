import type { ExecutionContext } from 'ava';
import { OWNER } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';

/** Shared by the roles-*.test.ts files: the error bodies of API.md §4.9, exactly. */
export const validationError = (path: string, message: string) => ({ message, code: 'VALIDATION_ERROR', errors: [{ path, message }] });
export const FORBIDDEN = { message: 'You do not have permission to perform this action.', code: 'NOT_ENOUGH_PERMISSION' };
export const INVALID_ROLE_ID = { message: 'Invalid role ID', code: 'INVALID_ROLE_ID' };
export const ROLE_NOT_FOUND = { message: 'Role not found', code: 'ROLE_NOT_FOUND' };
export const INVALID_USER_ID = { message: 'Invalid user ID', code: 'INVALID_USER_ID' };
export const USER_NOT_FOUND = { message: 'User not found', code: 'USER_NOT_FOUND' };
export const SYSTEM_ROLE = { message: 'Cannot update system role', code: 'CANNOT_UPDATE_SYSTEM_ROLE' };
export const NAME_MISSING = { message: 'Role name missing', code: 'ROLE_NAME_MISSING' };
export const NAME_TOO_LONG = { message: 'Role name cannot exceed 30 characters', code: 'ROLE_NAME_TOO_LONG' };
export const DESCRIPTION_TOO_LONG = { message: 'Role description cannot exceed 50 characters', code: 'ROLE_DESCRIPTION_TOO_LONG' };
export const NAME_EXISTS = { message: 'Role name already exists', code: 'ROLE_NAME_EXISTS' };
export const ALREADY_ASSIGNED = { message: 'User already has this role', code: 'ROLE_ALREADY_ASSIGNED' };
export const NOT_ASSIGNED = { message: 'User does not have this role', code: 'ROLE_NOT_ASSIGNED' };
export const unknownPermission = (value: string) => ({ message: `Unknown permission: ${value}`, code: 'INVALID_PERMISSION' });
export const EVERYONE_PERMISSIONS = ['post:create', 'vote:create', 'vote:destroy', 'comment:create', 'comment:update:own', 'comment:delete:own'];
export const ROLE_KEYS = ['id', 'name', 'description', 'isSystem', 'created_at', 'updated_at'];

/** A fresh server with the owner set up through the API, closed when the test ends. */
export async function ownerServer(t: ExecutionContext): Promise<{ server: TestServer; ownerToken: string }> {
  const server = await startTestServer();
  t.teardown(server.close);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  t.is(setup.status, 201);
  return { server, ownerToken: setup.body.user.authToken };
}

/** Creates a role through `POST /roles` as the owner and returns the 201 body's role. */
export async function createRoleAsOwner(server: TestServer, ownerToken: string, body: Record<string, unknown> = {}) {
  const response = await server.request('POST', '/roles', { token: ownerToken, body });
  if (response.status !== 201) throw new Error(`POST /roles answered ${response.status}: ${response.text}`);
  return response.body.role as { id: string; name: string; description: string | null; isSystem: boolean; created_at: string; updated_at: string };
}
