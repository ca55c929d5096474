import { mailText } from '../../i18n/mail/catalogue.js';
import type { Locale } from '../../i18n/locales.js';
import type { WebhookEndpointRow } from '../../storage/types.js';
import type { ServiceContext } from '../context.js';
import { mailLocale } from '../mail/mail-locale.js';

/** Tells the owner an endpoint was turned off, in their language, with the command that turns it back on. Never throws. */
export async function sendCircuitAlert(ctx: ServiceContext, endpoint: WebhookEndpointRow): Promise<void> {
  const [owner, settings] = await Promise.all([ctx.storage.users.getOwner(), ctx.storage.settings.get()]);
  if (!owner || !ctx.mailer.isConfigured()) return;
  const locale = mailLocale(owner, settings);
  const reason = endpoint.disabledReason ?? mailText(locale, 'webhookOff.keptFailing');
  const text = [
    mailText(locale, 'webhookOff.intro', { site: settings.title }),
    '',
    `  ${endpoint.url}${endpoint.description ? ` (${endpoint.description})` : ''}`,
    '',
    // The reason is the delivery's own (an HTTP status, a network error): technical, so as it is.
    endpoint.failingSince === null
      ? mailText(locale, 'webhookOff.failingUnknown', { reason })
      : mailText(locale, 'webhookOff.failing', { reason, since: dateTime(locale, endpoint.failingSince) }),
    '',
    mailText(locale, 'webhookOff.turnBackOn'),
    '',
    `  feedbackd webhook enable ${endpoint.id}`,
  ].join('\n');
  await ctx.mailer.send({ to: owner.email, subject: mailText(locale, 'webhookOff.subject', { url: endpoint.url }), text, kind: 'alert', siteTitle: settings.title });
}

/** A moment as the language writes it, in UTC (the server does not know the owner's time zone), naming the zone. */
function dateTime(locale: Locale, iso: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}
