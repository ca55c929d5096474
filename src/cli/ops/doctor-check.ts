/** The verdict of one doctor check. */
export type CheckStatus = 'ok' | 'warn' | 'fail';

/** One check's line: what was found and, unless all is well, what to do about it. */
export interface CheckResult {
  status: CheckStatus;
  what: string;
  todo?: string;
}

/** `ok   data directory /srv/feedbackd (mode 0700)`, `warn … — <what to do>`. */
export function checkLine({ status, what, todo }: CheckResult): string {
  return `${status.padEnd(4)} ${what}${todo ? ` — ${todo}` : ''}`;
}

/** Builders of a result by status (ok may carry advice too). */
export const ok = (what: string, todo?: string): CheckResult => (todo ? { status: 'ok', what, todo } : { status: 'ok', what });
export const warn = (what: string, todo: string): CheckResult => ({ status: 'warn', what, todo });
export const fail = (what: string, todo: string): CheckResult => ({ status: 'fail', what, todo });

export { octalMode } from '../../config/dir-safety.js';
