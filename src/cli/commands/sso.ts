import type { Command } from 'commander';
import type { AdminFlags } from '../admin/admin-options.js';
import { act, actOn, addCommandGroup } from '../admin/content-command.js';
import type { CliRun } from '../io.js';

/** Loaded on use: --help and usage errors need neither storage nor the socket client. */
const actions = () => import('../admin/sso-actions.js');

/** `feedbackd sso secret …`: the keys the team's product signs its single sign-on tokens with. */
export function addSsoCommand(program: Command, run: CliRun): void {
  const sso = program.command('sso').description("single sign-on from your product: the secrets it signs its tokens with");
  const sub = addCommandGroup(sso, 'secret', 'create, list and revoke single sign-on secrets');
  sub('create', 'create a secret and print it (shown this once)').action(
    act(run, async (flags: AdminFlags) => (await actions()).createSecretCommand(flags, run)),
  );
  sub('list', 'list the secrets: id, created, last used (never the secret)').action(
    act(run, async (flags: AdminFlags) => (await actions()).listSecretsCommand(flags, run)),
  );
  sub('revoke', 'revoke a secret: tokens signed with it are refused from now on')
    .argument('<id>', 'the secret: its id')
    .action(actOn(run, async (id: string, flags: AdminFlags) => (await actions()).revokeSecretCommand(id, flags, run)));
}
