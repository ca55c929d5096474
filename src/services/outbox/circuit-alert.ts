import type { WebhookEndpointRow } from '../../storage/types.js';
import type { ServiceContext } from '../context.js';

/** Tells the owner an endpoint was turned off, with the command that turns it back on. Never throws. */
export async function sendCircuitAlert(ctx: ServiceContext, endpoint: WebhookEndpointRow): Promise<void> {
  const [owner, settings] = await Promise.all([ctx.storage.users.getOwner(), ctx.storage.settings.get()]);
  if (!owner || !ctx.mailer.isConfigured()) return;
  const text = [
    `feedbackd stopped sending events to this webhook of ${settings.title}:`,
    '',
    `  ${endpoint.url}${endpoint.description ? ` (${endpoint.description})` : ''}`,
    '',
    `${endpoint.disabledReason ?? 'It kept failing'} (failing since ${endpoint.failingSince ?? 'an unknown time'}).`,
    '',
    'Events that happen while it is off are not kept for it. Once the receiver works again, turn it back on:',
    '',
    `  feedbackd webhook enable ${endpoint.id}`,
  ].join('\n');
  await ctx.mailer.send({ to: owner.email, subject: `Webhook turned off: ${endpoint.url}`, text, kind: 'alert', siteTitle: settings.title });
}
