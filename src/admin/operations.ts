import { AppError } from '../errors.js';
import type { ServiceContext } from '../services/context.js';
import { BACKUP_OPERATIONS } from './backup-operations.js';
import { CHANGELOG_OPERATIONS } from './changelog-operations.js';
import { CONTENT_OPERATION_TABLES } from './content-operations.js';
import { DOCTOR_OPERATIONS } from './doctor-operations.js';
import { EXPORT_OPERATIONS } from './export-operations.js';
import { IMPORT_OPERATIONS } from './import-operations.js';
import { MODERATION_OPERATIONS } from './moderation-operations.js';
import { AUTH_PROVIDER_OPERATIONS } from './auth-provider-operations.js';
import { SSO_OPERATIONS } from './sso-operations.js';
import { TAG_OPERATIONS } from './tag-operations.js';
import { USER_OPERATIONS } from './user-operations.js';
import { WEBHOOK_OPERATIONS } from './webhook-operations.js';

/*
 * The admin operation registry: every task of the operator's commands (`feedbackd user …`,
 * `token`, …) as a named operation. The CLI runs an operation in its own process when no server
 * holds the data directory, or sends it to the running `serve` over the control socket; either
 * way the operation runs here, against a ServiceContext, acting as the system (no actor).
 *
 * Adding an operation:
 *   - To a resource that has operations: add one entry to the table in
 *     `src/admin/<resource>-operations.ts`, named `<resource>.<verb>` (e.g. `board.create`).
 *   - For a new resource: create `src/admin/<resource>-operations.ts` exporting an
 *     `OperationTable`, and add it to OPERATION_TABLES below (one line).
 *   - The command calls `runAdminOperation(flags, run, '<resource>.<verb>', args)` from
 *     `src/cli/admin/run-operation.ts` and prints what it returns.
 *
 * Rules for an operation:
 *   - `args` is plain JSON sent by a command (maybe over the socket): validate every field with the
 *     same parse functions as the HTTP routes, so the codes and messages are the API's.
 *   - Return plain JSON-able data (no Dates, Maps or class instances): it crosses the socket.
 *   - Refuse with an AppError; anything else is logged and reported as SERVER_ERROR.
 *   - It runs inside the server process when one is serving: paths in `args` must be absolute
 *     (the server's working directory is not the operator's), and nothing may read the CLI's
 *     environment, terminal or files. Never log `args`: they may hold passwords.
 */

/** Arguments of an operation, as a command sent them. */
export type OperationArgs = Readonly<Record<string, unknown>>;

/** One admin operation: validates its arguments, calls the services as the system, returns plain data. */
export type AdminOperation = (ctx: ServiceContext, args: OperationArgs) => Promise<unknown>;

/** Operations by name (`<resource>.<verb>`). */
export type OperationTable = Readonly<Record<string, AdminOperation>>;

/** Every resource's operations; a new resource adds its table here. */
const OPERATION_TABLES: readonly OperationTable[] = [USER_OPERATIONS, BACKUP_OPERATIONS, EXPORT_OPERATIONS, IMPORT_OPERATIONS, DOCTOR_OPERATIONS, WEBHOOK_OPERATIONS, SSO_OPERATIONS, AUTH_PROVIDER_OPERATIONS, CHANGELOG_OPERATIONS, MODERATION_OPERATIONS, TAG_OPERATIONS, ...CONTENT_OPERATION_TABLES];

/** The registry, built once; two operations of the same name are a programming error found at start. */
const OPERATIONS: ReadonlyMap<string, AdminOperation> = mergeTables(OPERATION_TABLES);

function mergeTables(tables: readonly OperationTable[]): Map<string, AdminOperation> {
  const merged = new Map<string, AdminOperation>();
  for (const table of tables) {
    for (const [name, operation] of Object.entries(table)) {
      if (merged.has(name)) throw new Error(`admin operation ${name} is registered twice`);
      merged.set(name, operation);
    }
  }
  return merged;
}

/** The names of every registered operation, sorted. */
export function operationNames(): string[] {
  return [...OPERATIONS.keys()].sort();
}

/** Runs a registered operation; 400 UNKNOWN_OPERATION for a name this process does not know. */
export async function runOperation(ctx: ServiceContext, name: string, args: OperationArgs): Promise<unknown> {
  const operation = OPERATIONS.get(name);
  // A newer CLI talking to an older running server is the likely cause.
  if (!operation) {
    throw new AppError('UNKNOWN_OPERATION', `Unknown admin operation "${name}": if feedbackd was upgraded, restart the server`, 400);
  }
  return operation(ctx, args);
}
