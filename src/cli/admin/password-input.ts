import { AppError } from '../../errors.js';
import type { CliIo } from '../io.js';
import { type PasswordFlags, readGivenPassword } from '../password-input.js';

export type { PasswordFlags };

const INPUT_ERROR = 'PASSWORD_INPUT_INVALID';

/** The password from --password-file or --password-stdin; undefined when neither was given. */
export function readAdminPassword(flags: PasswordFlags, io: CliIo): Promise<string | undefined> {
  return readGivenPassword(flags, io, INPUT_ERROR);
}

/** The password from the flags, else asked for (hidden) on a terminal; without either, a clear error. */
export async function readRequiredPassword(flags: PasswordFlags, io: CliIo): Promise<string> {
  const given = await readAdminPassword(flags, io);
  if (given !== undefined) return given;
  if (!io.interactive) {
    throw new AppError(INPUT_ERROR, 'Give --password-file <path> or --password-stdin (a password is never taken from the command line)', 400);
  }
  const answer = await io.prompt({ type: 'password', name: 'password', message: 'New password (at least 8 characters):' });
  return typeof answer === 'string' ? answer : '';
}
