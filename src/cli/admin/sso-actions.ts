import type { CreatedSsoSecretView, SsoSecretView } from '../../services/sso/secrets.js';
import type { CliRun } from '../io.js';
import type { AdminFlags } from './admin-options.js';
import { type Column, printJson, printLines, printTable } from './output.js';
import { runAdminOperation } from './run-operation.js';

/* The work of `feedbackd sso secret …`: the operation runs (through the server or directly), and its answer is printed. */

const SECRET_COLUMNS: ReadonlyArray<Column<SsoSecretView>> = [
  { title: 'ID', cell: (secret) => secret.secretId },
  { title: 'CREATED', cell: (secret) => secret.createdAt },
  { title: 'LAST USED', cell: (secret) => secret.lastUsedAt ?? 'never' },
];

/** `sso secret create`: the key is printed this once. */
export async function createSecretCommand(flags: AdminFlags, run: CliRun): Promise<void> {
  const created = (await runAdminOperation(flags, run, 'sso.secret.create')) as CreatedSsoSecretView;
  if (flags.json) return printJson(run.io, { id: created.secretId, secret: created.secret });
  printLines(
    run.io,
    `Created single sign-on secret ${created.secretId}.`,
    `Secret: ${created.secret}`,
    'It will not be shown again: store it in your product now. Sign tokens with it (HS256), with its id as the kid header.',
  );
}

/** `sso secret list`: never the keys. */
export async function listSecretsCommand(flags: AdminFlags, run: CliRun): Promise<void> {
  const secrets = (await runAdminOperation(flags, run, 'sso.secret.list')) as SsoSecretView[];
  if (flags.json) return printJson(run.io, secrets.map((secret) => ({ id: secret.secretId, createdAt: secret.createdAt, lastUsedAt: secret.lastUsedAt })));
  printTable(run.io, SECRET_COLUMNS, secrets, 'No single sign-on secrets.');
}

/** `sso secret revoke <id>`: at once, without asking, because it is what one does with a leaked key. */
export async function revokeSecretCommand(id: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const secret = (await runAdminOperation(flags, run, 'sso.secret.revoke', { secret: id })) as SsoSecretView;
  if (flags.json) return printJson(run.io, { id: secret.secretId, revoked: true });
  printLines(run.io, `Revoked single sign-on secret ${secret.secretId}: tokens signed with it are refused from now on.`);
}
