import type { Command } from 'commander';
import { type AdminFlags, addAdminOptions, withJsonErrors } from '../admin/admin-options.js';
import type { CliRun } from '../io.js';

/** `feedbackd token <user>`. */
export function addTokenCommand(program: Command, run: CliRun): void {
  const command = program
    .command('token')
    .description('print an access token for a user, for scripts (Authorization: Bearer <token>)')
    .argument('<user>', 'the user: email address or user id');
  addAdminOptions(command)
    .addHelpText(
      'after',
      '\nThe token is printed alone on one line; it works until it expires (FEEDBACKD_TOKEN_TTL, 7 days by default)' +
        "\nor until the user's password changes. Works whether or not feedbackd serve is running.",
    )
    .action((ref: string, flags: AdminFlags) =>
      withJsonErrors(run, flags, async () => {
        // Loaded on use: --help and usage errors need neither storage nor the socket client.
        const { tokenCommand } = await import('../admin/user-actions.js');
        await tokenCommand(ref, flags, run);
      }),
    );
}
