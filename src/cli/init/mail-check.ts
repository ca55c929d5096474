import type { Config } from '../../config/types.js';
import { createLogger } from '../../logger.js';
import { createMailer } from '../../services/mail/create-mailer.js';
import { testMessage } from '../../services/mail/messages.js';
import { smtpFailureHint } from '../mail/failure-hint.js';
import { unrecordedStorage } from '../mail/mail-log-storage.js';
import { type CliIo, say } from '../io.js';
import { askConfirm, type Prompt } from '../prompt.js';
import type { MailChoice } from './answers.js';

/** What to do after a mail failed: another SMTP URL, the outbox, or keep what is set. */
export type MailFix = 'smtp' | 'outbox' | 'keep';

/** Sends one test message through `smtpUrl` (nothing recorded, nothing logged): null when sent, else the server's error. */
export async function trySmtp(config: Config, smtpUrl: string, to: string): Promise<string | null> {
  const mailer = createMailer({ ...config, smtpUrl, mailOutbox: false }, unrecordedStorage(), createLogger('silent'));
  try {
    const result = await mailer.send(testMessage({ siteTitle: 'feedbackd', to }));
    return result.ok ? null : (result.error ?? 'unknown error');
  } finally {
    await mailer.close();
  }
}

/** The lines that say a mail failed, readable: the server's answer on one line, then the hint. */
export function mailFailureLines(what: string, smtpUrl: string | null, error: string): string[] {
  const reason = error.trim().replace(/\s*\n\s*/g, ' ');
  return [`${what} could not be sent: ${reason}`, ...(smtpUrl ? smtpFailureHint(smtpUrl, error).split('\n') : [])];
}

/** Asks what to do about a mail that failed. */
export async function askMailFix(prompt: Prompt): Promise<MailFix> {
  const answer = await prompt({
    type: 'select',
    name: 'mailFix',
    message: 'What now?',
    choices: [
      { name: 'Enter the SMTP settings again', value: 'smtp' },
      { name: 'Write mail to the outbox instead (set SMTP up later)', value: 'outbox' },
      { name: 'Keep these settings', value: 'keep' },
    ],
  });
  return answer === 'smtp' || answer === 'outbox' ? answer : 'keep';
}

/**
 * In the wizard, right after an SMTP URL: offers a test message to the owner's address, and on a
 * failure shows the server's answer and asks again, switches to the outbox, or keeps the URL.
 */
export async function checkSmtpChoice(
  io: CliIo,
  config: Config,
  to: string,
  ask: () => Promise<MailChoice>,
  first: MailChoice,
): Promise<MailChoice> {
  for (let choice = first; ; ) {
    if (choice.kind !== 'smtp') return choice;
    if (!(await askConfirm(io.prompt, { name: 'mailTest', message: `Send a test message to ${to} now?`, default: true }))) return choice;
    const error = await trySmtp(config, choice.smtpUrl, to);
    if (error === null) {
      say(io, `Test message sent to ${to}.`);
      return choice;
    }
    for (const line of mailFailureLines('The test message', choice.smtpUrl, error)) say(io, line);
    const fix = await askMailFix(io.prompt);
    if (fix === 'keep') return choice;
    choice = fix === 'outbox' ? { kind: 'outbox' } : await ask();
  }
}
