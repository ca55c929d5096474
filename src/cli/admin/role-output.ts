import type { RoleDetail } from '../../services/role-views.js';
import type { CliIo } from '../io.js';
import { type Column, printFields, printLines, printTable } from './output.js';

/** The text forms of roles; --json prints the data itself. */

const ROLE_COLUMNS: ReadonlyArray<Column<RoleDetail>> = [
  { title: 'ID', cell: (role) => role.id },
  { title: 'NAME', cell: (role) => role.name },
  { title: 'SYSTEM', cell: (role) => (role.isSystem ? 'yes' : 'no') },
  { title: 'PERMISSIONS', cell: (role) => String(role.permissions.length), alignRight: true },
  { title: 'DESCRIPTION', cell: (role) => role.description ?? '-' },
];

/** Every role, one per line under a header. */
export function printRoleTable(io: CliIo, roles: readonly RoleDetail[]): void {
  printTable(io, ROLE_COLUMNS, roles, 'No roles.');
}

/** One role, field by field, then its permissions one per line. */
export function printRole(io: CliIo, role: RoleDetail): void {
  printFields(io, [
    ['ID', role.id],
    ['Name', role.name],
    ['Description', role.description ?? '-'],
    ['System', role.isSystem ? 'yes (it cannot be changed)' : 'no'],
    ['Created', role.created_at],
    ['Updated', role.updated_at],
    ['Permissions', role.permissions.length === 0 ? 'none' : String(role.permissions.length)],
  ]);
  printLines(io, ...role.permissions.map((permission) => `  ${permission}`));
}
