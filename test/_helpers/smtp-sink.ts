import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** An SMTP error reply the sink gives instead of accepting mail. */
export interface SmtpReply {
  /** e.g. 550 (permanent) or 451 (temporary). */
  code: number;
  message: string;
}

export interface SmtpSinkOptions {
  /**
   * Reject every recipient (at RCPT TO) so senders see a delivery failure: with this reply, or
   * with `550 Mailbox unavailable` when `true`.
   */
  reject?: SmtpReply | boolean;
}

/** The reply `reject: true` gives. */
export const MAILBOX_UNAVAILABLE: SmtpReply = { code: 550, message: 'Mailbox unavailable' };

/** A real SMTP server on loopback that keeps what it receives. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, ready for `smtpUrl`. */
  url: string;
  port: number;
  /** Every accepted message, parsed, in arrival order. */
  messages: ParsedMail[];
  /** Resolves with the messages once at least `n` have arrived; rejects after `timeoutMs`. */
  waitForMessages(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Changes the reply to later recipients: an error reply, or null to accept again. */
  setReject(reply: SmtpReply | null): void;
  close(): Promise<void>;
}

/** Starts an SMTP sink on 127.0.0.1, any free port: no TLS, authentication optional. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  let reject = rejectReply(options.reject);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(reject ? smtpError(reject) : null);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          messages.push(parsed);
          for (const wake of waiters) wake();
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  const port = await listen(server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMessages: (n, timeoutMs = 5000) => waitFor(messages, waiters, n, timeoutMs),
    setReject(reply) {
      reject = reply;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function rejectReply(option: SmtpSinkOptions['reject']): SmtpReply | null {
  if (option === true) return MAILBOX_UNAVAILABLE;
  return option || null;
}

function smtpError(reply: SmtpReply): Error {
  // smtp-server sends responseCode + message as the SMTP reply line.
  return Object.assign(new Error(reply.message), { responseCode: reply.code });
}

function listen(server: SMTPServer): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

function waitFor(messages: ParsedMail[], waiters: Set<() => void>, n: number, timeoutMs: number): Promise<ParsedMail[]> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (messages.length < n) return;
      done();
      resolve([...messages]);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`SMTP sink: ${messages.length} of ${n} messages after ${timeoutMs} ms`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      waiters.delete(check);
    };
    waiters.add(check);
    check();
  });
}
