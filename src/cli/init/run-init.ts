import { existsSync } from 'node:fs';
import { type ConfigFileValues, ensureDataDir, writeConfigFile } from '../../config/data-dir.js';
import { type LoadedConfig, loadConfig, resolveConfig } from '../../config/load.js';
import { settingOf } from '../../config/settings.js';
import { AppError } from '../../errors.js';
import { createLogger, type Logger } from '../../logger.js';
import { type CliIo, type CliRun, say } from '../io.js';
import { askConfirm, askText } from '../prompt.js';
import { isVerbose, runServe } from '../serve/run-serve.js';
import { answersFromFlags, type CompleteAnswers, isComplete, missingFlags } from './answers.js';
import { settingCheck } from './checks.js';
import { refuseForeignDirectory } from './foreign-directory.js';
import { canPrompt, type InitFlags, settingFlagsOf } from './init-flags.js';
import { readGivenPassword } from '../password-input.js';
import { createOwner, isSetUp } from './site.js';
import { alreadySetUpLines, setupSummary } from './summary.js';
import { settleOwnerMail, unsentInBatch } from './owner-mail.js';
import { checkGivenPort } from './port-check.js';
import { askMissing } from './wizard.js';

/** The data dir from --data, or asked for; undefined = not asked, the config loader resolves it. */
async function chooseDataDir(flags: InitFlags, io: CliIo, interactive: boolean): Promise<string | undefined> {
  if (flags.data !== undefined || !interactive) return flags.data;
  return askText(io.prompt, {
    type: 'input',
    name: 'dataDir',
    message: 'Data directory (database, secret, settings):',
    default: io.env.FEEDBACKD_DATA || settingOf('dataDir').defaultText,
    validate: settingCheck('dataDir'),
  });
}

/** Log lines would interleave with the wizard, which says every outcome itself: none unless a level was chosen. */
function initLogger(loaded: LoadedConfig): Logger {
  return createLogger(loaded.sources.logLevel.kind === 'default' ? 'silent' : loaded.config.logLevel);
}

function inputError(title: string, problems: string[]): AppError {
  const message = problems.length === 1 ? `${title}: ${problems[0]}` : `${title}:\n${problems.map((p) => `  - ${p}`).join('\n')}`;
  return new AppError('INIT_INPUT_INVALID', message, 400);
}

async function gatherAnswers(flags: InitFlags, run: CliRun, loaded: LoadedConfig, interactive: boolean): Promise<CompleteAnswers> {
  const password = await readGivenPassword(flags, run.io, 'INIT_INPUT_INVALID');
  const { answers, problems } = answersFromFlags(flags, password, loaded);
  if (interactive && problems.length === 0) return askMissing(run.io, answers, loaded);
  const missing = interactive ? [] : missingFlags(answers).map((flag) => `missing ${flag}`);
  if (problems.length > 0 || missing.length > 0 || !isComplete(answers)) {
    const title = missing.length > 0 ? 'init cannot prompt here (--yes, --password-stdin or no terminal)' : 'Invalid init flags';
    throw inputError(title, [...problems, ...missing]);
  }
  await checkGivenPort(run.io, loaded.config.host, answers.port, flags.serve);
  return answers;
}

/** An existing data dir may already have an owner; a new one cannot (and is not created just to ask). */
async function isExistingSite(loaded: LoadedConfig, logger: Logger, force: boolean): Promise<boolean> {
  if (!existsSync(loaded.config.dataDir)) return false;
  await ensureDataDir(loaded.config.dataDir);
  // --force sets the directory up on the storage given now, whatever it belonged to: its record follows.
  return isSetUp(loaded.config, logger, { claim: force });
}

/** Left out when it is the default (so it keeps following the port), unless it replaces a value set elsewhere. */
function publicUrlToSave(answers: CompleteAnswers, loaded: LoadedConfig): string | undefined {
  const url = answers.publicUrl;
  if (url === undefined) return undefined;
  const isDefault = url === settingOf('publicUrl').defaultValue({ port: answers.port ?? loaded.config.port });
  return isDefault && loaded.sources.publicUrl.kind === 'default' ? undefined : url;
}

/** What init saves to config.json, so that `serve` later uses the same database, mail, port and URL. */
function configFileValues(flags: InitFlags, answers: CompleteAnswers, loaded: LoadedConfig): ConfigFileValues {
  const values: ConfigFileValues = { port: answers.port, publicUrl: publicUrlToSave(answers, loaded) };
  // Only a --database flag is saved: one from the environment stays where the operator keeps it.
  if (flags.database !== undefined) values.databaseUrl = loaded.config.databaseUrl;
  if (answers.mail.kind === 'smtp') values.smtpUrl = answers.mail.smtpUrl;
  if (answers.mail.kind === 'outbox') values.mailOutbox = true;
  return values;
}

async function wantsToServe(flags: InitFlags, io: CliIo, interactive: boolean): Promise<boolean> {
  if (flags.serve !== undefined) return flags.serve;
  if (!interactive) return false;
  return askConfirm(io.prompt, { name: 'serve', message: 'Start feedbackd now?', default: true });
}

/** `feedbackd init`: asks (or takes from flags) what setup needs, saves the config, creates the owner. */
export async function runInit(flags: InitFlags, run: CliRun): Promise<void> {
  const { io } = run;
  const interactive = canPrompt(flags, io.interactive);
  if (interactive) say(io, 'Setting up feedbackd (Ctrl-C stops at any time).');
  const configFlags = settingFlagsOf(flags, await chooseDataDir(flags, io, interactive));
  const loaded = await resolveConfig({ flags: configFlags, env: io.env });
  run.showStacks = isVerbose(loaded.config.logLevel);
  const { dataDir } = loaded.config;
  const logger = initLogger(loaded);
  await refuseForeignDirectory(dataDir, flags.force === true);
  if (await isExistingSite(loaded, logger, flags.force === true)) {
    for (const line of alreadySetUpLines(dataDir)) say(io, line);
    if (flags.serve === true) await runServe(configFlags, run);
    return;
  }
  // Asking questions first would waste them on a directory that cannot be used.
  if (interactive) await ensureDataDir(dataDir);
  const answers = await gatherAnswers(flags, run, loaded, interactive);
  await ensureDataDir(dataDir);
  const values = configFileValues(flags, answers, loaded);
  if (Object.values(values).some((value) => value !== undefined)) await writeConfigFile(dataDir, values);
  const loadAgain = () => loadConfig({ flags: configFlags, env: io.env });
  const { user, siteTitle, mail } = await createOwner(await loadAgain(), logger, answers);
  const { config, delivered } = await settleOwnerMail(io, interactive, loadAgain, logger, user.email, mail);
  for (const line of setupSummary(config, user, siteTitle, delivered)) say(io, line);
  if (!delivered && !interactive) throw unsentInBatch(user.email);
  if (await wantsToServe(flags, io, interactive)) await runServe(configFlags, run);
}
