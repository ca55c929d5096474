import { CommanderError } from 'commander';
import type { CreatedWebhookView, DeliveryView, WebhookView } from '../../services/webhooks/endpoint-views.js';
import { WEBHOOK_EVENTS } from '../../services/webhooks/events.js';
import type { CliRun } from '../io.js';
import type { AdminFlags } from './admin-options.js';
import { confirmIrreversible } from './confirm.js';
import { type Column, printJson, printLines, printTable } from './output.js';
import { runAdminOperation } from './run-operation.js';

/*
 * The work of `feedbackd webhook …`: flags become the API's body fields, the operation runs
 * (through the server or directly), and the answer is printed as text or, with --json, as JSON.
 */

/** The flags of `webhook add` (undefined = not given). */
export interface AddWebhookFlags extends AdminFlags {
  events?: string;
  format?: string;
  description?: string;
  allowPrivate?: boolean;
}

export interface RemoveWebhookFlags extends AdminFlags {
  yes?: boolean;
}

export interface DeliveryFlags extends AdminFlags {
  status?: string;
  limit?: string;
}

/** A test waits for the server's webhook timeout (at most 120 s): longer than an ordinary answer. */
const TEST_ANSWER_TIMEOUT_MS = 130_000;

const WEBHOOK_COLUMNS: ReadonlyArray<Column<WebhookView>> = [
  { title: 'ID', cell: (webhook) => webhook.webhookId },
  { title: 'URL', cell: (webhook) => webhook.url },
  { title: 'FORMAT', cell: (webhook) => webhook.format },
  { title: 'EVENTS', cell: (webhook) => eventsText(webhook.events) },
  { title: 'STATE', cell: (webhook) => stateText(webhook) },
];

const DELIVERY_COLUMNS: ReadonlyArray<Column<DeliveryView>> = [
  { title: 'ID', cell: (delivery) => delivery.deliveryId },
  { title: 'EVENT', cell: (delivery) => delivery.event },
  { title: 'STATUS', cell: (delivery) => delivery.status },
  { title: 'ATTEMPTS', cell: (delivery) => String(delivery.attempts), alignRight: true },
  { title: 'RESPONSE', cell: (delivery) => (delivery.responseStatus === null ? '-' : String(delivery.responseStatus)), alignRight: true },
  { title: 'DURATION', cell: (delivery) => (delivery.durationMs === null ? '-' : `${delivery.durationMs} ms`), alignRight: true },
  { title: 'CREATED', cell: (delivery) => delivery.createdAt },
  { title: 'ERROR', cell: (delivery) => delivery.error ?? '-' },
];

/** `webhook add <url>`: the secret is printed this once. */
export async function addWebhookCommand(url: string, flags: AddWebhookFlags, run: CliRun): Promise<void> {
  const fields = {
    url,
    events: flags.events === undefined ? undefined : eventList(flags.events),
    format: flags.format,
    description: flags.description,
    allowPrivate: flags.allowPrivate,
  };
  const webhook = (await runAdminOperation(flags, run, 'webhook.add', fields)) as CreatedWebhookView;
  if (flags.json) return printJson(run.io, webhook);
  printLines(
    run.io,
    `Created webhook ${webhook.webhookId}: ${webhook.url} (format ${webhook.format}, events: ${eventsText(webhook.events)}).`,
    `Secret: ${webhook.secret}`,
    'The secret will not be shown again: store it now (receivers check X-Feedbackd-Signature with it).',
  );
}

/** `webhook list`. */
export async function listWebhooksCommand(flags: AdminFlags, run: CliRun): Promise<void> {
  const webhooks = (await runAdminOperation(flags, run, 'webhook.list')) as WebhookView[];
  if (flags.json) printJson(run.io, webhooks);
  else printTable(run.io, WEBHOOK_COLUMNS, webhooks, 'No webhooks.');
}

/** `webhook remove <id>`: asks first on a terminal; `--yes` in scripts. */
export async function removeWebhookCommand(id: string, flags: RemoveWebhookFlags, run: CliRun): Promise<void> {
  await confirmIrreversible(run, flags, `Remove the webhook ${id}? Its deliveries, sent or waiting, go with it.`);
  const webhook = (await runAdminOperation(flags, run, 'webhook.remove', { webhook: id })) as WebhookView;
  if (flags.json) return printJson(run.io, webhook);
  printLines(run.io, `Removed webhook ${webhook.webhookId} (${webhook.url}) and its deliveries.`);
}

/** `webhook enable|disable <id>`. */
export async function switchWebhookCommand(op: 'enable' | 'disable', id: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const webhook = (await runAdminOperation(flags, run, `webhook.${op}`, { webhook: id })) as WebhookView;
  if (flags.json) return printJson(run.io, webhook);
  const line = webhook.enabled
    ? `Webhook ${webhook.webhookId} (${webhook.url}) is enabled.`
    : `Webhook ${webhook.webhookId} (${webhook.url}) is disabled: nothing is sent to it until it is enabled again.`;
  printLines(run.io, line);
}

/** `webhook test <id>`: one delivery now; exit code 1 when it failed. */
export async function testWebhookCommand(id: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const delivery = (await runAdminOperation(flags, run, 'webhook.test', { webhook: id }, { answerTimeoutMs: TEST_ANSWER_TIMEOUT_MS })) as DeliveryView;
  if (flags.json) printJson(run.io, delivery);
  else printLines(run.io, testOutcome(delivery));
  // The line said it all: exit 1 without another error line (the CLI prints nothing for a CommanderError).
  if (delivery.status !== 'delivered') throw new CommanderError(1, 'feedbackd.webhook-test', 'the test delivery failed');
}

/** `webhook deliveries <id> [--status s] [--limit n]`. */
export async function listDeliveriesCommand(id: string, flags: DeliveryFlags, run: CliRun): Promise<void> {
  const args = { webhook: id, status: flags.status, limit: flags.limit };
  const deliveries = (await runAdminOperation(flags, run, 'webhook.deliveries', args)) as DeliveryView[];
  if (flags.json) printJson(run.io, deliveries);
  else printTable(run.io, DELIVERY_COLUMNS, deliveries, 'No deliveries.');
}

/** `--events a,b`: names separated by commas (spaces allowed); the API checks them. */
function eventList(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

function eventsText(events: readonly string[]): string {
  return events.length === WEBHOOK_EVENTS.length ? 'all' : events.join(',');
}

function stateText(webhook: WebhookView): string {
  if (!webhook.enabled) return webhook.disabledReason ? `disabled: ${webhook.disabledReason}` : 'disabled';
  return webhook.failingSince ? `enabled, failing since ${webhook.failingSince}` : 'enabled';
}

function testOutcome(delivery: DeliveryView): string {
  const status = delivery.responseStatus === null ? 'no answer' : `status ${delivery.responseStatus}`;
  const duration = delivery.durationMs === null ? '' : `, ${delivery.durationMs} ms`;
  const error = delivery.error ? `: ${delivery.error}` : '.';
  return `Test delivery ${delivery.status === 'delivered' ? 'delivered' : 'failed'}: ${status}${duration}${error}`;
}
