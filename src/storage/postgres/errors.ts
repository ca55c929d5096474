import { appError } from '../../errors.js';
import { UniqueViolation } from '../types.js';

/*
 * Every unique constraint and unique index of the migrations is named `<table>__<rule>` in
 * snake_case (`users__email`, `user_roles__user_role`, `votes__user_post`, primary keys
 * `<table>__id`). The contract names the same rule `<table>.<rule>` in camelCase
 * (`users.email`, `userRoles.userRole`, `votes.userPost`, `users.id`): the mapping is mechanical.
 */

/** SQLSTATE of a broken unique constraint. */
export const UNIQUE_VIOLATION = '23505';
/** SQLSTATEs after which a serializable transaction may simply be run again. */
export const RETRYABLE = new Set(['40001', '40P01']);

/** The SQLSTATE of a driver error, if any. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function camel(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** `user_roles__user_role` → `userRoles.userRole`; undefined for a name not following the convention. */
export function contractConstraint(name: string): string | undefined {
  const match = /^([a-z0-9_]+?)__([a-z0-9_]+)$/.exec(name);
  if (!match) return undefined;
  return `${camel(match[1]!)}.${camel(match[2]!)}`;
}

/**
 * The error to throw for a failed query: a unique violation becomes UniqueViolation with the
 * contract's constraint name; anything else is returned unchanged.
 */
export function mapUnique(error: unknown): unknown {
  if (sqlState(error) !== UNIQUE_VIOLATION) return error;
  const name = (error as { constraint?: unknown }).constraint;
  const mapped = typeof name === 'string' ? contractConstraint(name) : undefined;
  return mapped === undefined ? error : new UniqueViolation(mapped);
}

/** Runs a write, turning a broken uniqueness rule into UniqueViolation. */
export async function mappingUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw mapUnique(error);
  }
}

/** Driver errors of a connection that broke or could not be made. */
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND']);

/**
 * True when the database cannot do the work now, through no fault of the request: disk full or
 * out of resources (class 53), a broken connection (class 08 and the driver's socket errors), a
 * server shutting down or starting (57P), a read-only server (25006, e.g. a standby).
 */
export function isUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  if (state !== undefined) {
    return state.startsWith('53') || state.startsWith('08') || state.startsWith('57P') || state === '25006' || CONNECTION_ERRORS.has(state);
  }
  // The driver's own errors carry no code: a socket that closed during a query, or a client whose
  // connection already failed (its 'error' event came first) being asked for the next query.
  return error instanceof Error && /^Connection terminated|is not queryable$/.test(error.message);
}

/**
 * The error to throw for a failed call: 503 STORAGE_UNAVAILABLE when the database cannot take it
 * now (the client should try again later, as on a full disk with the JSON-file engine), a
 * UniqueViolation for a broken unique rule, else the error unchanged.
 */
export function mapFailure(error: unknown): unknown {
  return isUnavailable(error) ? appError('STORAGE_UNAVAILABLE') : mapUnique(error);
}
