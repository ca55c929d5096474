import type { Command } from 'commander';
import type { AdminFlags } from '../admin/admin-options.js';
import type { AddProviderFlags } from '../admin/auth-provider-actions.js';
import { act, actOn, addCommandGroup } from '../admin/content-command.js';
import type { CliRun } from '../io.js';

/** Loaded on use: --help and usage errors need neither storage nor the socket client. */
const actions = () => import('../admin/auth-provider-actions.js');

const PROVIDER_HELP =
  '\nThe redirect URI to register at the provider is <publicUrl>/api/v1/auth/oidc/<id>/callback.' +
  '\n--preset google, microsoft or gitlab fills in the issuer and the name; --preset github uses' +
  "\nGitHub's OAuth 2 (not OpenID Connect) and the person's verified primary email.";

/** `feedbackd auth provider …`: OpenID Connect (and GitHub) providers people may sign in with. */
export function addAuthCommand(program: Command, run: CliRun): void {
  const auth = program.command('auth').description('ways of signing in: OpenID Connect and GitHub providers');
  const sub = addCommandGroup(auth, 'provider', 'add, list, disable, enable and remove sign-in providers');
  sub('add', 'add a provider: a "Continue with <name>" button on the sign-in page')
    .argument('<id>', 'its id, chosen by you: 1..40 of a-z, 0-9 and "-" (in its redirect URI)')
    .option('--preset <name>', 'google, microsoft, gitlab (issuer filled in) or github')
    .option('--issuer <url>', 'the OpenID issuer URL (https; http only on a loopback address)')
    .option('--client-id <id>', 'the client id the provider gave you')
    .option('--client-secret-file <path>', 'a file holding the client secret (one trailing newline ignored)')
    .option('--name <label>', "the name on its button (default: the preset's)")
    .option('--allowed-domains <list>', 'only these email domains, separated by commas (default: any)')
    .option('--allow-team', "let team accounts sign in with it too (your company's own provider)")
    .addHelpText('after', PROVIDER_HELP)
    .action(actOn(run, async (id: string, flags: AddProviderFlags) => (await actions()).addProviderCommand(id, flags, run)));
  sub('list', 'list the providers (never their client secrets)').action(
    act(run, async (flags: AdminFlags) => (await actions()).listProvidersCommand(flags, run)),
  );
  for (const op of ['disable', 'enable'] as const) {
    const about = op === 'disable' ? 'turn a provider off: its button goes, its settings and links stay' : 'turn a provider on again: its button comes back';
    sub(op, about)
      .argument('<id>', 'the provider: its id')
      .action(actOn(run, async (id: string, flags: AdminFlags) => (await actions()).switchProviderCommand(op, id, flags, run)));
  }
  sub('remove', 'remove a provider: its button goes at once')
    .argument('<id>', 'the provider: its id')
    .action(actOn(run, async (id: string, flags: AdminFlags) => (await actions()).removeProviderCommand(id, flags, run)));
}
