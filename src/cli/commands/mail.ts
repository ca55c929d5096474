import type { Command } from 'commander';
import type { Config } from '../../config/types.js';
import { withJsonErrors } from '../admin/admin-options.js';
import type { CliRun } from '../io.js';
import type { OutboxFlags } from '../mail/run-mail-outbox.js';
import { addSettingOptions } from '../setting-options.js';

/** What `mail test` reads: where the data lives, how mail goes out, and logging. */
const MAIL_TEST_FLAG_KEYS: ReadonlyArray<keyof Config> = [
  'dataDir',
  'smtpUrl',
  'mailOutbox',
  'mailFrom',
  'publicUrl',
  'logLevel',
];

/** `feedbackd mail test <address>`. */
export function addMailCommand(program: Command, run: CliRun): void {
  const mail = program.command('mail').description('check outgoing mail, and read the outbox');
  const test = mail
    .command('test')
    .argument('<address>', 'where to send the test message')
    .description('send a test message through the configured transport (SMTP or outbox); on failure, show why');
  addSettingOptions(test, MAIL_TEST_FLAG_KEYS);
  test.addHelpText(
    'after',
    '\nEvery flag can also come from an environment variable or <data>/config.json, as for serve.' +
      '\nThe attempt is recorded in the mail log unless a running serve holds the data directory.',
  );
  test.action(async (address: string, flags: Record<string, unknown>) => {
    // Loaded on use, like serve: --help and usage errors need neither storage nor nodemailer.
    const { runMailTest } = await import('../mail/run-mail-test.js');
    await runMailTest(address, flags, run);
  });
  addOutboxCommand(mail, run);
}

/** `feedbackd mail outbox [--last N]`. */
function addOutboxCommand(mail: Command, run: CliRun): void {
  const outbox = mail
    .command('outbox')
    .description('show the newest messages of <data>/outbox (--mail-outbox): to, subject and links, decoded and whole');
  addSettingOptions(outbox, ['dataDir']);
  outbox
    .option('--last <n>', 'how many, newest first (default 5)')
    .option('--json', 'print JSON instead of text; a failure is then {"error":{"code","message"}} on stderr')
    .action(async (flags: OutboxFlags) => {
      const { runMailOutbox } = await import('../mail/run-mail-outbox.js');
      await withJsonErrors(run, flags, () => runMailOutbox(flags, run));
    });
}
