// The account forms' own words for their fields: checked before sending, so every field's problem
// shows at once (the API names one at a time), and put on the API's codes for the same problems.

/** Field words by API code (API.md §1.8's email and password rules), said as a person would. */
export const FIELD_WORDS: Readonly<Record<string, string>> = {
  EMAIL_INVALID: 'Enter a valid email address',
  PASSWORD_MISSING: 'Enter a password',
  PASSWORD_TOO_SHORT: 'Use at least 8 characters',
  // The API counts UTF-8 bytes: an accented letter or an emoji takes more than one of the 72.
  PASSWORD_TOO_LONG: 'Use at most 72 characters (fewer with accents or emoji)',
  USER_EXISTS: 'An account with this email exists — sign in or reset your password',
};

/** Close to validator.js `isEmail` for what people mistype; the API stays the judge of the rest. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/** What is wrong with an email address as typed, or null. */
export function emailProblem(email: string): string | null {
  const value = email.trim();
  if (!value) return 'Enter your email address';
  return EMAIL_SHAPE.test(value) && value.length <= 320 ? null : FIELD_WORDS.EMAIL_INVALID!;
}

/** What is wrong with a new password (8 to 72 UTF-8 bytes, API.md §1.8), or null. */
export function newPasswordProblem(password: string): string | null {
  if (!password) return FIELD_WORDS.PASSWORD_MISSING!;
  const bytes = new TextEncoder().encode(password).length;
  if (bytes < 8) return FIELD_WORDS.PASSWORD_TOO_SHORT!;
  return bytes > 72 ? FIELD_WORDS.PASSWORD_TOO_LONG! : null;
}

/** Sign-in takes any password the account may have; only an empty one is caught before sending. */
export function passwordGiven(password: string): string | null {
  return password ? null : 'Enter your password';
}

/** A new password's hint, left out while an error under the field says the same rule. */
export function passwordHint(error: string | null): string | undefined {
  return error ? undefined : 'At least 8 characters.';
}
