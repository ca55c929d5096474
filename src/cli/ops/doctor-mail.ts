import type { Config } from '../../config/types.js';
import { AppError } from '../../errors.js';
import { outboxDir } from '../../services/mail/outbox.js';
import type { CliRun, TextSink } from '../io.js';
import { describeSmtpUrl, serverAddress } from '../mail/smtp-server.js';
import { type CheckResult, fail, ok, warn } from './doctor-check.js';

/** How mail leaves (API.md §6.1): SMTP, the outbox, or not at all. */
export function mailConfigCheck(config: Pick<Config, 'smtpUrl' | 'mailOutbox' | 'dataDir'>): CheckResult {
  if (config.smtpUrl) {
    const server = describeSmtpUrl(config.smtpUrl);
    const auth = server.user === null ? 'no authentication' : `user "${server.user}"`;
    return ok(`mail: SMTP server ${serverAddress(server)} (${server.tls}, ${auth})`, 'add --send-test <address> to send a message');
  }
  if (config.mailOutbox) {
    const what = `mail: written as files into ${outboxDir(config.dataDir)}/, nothing is sent`;
    return warn(what, 'set --smtp-url (or FEEDBACKD_SMTP_URL) to send mail');
  }
  return warn(
    'mail: not configured, so setup, sign-up, email verification and password reset answer 501',
    'set FEEDBACKD_SMTP_URL (or "smtpUrl" in config.json), or --mail-outbox to collect messages as files',
  );
}

function collector(): { sink: TextSink; text: () => string } {
  const chunks: string[] = [];
  return { sink: { write: (text: string) => chunks.push(text) }, text: () => chunks.join('').trim() };
}

/** Sends a test message with `feedbackd mail test`'s own code, its output turned into one check line. */
export async function mailSendCheck(address: string, flags: Readonly<Record<string, unknown>>, run: CliRun): Promise<CheckResult> {
  const { runMailTest } = await import('../mail/run-mail-test.js');
  const out = collector();
  const quiet: CliRun = { io: { ...run.io, stdout: out.sink, stderr: collector().sink }, showStacks: false };
  try {
    await runMailTest(address, flags, quiet);
    return ok(`mail test: ${out.text()}`);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const [first, ...hints] = error.message.split('\n');
    const todo = hints.map((hint) => hint.replace(/^hint: /, '')).join('; ');
    return fail(`mail test: ${first}`, todo || 'fix the mail settings and try again');
  }
}
