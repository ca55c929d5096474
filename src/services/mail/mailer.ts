import type { MailKind } from '../../storage/types.js';

/** An outgoing message, already composed. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: MailKind;
  /** Extra headers, such as List-Unsubscribe on notification mail. */
  headers?: Readonly<Record<string, string>>;
  /** Display name for the default From address (the site title at sending time). */
  siteTitle: string;
}

export interface SendResult {
  ok: boolean;
  transport: 'smtp' | 'outbox';
  /** The transport's own error text when `ok` is false. */
  error: string | null;
}

/** Sends mail through SMTP or the outbox directory (API.md §6). */
export interface Mailer {
  /** SMTP or outbox is configured (API.md §6.1). */
  isConfigured(): boolean;
  /**
   * Sends one message and records the attempt in the mail log. Never throws: a failure is logged
   * (with the request id when given) and returned.
   */
  send(message: MailMessage, requestId?: string): Promise<SendResult>;
  close(): Promise<void>;
}
