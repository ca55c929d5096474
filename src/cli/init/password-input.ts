import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { AppError } from '../../errors.js';
import type { CliIo } from '../io.js';
import type { InitFlags } from './init-flags.js';

function inputError(message: string): AppError {
  return new AppError('INIT_INPUT_INVALID', message, 400);
}

/** `echo pw > file` and `printf 'pw\n' | …` end with a newline that is not part of the password. */
function withoutFinalNewline(value: string): string {
  return value.replace(/\r?\n$/, '');
}

async function readPasswordFile(path: string): Promise<string> {
  try {
    return withoutFinalNewline(await readFile(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw inputError(`--password-file: cannot read ${path} (${code})`);
  }
}

/** The password from --password-file or --password-stdin; undefined when neither was given. */
export async function readPasswordInput(flags: InitFlags, io: CliIo): Promise<string | undefined> {
  if (flags.passwordFile !== undefined && flags.passwordStdin) {
    throw inputError('give only one of --password-file and --password-stdin');
  }
  if (flags.passwordFile !== undefined) return readPasswordFile(flags.passwordFile);
  if (flags.passwordStdin) return withoutFinalNewline(await text(io.stdin));
  return undefined;
}
