import { userInfo } from 'node:os';
import { resolveConfig } from '../../config/load.js';
import { AppError } from '../../errors.js';
import type { CliRun } from '../io.js';
import { feedbackdBinPath, systemdUnit } from './systemd-unit.js';

const USER_NAME = /^[a-z_][a-z0-9_-]*[$]?$/i;

/** `feedbackd service --print`: the unit on stdout, so that it can be redirected into place. */
export async function runService(flags: Readonly<Record<string, unknown>>, run: CliRun): Promise<void> {
  if (flags.print !== true) {
    const usage = 'feedbackd service --print > /etc/systemd/system/feedbackd.service';
    throw new AppError('INVALID_ARGUMENTS', `Nothing to do: add --print (${usage})`, 400);
  }
  const { config } = await resolveConfig({ flags, env: run.io.env });
  const user = serviceUser(flags.user);
  const binPath = stableBinPath(feedbackdBinPath());
  run.io.stdout.write(systemdUnit({ user, dataDir: config.dataDir, nodePath: process.execPath, binPath, port: config.port }));
}

/**
 * npx runs feedbackd from its cache (`~/.npm/_npx/<hash>/…`), which npm may clear, and which sits
 * under a home directory the unit's ProtectHome hides from the service user: a unit pointing
 * there cannot start. Refuse it and say how to get a path that lasts.
 */
export function stableBinPath(binPath: string): string {
  if (!/[\\/]_npx[\\/]/.test(binPath)) return binPath;
  throw new AppError(
    'INVALID_ARGUMENTS',
    `feedbackd runs from npx's cache (${binPath}), which a service cannot use: install it first with ` +
      '`npm install -g feedbackd`, then run `feedbackd service --print` again',
    400,
  );
}

/** The --user value, else the current user; root is never the default (serve needs no privileges). */
function serviceUser(given: unknown): string {
  if (typeof given === 'string') {
    if (!USER_NAME.test(given) || given.length > 32) {
      throw new AppError('INVALID_ARGUMENTS', `--user "${given}" is not a valid user name`, 400);
    }
    return given;
  }
  const current = userInfo().username;
  return current === 'root' ? 'feedbackd' : current;
}
