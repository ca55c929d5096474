import { CommanderError } from 'commander';
import { type LoadedConfig, resolveConfig } from '../../config/load.js';
import { directory } from '../../config/parse-value.js';
import type { AdminFlags } from '../admin/admin-options.js';
import { printJson, printLines } from '../admin/output.js';
import type { CliRun } from '../io.js';
import { type CheckResult, checkLine, fail, ok } from './doctor-check.js';
import { dataDirChecks, secretCheck } from './doctor-files.js';
import { lockAndStorageChecks } from './doctor-holder.js';
import { databaseRecordCheck } from './doctor-record.js';
import { mailConfigCheck, mailSendCheck } from './doctor-mail.js';
import { portCheck, publicUrlCheck } from './doctor-network.js';
import { commanderFlags } from './run-long-operation.js';

/** The flags of `feedbackd doctor`. */
export interface DoctorFlags extends AdminFlags {
  sendTest?: string;
}

/** `feedbackd doctor`: one line per check; exit code 1 when any check fails. */
export async function runDoctor(flags: DoctorFlags, run: CliRun): Promise<void> {
  const results = await runChecks(flags, run);
  const failures = results.filter((result) => result.status === 'fail').length;
  const warnings = results.filter((result) => result.status === 'warn').length;
  if (flags.json) printJson(run.io, { ok: failures === 0, checks: results });
  else printLines(run.io, ...results.map(checkLine), verdict(failures, warnings));
  // The lines said it all: exit 1 without another error line (the CLI prints nothing for a CommanderError).
  if (failures > 0) throw new CommanderError(1, 'feedbackd.doctor', 'a check failed');
}

async function runChecks(flags: DoctorFlags, run: CliRun): Promise<CheckResult[]> {
  const loaded = await loadConfigOrFail(flags, run);
  if (!('config' in loaded)) {
    const { results } = await dataDirChecks(fallbackDataDir(flags, run));
    return [loaded.failure, ...results];
  }
  const { config } = loaded;
  const results: CheckResult[] = [ok('configuration: valid')];
  const dir = await dataDirChecks(config.dataDir);
  results.push(...dir.results);
  let serverRunning = false;
  if (dir.exists) results.push(await secretCheck(config.dataDir, config.secret !== null));
  // In a directory others could tamper with, doctor sends nothing to its socket and opens nothing.
  if (dir.safe) {
    if (dir.exists) results.push(await databaseRecordCheck(config));
    const holder = await lockAndStorageChecks(config);
    results.push(...holder.results);
    serverRunning = holder.serverRunning;
  }
  results.push(mailConfigCheck(config));
  if (flags.sendTest !== undefined) results.push(await mailSendCheck(flags.sendTest, commanderFlags(flags), run));
  results.push(publicUrlCheck(config), await portCheck(config, serverRunning));
  return results;
}

async function loadConfigOrFail(flags: DoctorFlags, run: CliRun): Promise<LoadedConfig | { failure: CheckResult }> {
  try {
    return await resolveConfig({ flags: commanderFlags(flags), env: run.io.env });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const todo = 'fix each value named, where it came from (flag, environment variable or config.json)';
    return { failure: fail(`configuration: ${message}`, todo) };
  }
}

/** Where the data is when the configuration as a whole does not load: the flag, the variable or the default. */
function fallbackDataDir(flags: DoctorFlags, run: CliRun): string {
  return directory(flags.data ?? run.io.env.FEEDBACKD_DATA ?? './feedbackd-data');
}

function verdict(failures: number, warnings: number): string {
  if (failures === 0 && warnings === 0) return 'doctor: every check passed';
  return `doctor: ${failures} failed, ${warnings} warning(s)`;
}
