import { SettingValueError } from '../../config/parse-value.js';
import { settingOf } from '../../config/settings.js';
import type { Config } from '../../config/types.js';
import { AppError } from '../../errors.js';

/** An inquirer `validate` from a service validator: true, or the AppError's message. */
export function serviceCheck(parse: (value: unknown) => unknown): (value: string) => true | string {
  return (value) => {
    try {
      parse(value);
      return true;
    } catch (error) {
      if (error instanceof AppError) return error.message;
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
