import type { LoadedConfig } from '../../config/load.js';
import { settingOf } from '../../config/settings.js';
import { parsePassword, parsePersonName, parseSiteTitle } from '../../services/validation/account.js';
import { type CliIo, say } from '../io.js';
import { askText, type Prompt } from '../prompt.js';
import type { CompleteAnswers, MailChoice, SetupAnswers } from './answers.js';
import { emailCheck, serviceCheck, settingCheck } from './checks.js';

/** Asks for the password twice, until both match (each is checked by the password rule first). */
async function askPassword(io: CliIo): Promise<string> {
  for (;;) {
    const password = await askText(io.prompt, {
      type: 'password',
      name: 'password',
      message: 'Admin password (8 to 72 bytes):',
      validate: serviceCheck(parsePassword),
    });
    const again = await askText(io.prompt, { type: 'password', name: 'passwordConfirm', message: 'Type it again:' });
    if (again === password) return password;
    say(io, 'The passwords do not match; please type them again.');
  }
}

async function askMail(prompt: Prompt, dataDir: string): Promise<MailChoice> {
  const kind = await prompt({
    type: 'select',
    name: 'mail',
    message: 'How should feedbackd send mail (verification and password reset links)?',
    choices: [
      { name: 'Through an SMTP server', value: 'smtp' },
      { name: `Write it to ${dataDir}/outbox/ for now (set SMTP up later)`, value: 'outbox' },
    ],
  });
  if (kind !== 'smtp') return { kind: 'outbox' };
  const smtpUrl = await askText(prompt, {
    type: 'input',
    name: 'smtpUrl',
    message: 'SMTP URL (smtps://user:password@mail.example.org:465):',
    validate: settingCheck('smtpUrl'),
  });
  return { kind: 'smtp', smtpUrl: smtpUrl.trim() };
}

async function askPort(prompt: Prompt, current: number): Promise<number> {
  const answer = await askText(prompt, {
    type: 'input',
    name: 'port',
    message: 'Port to listen on:',
    default: String(current),
    validate: settingCheck('port'),
  });
  return settingOf('port').parse(answer) as number;
}

async function askPublicUrl(prompt: Prompt, loaded: LoadedConfig, port: number): Promise<string> {
  const fromDefault = loaded.sources.publicUrl.kind === 'default';
  const answer = await askText(prompt, {
    type: 'input',
    name: 'publicUrl',
    message: 'Public URL people use to reach the board (used in mailed links):',
    default: fromDefault ? `http://localhost:${port}` : loaded.config.publicUrl,
    validate: settingCheck('publicUrl'),
  });
  return settingOf('publicUrl').parse(answer) as string;
}

async function askAccount(io: CliIo, answers: SetupAnswers): Promise<void> {
  answers.siteTitle ??= await askText(io.prompt, {
    type: 'input',
    name: 'siteTitle',
    message: 'Site title:',
    default: 'Feedback',
    validate: serviceCheck(parseSiteTitle),
  });
  answers.name ??= await askText(io.prompt, {
    type: 'input',
    name: 'name',
    message: 'Your name (optional):',
    validate: serviceCheck(parsePersonName),
  });
  answers.email ??= await askText(io.prompt, {
    type: 'input',
    name: 'email',
    message: 'Your email address (you sign in with it as the owner):',
    validate: emailCheck,
  });
  answers.password ??= await askPassword(io);
}

/** Asks for every answer the flags did not give, in the wizard's order. */
export async function askMissing(io: CliIo, given: SetupAnswers, loaded: LoadedConfig): Promise<CompleteAnswers> {
  const answers = { ...given };
  await askAccount(io, answers);
  answers.mail ??= await askMail(io.prompt, loaded.config.dataDir);
  answers.port ??= await askPort(io.prompt, loaded.config.port);
  answers.publicUrl ??= await askPublicUrl(io.prompt, loaded, answers.port);
  return answers as CompleteAnswers;
}
