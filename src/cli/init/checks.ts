import { SettingValueError } from '../../config/parse-value.js';
import { settingOf } from '../../config/settings.js';
import type { Config } from '../../config/types.js';
import { AppError } from '../../errors.js';
import { parseEmail } from '../../services/validation/account.js';
import { cliMessage } from '../error-wording.js';

/** An inquirer `validate` from a service validator: true, or the AppError's message. */
export function serviceCheck(parse: (value: unknown) => unknown): (value: string) => true | string {
  return (value) => {
    try {
      parse(value);
      return true;
    } catch (error) {
      if (error instanceof AppError) return cliMessage(error);
      throw error;
    }
  };
}

/** An inquirer `validate` from the settings table: true, or "Must be …". */
export function settingCheck(key: keyof Config): (value: string) => true | string {
  const { parse } = settingOf(key);
  return (value) => {
    try {
      parse(value);
      return true;
    } catch (error) {
      if (!(error instanceof SettingValueError)) throw error;
      return error.message.charAt(0).toUpperCase() + error.message.slice(1);
    }
  };
}

/** The message of a failed check of a flag value, or null when it passes. */
export function flagProblem(flag: string, value: string | undefined, check: (value: string) => true | string): string | null {
  if (value === undefined) return null;
  const verdict = check(value);
  return verdict === true ? null : `${flag}: ${verdict}`;
}

/**
 * The owner's email check, saying what is wrong: the API's "Enter valid email" leaves someone who
 * typed `ada@localhost` guessing. Same rule as the API (parseEmail), more words.
 */
export function emailCheck(value: string): true | string {
  if (serviceCheck(parseEmail)(value) === true) return true;
  const email = value.trim();
  if (email === '') return 'Enter your email address, e.g. ada@example.org';
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return `"${email}" is not an email address: it needs a name, an @ and a domain, e.g. ada@example.org`;
  const domain = email.slice(at + 1);
  if (!domain.includes('.')) {
    return `"${domain}" is not a full domain name (it has no dot): use an address such as ada@example.org`;
  }
  return `"${email}" is not a valid email address: check for spaces and characters such as , ; < > or a second @`;
}
