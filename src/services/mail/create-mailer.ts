import { randomUUID } from 'node:crypto';
import type { NodemailerError, SendMailOptions } from 'nodemailer';
import type { Config } from '../../config/types.js';
import type { Logger } from '../../logger.js';
import type { MailLogRow, Storage } from '../../storage/types.js';
import { fromAddress } from './from-address.js';
import type { Mailer, MailMessage, SendResult } from './mailer.js';
import { createMailTransport, type MailTransport } from './transports.js';

/** How many mail log entries storage keeps (API.md §6.4). */
export const MAIL_LOG_KEEP = 1000;

interface MailerParts {
  config: Config;
  storage: Storage;
  logger: Logger;
  transport: MailTransport | null;
}

/** The mailer of one process: SMTP when `smtpUrl` is set, else the outbox, else "missing". */
export function createMailer(config: Config, storage: Storage, logger: Logger): Mailer {
  const parts: MailerParts = { config, storage, logger, transport: createMailTransport(config) };
  // Callers do not await sends (API.md §6.4); close() waits for them so their log rows land first.
  const inFlight = new Set<Promise<SendResult>>();
  return {
    isConfigured: () => parts.transport !== null,
    send(message, requestId) {
      const pending = sendMessage(parts, message, requestId);
      inFlight.add(pending);
      void pending.finally(() => inFlight.delete(pending));
      return pending;
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      parts.transport?.close();
    },
  };
}

async function sendMessage(parts: MailerParts, message: MailMessage, requestId?: string): Promise<SendResult> {
  const { transport, logger } = parts;
  if (!transport) {
    // Nothing was attempted, so there is no transport to put in a mail log row.
    const error = 'mail is not configured';
    logger.error({ requestId, kind: message.kind, err: error }, 'mail delivery failed');
    return { ok: false, transport: 'smtp', error };
  }
  const createdAt = new Date().toISOString();
  const failure = await attempt(transport, composeMail(parts.config, message));
  if (failure !== null) {
    logger.error({ requestId, kind: message.kind, transport: transport.kind, ...failureFields(failure) }, 'mail delivery failed');
  } else {
    logger.debug({ requestId, kind: message.kind, transport: transport.kind }, 'mail sent');
  }
  const error = failure === null ? null : errorText(failure);
  await record(parts, logRow(message, transport.kind, createdAt, error), requestId);
  return { ok: error === null, transport: transport.kind, error };
}

function composeMail(config: Config, message: MailMessage): SendMailOptions {
  return {
    from: fromAddress(config, message.siteTitle),
    // Structured, so an address can never be read as a list of recipients (`a@x, b@y`).
    to: { name: '', address: message.to },
    subject: message.subject,
    text: message.text,
    html: message.html,
    // RFC 3834: tells vacation responders and the like not to answer machine-sent mail.
    headers: { 'Auto-Submitted': 'auto-generated', ...message.headers },
  };
}

/** The delivery error, or null when the message went out. */
async function attempt(transport: MailTransport, mail: SendMailOptions): Promise<unknown> {
  try {
    await transport.deliver(mail);
    return null;
  } catch (err) {
    return err ?? new Error('unknown mail error');
  }
}

function logRow(message: MailMessage, transport: MailTransport['kind'], createdAt: string, error: string | null): MailLogRow {
  const status = error === null ? 'sent' : 'failed';
  return { id: randomUUID(), createdAt, to: message.to, subject: message.subject, kind: message.kind, transport, status, error };
}

async function record(parts: MailerParts, row: MailLogRow, requestId?: string): Promise<void> {
  try {
    await parts.storage.transaction((tx) => tx.mailLog.append(row, MAIL_LOG_KEEP));
  } catch (err) {
    // A full disk or closed storage must not turn a send into a throw (Mailer.send never throws).
    parts.logger.error({ requestId, kind: row.kind, err: errorText(err) }, 'mail log write failed');
  }
}

/** What a delivery failure may tell: never the message, which holds the token. */
function failureFields(err: unknown): Record<string, unknown> {
  const e = (err !== null && typeof err === 'object' ? err : {}) as NodemailerError;
  return { err: errorText(err), code: e.code, smtpCode: e.responseCode, smtpResponse: e.response };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
