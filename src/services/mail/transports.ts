import { createTransport, type SendMailOptions } from 'nodemailer';
import type { Config } from '../../config/types.js';
import { outboxDir, writeOutboxFile } from './outbox.js';

/** One configured way out for mail: an SMTP server or the outbox directory (API.md §6.1). */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the message is accepted (SMTP) or durably written (outbox); rejects otherwise. */
  deliver(mail: SendMailOptions): Promise<void>;
  close(): void;
}

/** SMTP timeouts: a dead or stalled server fails the send instead of holding it forever. */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  dnsTimeout: 10_000,
} as const;

/** The transport the config selects (SMTP wins over the outbox), or null when mail is missing. */
export function createMailTransport(config: Config): MailTransport | null {
  if (config.smtpUrl) return smtpTransport(config.smtpUrl);
  if (config.mailOutbox) return outboxTransport(outboxDir(config.dataDir));
  return null;
}

function smtpTransport(url: string): MailTransport {
  // Not pooled: mail is rare (sign-up, reset), and a fresh connection per message needs no upkeep.
  const transporter = createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

function outboxTransport(dir: string): MailTransport {
  // The stream transport only composes the RFC 5322 message; CRLF line ends as the RFC asks.
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    async deliver(mail) {
      const info = await composer.sendMail(mail);
      if (!Buffer.isBuffer(info.message)) throw new Error('outbox: composed message is not a buffer');
      await writeOutboxFile(dir, info.message);
    },
    close: () => composer.close(),
  };
}
