import { type LoadedConfig, resolveConfig } from '../../config/load.js';
import type { Config } from '../../config/types.js';
import { AppError } from '../../errors.js';
import { createLogger } from '../../logger.js';
import { createMailer } from '../../services/mail/create-mailer.js';
import type { SendResult } from '../../services/mail/mailer.js';
import { testMessage } from '../../services/mail/messages.js';
import { siteLocale } from '../../services/mail/mail-locale.js';
import { outboxDir } from '../../services/mail/outbox.js';
import { parseEmail } from '../../services/validation/account.js';
import { DEFAULT_SETTINGS } from '../../storage/seed.js';
import { type CliRun, say } from '../io.js';
import { outboxFailureHint, smtpFailureHint } from './failure-hint.js';
import { openMailLogStorage, unrecordedStorage } from './mail-log-storage.js';
import { describeSmtpUrl, serverAddress } from './smtp-server.js';

/** `feedbackd mail test <address>`: sends one test message; a failure exits 1 with the server's error and a hint. */
export async function runMailTest(address: string, flags: Readonly<Record<string, unknown>>, run: CliRun): Promise<void> {
  const to = recipient(address);
  const loaded = await resolveConfig({ flags, env: run.io.env });
  const { config } = loaded;
  // As serve does; not imported from there, which would load the whole HTTP stack.
  run.showStacks = ['debug', 'trace'].includes(config.logLevel);
  if (!config.smtpUrl && !config.mailOutbox) throw mailNotConfigured();
  const result = await sendTestMessage(loaded, to, run);
  if (!result.ok) throw sendFailed(config, to, result.error ?? 'unknown error');
  say(run.io, successLine(config, to));
}

async function sendTestMessage(loaded: LoadedConfig, to: string, run: CliRun): Promise<SendResult> {
  const { config } = loaded;
  // The command prints its own outcome; log lines (a JSON copy of the same failure) only when asked for.
  const logger = createLogger(loaded.sources.logLevel.kind === 'default' ? 'silent' : config.logLevel);
  const opened = await openMailLogStorage(config, logger);
  if (opened.unrecordedBecause !== null) {
    run.io.stderr.write(`note: ${opened.unrecordedBecause}; sending without recording the attempt in the mail log\n`);
  }
  const mailer = createMailer(config, opened.storage ?? unrecordedStorage(), logger);
  try {
    const settings = opened.storage ? await opened.storage.settings.get() : DEFAULT_SETTINGS;
    // In the site's language (issue 33): the address is nobody's account, so it has no language of its own.
    return await mailer.send(testMessage({ siteTitle: settings.title, to, locale: siteLocale(settings) }));
  } finally {
    await mailer.close();
    await opened.storage?.close();
  }
}

/** The address, trimmed, when it passes the API's email rule. */
function recipient(address: string): string {
  try {
    parseEmail(address);
  } catch {
    throw new AppError('MAIL_ADDRESS_INVALID', `"${address}" is not a valid email address`, 400);
  }
  return address.trim();
}

function mailNotConfigured(): AppError {
  return new AppError(
    'MAIL_CONFIG_MISSING',
    'Mail is not configured: give --smtp-url <url> (or set FEEDBACKD_SMTP_URL, or "smtpUrl" in <data>/config.json), ' +
      'or --mail-outbox to write messages into <data>/outbox/ instead of sending them',
    501,
  );
}

function sendFailed(config: Config, to: string, error: string): AppError {
  const hint = config.smtpUrl ? smtpFailureHint(config.smtpUrl, error) : outboxFailureHint(config.dataDir);
  // Some errors (OpenSSL's) span lines; the reason stays on the error line, the hints below it.
  const reason = error.trim().replace(/\s*\n\s*/g, ' ');
  return new AppError('MAIL_TEST_FAILED', `The test message to ${to} failed: ${reason}\n${hint}`, 502);
}

function successLine(config: Config, to: string): string {
  if (!config.smtpUrl) return `Test message for ${to} written to the outbox ${outboxDir(config.dataDir)}/ (nothing was sent)`;
  return `Test message sent to ${to} through the SMTP server ${serverAddress(describeSmtpUrl(config.smtpUrl))}`;
}
