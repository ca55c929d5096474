import { AppError } from '../../errors.js';

/** Shared by the content commands' actions: how flags become the API's body fields, and how names are printed. */

/** `--display` → true, `--hidden` → false, neither → undefined (unchanged, or the API's default). */
export function displayField(flags: { display?: boolean; hidden?: boolean }): boolean | undefined {
  if (flags.display) return true;
  return flags.hidden ? false : undefined;
}

/** An update with no field given is refused before anything runs: it is a mistake, not a request. */
export function requireSomeChange(fields: Readonly<Record<string, unknown>>, flagNames: string): void {
  if (Object.values(fields).some((value) => value !== undefined)) return;
  throw new AppError('NOTHING_TO_CHANGE', `Nothing to change: give at least one of ${flagNames}`, 400);
}

/** A name or title in JSON quotes: shown exactly, with control characters kept off the terminal. */
export function quoted(text: string): string {
  return JSON.stringify(text);
}
