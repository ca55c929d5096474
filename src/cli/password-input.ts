import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { AppError } from '../errors.js';
import type { CliIo } from './io.js';

/** Where a command may take a password from; a password is never accepted on the command line. */
export interface PasswordFlags {
  passwordFile?: string;
  passwordStdin?: boolean;
}

/** `echo pw > file` and `printf 'pw\n' | …` end with a newline that is not part of the password. */
function withoutFinalNewline(value: string): string {
  return value.replace(/\r?\n$/, '');
}

/**
 * The password from --password-file or --password-stdin; undefined when neither was given.
 * `code` names the command's own input error (init and the admin commands word theirs differently).
 */
export async function readGivenPassword(flags: PasswordFlags, io: CliIo, code: string): Promise<string | undefined> {
  const inputError = (message: string) => new AppError(code, message, 400);
  if (flags.passwordFile !== undefined && flags.passwordStdin) {
    throw inputError('Give only one of --password-file and --password-stdin');
  }
  if (flags.passwordStdin) return withoutFinalNewline(await text(io.stdin));
  if (flags.passwordFile === undefined) return undefined;
  try {
    return withoutFinalNewline(await readFile(flags.passwordFile, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw inputError(`--password-file: cannot read ${flags.passwordFile} (${reason})`);
  }
}
