import { TEAM_ROLE_NAME, teamRole } from '../../seed.js';
import { sqlLiteral } from './sql-literal.js';
import type { Migration } from './types.js';

/*
 * Migration 6 (issue 27, storage schema 4): the Team role, seeded into new databases and added to
 * existing ones, unless a role already has its name in some case: the owner's own "team" stays as
 * it is, and `roles.name` could not hold a second one anyway.
 */
const team = teamRole('1970-01-01T00:00:00.000Z');
const permissions = `ARRAY[${team.permissions.map(sqlLiteral).join(', ')}]::text[]`;
// A new database runs migrations 1 and 6 in one transaction: one millisecond puts Team after
// @everyone, as on the JSON-file engine, so lists of roles oldest first keep @everyone first.
const justAfterNow = "date_trunc('milliseconds', now()) + interval '1 millisecond'";

const sql = `
INSERT INTO roles (id, name, name_lower, description, is_system, permissions, created_at, updated_at)
SELECT ${sqlLiteral(team.id)}, ${sqlLiteral(team.name)}, ${sqlLiteral(TEAM_ROLE_NAME.toLowerCase())}, ${sqlLiteral(team.description ?? '')},
       false, ${permissions}, ${justAfterNow}, ${justAfterNow}
 WHERE NOT EXISTS (SELECT 1 FROM roles WHERE name_lower = ${sqlLiteral(TEAM_ROLE_NAME.toLowerCase())} OR id = ${sqlLiteral(team.id)});
`;

export const TEAM_ROLE_MIGRATION: Migration = { id: 6, name: 'team-role', sql, rowSchema: 4 };
