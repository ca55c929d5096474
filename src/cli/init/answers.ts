import type { LoadedConfig } from '../../config/load.js';
import { parsePassword, parsePersonName, parseSiteTitle } from '../../services/validation/account.js';
import { emailCheck, flagProblem, serviceCheck } from './checks.js';
import type { InitFlags } from './init-flags.js';

/** How mail gets configured: a new SMTP URL, the outbox, or already set by env/config.json. */
export type MailChoice = { kind: 'smtp'; smtpUrl: string } | { kind: 'outbox' } | { kind: 'configured' };

/** What init has been told so far; a missing field is asked for (or reported missing). */
export interface SetupAnswers {
  siteTitle?: string;
  name?: string;
  email?: string;
  password?: string;
  mail?: MailChoice;
  /** Only when given or answered: then it is saved to config.json. */
  port?: number;
  publicUrl?: string;
}

/** Answers with everything setup needs. */
export type CompleteAnswers = SetupAnswers & Required<Pick<SetupAnswers, 'email' | 'password' | 'mail'>>;

function mailFromFlags(flags: InitFlags, loaded: LoadedConfig): MailChoice | undefined {
  if (flags.smtpUrl !== undefined && loaded.config.smtpUrl) return { kind: 'smtp', smtpUrl: loaded.config.smtpUrl };
  if (flags.mailOutbox) return { kind: 'outbox' };
  if (loaded.config.smtpUrl || loaded.config.mailOutbox) return { kind: 'configured' };
  return undefined;
}

function passwordFlag(flags: InitFlags): string {
  return flags.passwordStdin ? '--password-stdin' : '--password-file';
}

/** The answers the flags give (port, URL and SMTP URL were already checked by the config loader), and their problems. */
export function answersFromFlags(
  flags: InitFlags,
  password: string | undefined,
  loaded: LoadedConfig,
): { answers: SetupAnswers; problems: string[] } {
  const problems = [
    flagProblem('--site-title', flags.siteTitle, serviceCheck(parseSiteTitle)),
    flagProblem('--name', flags.name, serviceCheck(parsePersonName)),
    flagProblem('--email', flags.email, emailCheck),
    flagProblem(passwordFlag(flags), password, serviceCheck(parsePassword)),
  ].filter((problem) => problem !== null);
  const answers: SetupAnswers = {
    siteTitle: flags.siteTitle,
    name: flags.name,
    email: flags.email,
    password,
    mail: mailFromFlags(flags, loaded),
    port: flags.port === undefined ? undefined : loaded.config.port,
    publicUrl: flags.publicUrl === undefined ? undefined : loaded.config.publicUrl,
  };
  return { answers, problems };
}

/** The flags still needed when nothing can be asked. */
export function missingFlags(answers: SetupAnswers): string[] {
  const missing: string[] = [];
  if (answers.email === undefined) missing.push('--email <address>');
  if (answers.password === undefined) missing.push('--password-file <path> or --password-stdin');
  if (answers.mail === undefined) missing.push('--smtp-url <url> or --mail-outbox');
  // Port 0 is a new free port at each start: the default URL (http://localhost:0) would reach
  // nobody, yet init's own mail carries it. The wizard asks for the URL instead.
  if (answers.port === 0 && answers.publicUrl === undefined) {
    missing.push('--public-url <url> (needed with --port 0: a free port is picked at each start, so mailed links need the address people use)');
  }
  return missing;
}

/** True once setup has everything it needs. */
export function isComplete(answers: SetupAnswers): answers is CompleteAnswers {
  return missingFlags(answers).length === 0;
}
