import { readFile } from 'node:fs/promises';
import { AppError } from '../../errors.js';
import type { AuthProviderView } from '../../services/auth-providers/providers.js';
import type { CliRun } from '../io.js';
import type { AdminFlags } from './admin-options.js';
import { type Column, printJson, printLines, printTable } from './output.js';
import { runAdminOperation } from './run-operation.js';

/* The work of `feedbackd auth provider …`: the operation runs (through the server or directly), and its answer is printed. */

export interface AddProviderFlags extends AdminFlags {
  preset?: string;
  issuer?: string;
  clientId?: string;
  clientSecretFile?: string;
  name?: string;
  allowedDomains?: string;
  allowTeam?: boolean;
}

const PROVIDER_COLUMNS: ReadonlyArray<Column<AuthProviderView>> = [
  { title: 'ID', cell: (provider) => provider.providerId },
  { title: 'NAME', cell: (provider) => provider.name },
  { title: 'ISSUER', cell: (provider) => provider.issuer },
  { title: 'CLIENT ID', cell: (provider) => provider.clientId },
  {
    title: 'DOMAINS',
    cell: (provider) => provider.allowedDomains.join(',') || 'any',
  },
  { title: 'TEAM', cell: (provider) => (provider.allowTeam ? 'yes' : 'no') },
  { title: 'STATE', cell: (provider) => (provider.enabled ? 'on' : 'off') },
];

/** `auth provider add <id>`: the secret comes from a file, never the command line (shell history, `ps`). */
export async function addProviderCommand(id: string, flags: AddProviderFlags, run: CliRun): Promise<void> {
  const args = {
    providerId: id,
    preset: flags.preset,
    issuer: flags.issuer,
    clientId: flags.clientId,
    clientSecret: await readClientSecret(flags.clientSecretFile),
    name: flags.name,
    allowedDomains: flags.allowedDomains === undefined ? undefined : flags.allowedDomains.split(','),
    allowTeam: flags.allowTeam === true,
  };
  const provider = (await runAdminOperation(flags, run, 'auth.provider.add', args)) as AuthProviderView;
  if (flags.json) return printJson(run.io, provider);
  printLines(run.io, `Added sign-in provider ${provider.providerId} ("Continue with ${provider.name}").`);
}

/** `echo secret > file` ends with a newline that is not part of the secret, as with --password-file. */
async function readClientSecret(path: string | undefined): Promise<string> {
  if (path === undefined)
    throw new AppError('CLIENT_SECRET_INPUT_INVALID', 'Give --client-secret-file <path> (a secret is never taken from the command line)', 400);
  try {
    return (await readFile(path, 'utf8')).replace(/\r?\n$/, '');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new AppError('CLIENT_SECRET_INPUT_INVALID', `--client-secret-file: cannot read ${path} (${reason})`, 400);
  }
}

/** `auth provider list`: never the client secrets. */
export async function listProvidersCommand(flags: AdminFlags, run: CliRun): Promise<void> {
  const providers = (await runAdminOperation(flags, run, 'auth.provider.list')) as AuthProviderView[];
  if (flags.json) return printJson(run.io, providers);
  printTable(run.io, PROVIDER_COLUMNS, providers, 'No sign-in providers.');
}

/** `auth provider remove <id>`: its button goes at once; the people it signed in keep their accounts. */
export async function removeProviderCommand(id: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const provider = (await runAdminOperation(flags, run, 'auth.provider.remove', { provider: id })) as AuthProviderView;
  if (flags.json)
    return printJson(run.io, {
      providerId: provider.providerId,
      removed: true,
    });
  printLines(run.io, `Removed sign-in provider ${provider.providerId}.`);
}

/** `auth provider enable|disable <id>`: its button comes back or goes; its settings and links stay either way. */
export async function switchProviderCommand(op: 'enable' | 'disable', id: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const provider = (await runAdminOperation(flags, run, `auth.provider.${op}`, { provider: id })) as AuthProviderView;
  if (flags.json) return printJson(run.io, provider);
  const line = provider.enabled
    ? `Sign-in provider ${provider.providerId} is on ("Continue with ${provider.name}" is on the sign-in page).`
    : `Sign-in provider ${provider.providerId} is off: not shown on the sign-in page, and no one can sign in with it until it is enabled again.`;
  printLines(run.io, line);
}
