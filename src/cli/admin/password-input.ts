import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { AppError } from '../../errors.js';
import type { CliIo } from '../io.js';

/** Where a command may take a password from; a password is never accepted on the command line. */
export interface PasswordFlags {
  passwordFile?: string;
  passwordStdin?: boolean;
}

function inputError(message: string): AppError {
  return new AppError('PASSWORD_INPUT_INVALID', message, 400);
}

/** `echo pw > file` and `printf 'pw\n' | …` end with a newline that is not part of the password. */
function withoutFinalNewline(value: string): string {
  return value.replace(/\r?\n$/, '');
}

async function readPasswordFile(path: string): Promise<string> {
  try {
    return withoutFinalNewline(await readFile(path, 'utf8'));
  } catch (error) {
    throw inputError(`--password-file: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

/** The password from --password-file or --password-stdin; undefined when neither was given. */
export async function readGivenPassword(flags: PasswordFlags, io: CliIo): Promise<string | undefined> {
  if (flags.passwordFile !== undefined && flags.passwordStdin) throw inputError('give only one of --password-file and --password-stdin');
  if (flags.passwordFile !== undefined) return readPasswordFile(flags.passwordFile);
  if (flags.passwordStdin) return withoutFinalNewline(await text(io.stdin));
  return undefined;
}

/** The password from the flags, else asked for (hidden) on a terminal; without either, a clear error. */
export async function readRequiredPassword(flags: PasswordFlags, io: CliIo): Promise<string> {
  const given = await readGivenPassword(flags, io);
  if (given !== undefined) return given;
  if (!io.interactive) throw inputError('give --password-file <path> or --password-stdin (a password is never taken from the command line)');
  const answer = await io.prompt({ type: 'password', name: 'password', message: 'New password (8 to 72 bytes):' });
  return typeof answer === 'string' ? answer : '';
}
