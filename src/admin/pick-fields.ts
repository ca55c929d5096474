import type { Body } from '../services/validation/fields.js';
import type { OperationArgs } from './operations.js';

/**
 * The named fields of an operation's arguments, as a service's request body: only keys a command
 * may set reach the service (a stray `id` in the arguments must not pick the target), and keys
 * that were not given stay absent, which the API reads as "unchanged" or "use the default".
 */
export function pickFields(args: OperationArgs, names: readonly string[]): Body {
  const body: Record<string, unknown> = {};
  for (const name of names) if (args[name] !== undefined) body[name] = args[name];
  return body;
}
