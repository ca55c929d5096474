import type { Command } from 'commander';
import type { AdminFlags } from '../admin/admin-options.js';
import { WEBHOOK_EVENTS } from '../../services/webhooks/events.js';
import { act, actOn, addCommandGroup, wrappedList } from '../admin/content-command.js';
import type { AddWebhookFlags, DeliveryFlags, RemoveWebhookFlags } from '../admin/webhook-actions.js';
import type { CliRun } from '../io.js';

/** Loaded on use: --help and usage errors need neither storage nor the socket client. */
const actions = () => import('../admin/webhook-actions.js');

const WEBHOOK_ARGUMENT = ['<id>', 'the webhook: its id'] as const;

const EVENTS_HELP =
  `\nEvents (all of them without --events):\n${wrappedList(WEBHOOK_EVENTS.map((name) => `${name},`)).replace(/,$/, '')}` +
  '\nThe secret signs every json delivery (X-Feedbackd-Signature); add prints it once,\nand it is never shown again.';

/** `feedbackd webhook …`: the owner's webhook endpoints, a test delivery and recent deliveries. */
export function addWebhookCommand(program: Command, run: CliRun): void {
  const sub = addCommandGroup(program, 'webhook', 'add, list, test and remove webhook endpoints; show their deliveries');
  sub('add', 'add a webhook endpoint and print its secret (shown this once)')
    .argument('<url>', 'where events are POSTed: an http:// or https:// URL')
    .option('--events <names>', 'the events it receives, separated by commas (default: all)')
    .option('--format <format>', 'json (signed envelope, the default), slack or discord (a chat message)')
    .option('--description <text>', 'a note for yourself (at most 200 characters)')
    .option('--allow-private', 'let it reach loopback and private addresses (a receiver you run yourself)')
    .addHelpText('after', EVENTS_HELP)
    .action(actOn(run, async (url: string, flags: AddWebhookFlags) => (await actions()).addWebhookCommand(url, flags, run)));
  sub('list', 'list every webhook endpoint (aligned table, or --json)').action(
    act(run, async (flags: AdminFlags) => (await actions()).listWebhooksCommand(flags, run)),
  );
  sub('remove', 'remove a webhook endpoint with its deliveries')
    .argument(...WEBHOOK_ARGUMENT)
    .option('-y, --yes', 'do not ask for confirmation (needed when not run on a terminal)')
    .action(actOn(run, async (id: string, flags: RemoveWebhookFlags) => (await actions()).removeWebhookCommand(id, flags, run)));
  sub('test', 'send a test delivery now and print what the receiver did (exit code 1 when it failed)')
    .argument(...WEBHOOK_ARGUMENT)
    .action(actOn(run, async (id: string, flags: AdminFlags) => (await actions()).testWebhookCommand(id, flags, run)));
  sub('deliveries', "list a webhook's recent deliveries, newest first")
    .argument(...WEBHOOK_ARGUMENT)
    .option('--status <status>', 'only pending, delivered or failed ones')
    .option('--limit <n>', 'at most this many (1..100, default 20)')
    .action(actOn(run, async (id: string, flags: DeliveryFlags) => (await actions()).listDeliveriesCommand(id, flags, run)));
  for (const op of ['enable', 'disable'] as const) {
    const about = op === 'enable' ? 'turn a webhook endpoint on again (clears its failure state)' : 'turn a webhook endpoint off: nothing is sent to it until enabled';
    sub(op, about)
      .argument(...WEBHOOK_ARGUMENT)
      .action(actOn(run, async (id: string, flags: AdminFlags) => (await actions()).switchWebhookCommand(op, id, flags, run)));
  }
}
