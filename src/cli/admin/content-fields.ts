import { AppError } from '../../errors.js';
import { urlSlug } from '../../services/validation/colors-urls.js';

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

/**
 * The url a `create` sends: `--url` when given, else the name's URL slug ("In progress" →
 * `in-progress`). The API's own default (`new-board-<random>`) is for clients that send neither.
 */
export function urlForCreate(flags: { name?: string; url?: string }): string | undefined {
  if (flags.url !== undefined) return flags.url;
  return urlSlug(flags.name ?? '') || undefined;
}

/** Runs a create; when the url taken is the one made from the name, says so and how to pick another. */
export async function withDerivedUrlHint<T>(flags: { url?: string }, url: string | undefined, create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    const taken = error instanceof AppError && error.code.endsWith('_URL_EXISTS');
    if (!taken || flags.url !== undefined) throw error;
    throw new AppError(error.code, `${error.message}: ${url} (made from the name) is taken; choose another with --url`, error.status);
  }
}
