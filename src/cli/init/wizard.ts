import type { LoadedConfig } from '../../config/load.js';
import { settingOf } from '../../config/settings.js';
import { parsePassword, parsePersonName, parseSiteTitle } from '../../services/validation/account.js';
import { type CliIo, say } from '../io.js';
import { askText, type Prompt } from '../prompt.js';
import type { CompleteAnswers, MailChoice, SetupAnswers } from './answers.js';
import { emailCheck, serviceCheck, settingCheck } from './checks.js';
import { checkSmtpChoice } from './mail-check.js';
import { portProblem } from './port-check.js';

/** Asks for the password twice, until both match (each is checked by the password rule first). */
async function askPassword(io: CliIo): Promise<string> {
  for (;;) {
    const password = await askText(io.prompt, {
      type: 'password',
      name: 'password',
      message: 'Admin password (at least 8 characters):',
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
  return askSmtp(prompt);
}

/** The SMTP server's URL, then its password when the URL names a user. */
export async function askSmtp(prompt: Prompt): Promise<MailChoice> {
  const smtpUrl = await askText(prompt, {
    type: 'input',
    name: 'smtpUrl',
    message: 'SMTP server, without the password (smtps://user@mail.example.org:465):',
    validate: settingCheck('smtpUrl'),
  });
  return { kind: 'smtp', smtpUrl: await withSmtpPassword(prompt, smtpUrl.trim()) };
}

/**
 * The password of an SMTP URL with a user name and none, asked hidden: typed into the URL it
 * would be echoed on the screen, and its special characters would need URL-encoding by hand.
 */
async function withSmtpPassword(prompt: Prompt, smtpUrl: string): Promise<string> {
  const url = new URL(smtpUrl);
  if (url.username === '' || url.password !== '') return smtpUrl;
  const password = await askText(prompt, {
    type: 'password',
    name: 'smtpPassword',
    message: `Password of ${decodeURIComponent(url.username)} on ${url.hostname} (hidden; empty if none):`,
  });
  if (password === '') return smtpUrl;
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** Asks for the port until one is free on the host serve will listen on (0 = any free port). */
async function askPort(io: CliIo, current: number, host: string): Promise<number> {
  for (;;) {
    const answer = await askText(io.prompt, {
      type: 'input',
      name: 'port',
      message: 'Port to listen on:',
      default: String(current),
      validate: settingCheck('port'),
    });
    const port = settingOf('port').parse(answer) as number;
    const problem = port === 0 ? null : await portProblem(host, port);
    if (problem === null) return port;
    say(io, problem);
  }
}

async function askPublicUrl(prompt: Prompt, loaded: LoadedConfig, port: number): Promise<string> {
  const fromDefault = loaded.sources.publicUrl.kind === 'default';
  // Port 0 is a different free port at each start: no default could reach the board.
  const suggestion = port === 0 ? undefined : `http://localhost:${port}`;
  const answer = await askText(prompt, {
    type: 'input',
    name: 'publicUrl',
    message: 'Public URL people use to reach the board (used in mailed links):',
    default: fromDefault ? suggestion : loaded.config.publicUrl,
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
  if (answers.mail === undefined) {
    const chosen = await askMail(io.prompt, loaded.config.dataDir);
    answers.mail = await checkSmtpChoice(io, loaded.config, answers.email!, () => askSmtp(io.prompt), chosen);
  }
  answers.port ??= await askPort(io, loaded.config.port, loaded.config.host);
  answers.publicUrl ??= await askPublicUrl(io.prompt, loaded, answers.port);
  return answers as CompleteAnswers;
}
