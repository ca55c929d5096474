// The account forms' own words for their fields: checked before sending, so every field's problem
// shows at once (the API names one at a time), and put on the API's codes for the same problems.
import { type MessageKey, t } from '../i18n/t.js';

/** Field words' keys by API code (API.md §1.8's email and password rules), said as a person would. */
const FIELD_KEYS: Readonly<Record<string, MessageKey>> = {
  EMAIL_INVALID: 'account.emailInvalid',
  PASSWORD_MISSING: 'account.passwordMissing',
  PASSWORD_TOO_SHORT: 'account.passwordTooShort',
  // The API counts UTF-8 bytes: an accented letter or an emoji takes more than one of the 72.
  PASSWORD_TOO_LONG: 'account.passwordTooLong',
  USER_EXISTS: 'account.userExists',
};

/** The words under a field for an API code, or null when the code is not one of the fields' own. */
export function fieldWords(code: string): string | null {
  const key = FIELD_KEYS[code];
  return key ? t(key) : null;
}

/** Close to validator.js `isEmail` for what people mistype; the API stays the judge of the rest. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/** What is wrong with an email address as typed, or null. */
export function emailProblem(email: string): string | null {
  const value = email.trim();
  if (!value) return t('account.emailMissing');
  return EMAIL_SHAPE.test(value) && value.length <= 320 ? null : t('account.emailInvalid');
}

/** What is wrong with a new password (8 to 72 UTF-8 bytes, API.md §1.8), or null. */
export function newPasswordProblem(password: string): string | null {
  if (!password) return t('account.passwordMissing');
  const bytes = new TextEncoder().encode(password).length;
  if (bytes < 8) return t('account.passwordTooShort');
  return bytes > 72 ? t('account.passwordTooLong') : null;
}

/** Sign-in takes any password the account may have; only an empty one is caught before sending. */
export function passwordGiven(password: string): string | null {
  return password ? null : t('account.passwordNotGiven');
}

/** A new password's hint, left out while an error under the field says the same rule. */
export function passwordHint(error: string | null): string | undefined {
  return error ? undefined : t('account.passwordHint');
}
