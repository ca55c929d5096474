import { Command } from 'commander';
import { VERSION } from '../version.js';
import { addBackupCommand } from './commands/backup.js';
import { addBoardCommand } from './commands/board.js';
import { addConfigCommand } from './commands/config.js';
import { addDoctorCommand } from './commands/doctor.js';
import { addMigrateCommand } from './commands/migrate.js';
import { addExportCommand } from './commands/export.js';
import { addImportCommand } from './commands/import.js';
import { addInitCommand } from './commands/init.js';
import { addMailCommand } from './commands/mail.js';
import { addMigrateDataCommand } from './commands/migrate-data.js';
import { addModerationCommand } from './commands/moderation.js';
import { addPostCommand } from './commands/post.js';
import { addChangelogCommand } from './commands/changelog.js';
import { addRestoreCommand } from './commands/restore.js';
import { addRoadmapCommand } from './commands/roadmap.js';
import { addRoleCommand } from './commands/role.js';
import { addServeCommand } from './commands/serve.js';
import { addServiceCommand } from './commands/service.js';
import { addSettingsCommand } from './commands/settings.js';
import { addTokenCommand } from './commands/token.js';
import { addUserCommand } from './commands/user.js';
import { addAuthCommand } from './commands/auth.js';
import { addSsoCommand } from './commands/sso.js';
import { addTagCommand } from './commands/tag.js';
import { addWebhookCommand } from './commands/webhook.js';
import type { CliRun } from './io.js';

/** The commander root with every command; it throws instead of exiting, so the caller picks the exit code. */
export function createProgram(run: CliRun): Command {
  const program = new Command('feedbackd')
    .description('A self-hosted feedback board: users, boards, posts, votes and roadmaps behind a JSON API.')
    .version(VERSION, '-v, --version', 'print the version')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => run.io.stdout.write(text),
      writeErr: (text) => run.io.stderr.write(text),
      // commander's own messages (unknown option, missing argument) start as ours do: "error: " and a capital.
      outputError: (text, write) => write(text.replace(/^error: ([a-z])/, (_, letter: string) => `error: ${letter.toUpperCase()}`)),
    });
  // Subcommands created after this point inherit exitOverride and the output configuration.
  addInitCommand(program, run);
  addServeCommand(program, run);
  addMailCommand(program, run);
  addUserCommand(program, run);
  addTokenCommand(program, run);
  addBoardCommand(program, run);
  addRoadmapCommand(program, run);
  addPostCommand(program, run);
  addModerationCommand(program, run);
  addChangelogCommand(program, run);
  addTagCommand(program, run);
  addRoleCommand(program, run);
  addSettingsCommand(program, run);
  addWebhookCommand(program, run);
  addSsoCommand(program, run);
  addAuthCommand(program, run);
  addBackupCommand(program, run);
  addRestoreCommand(program, run);
  addExportCommand(program, run);
  addImportCommand(program, run);
  addMigrateDataCommand(program, run);
  addServiceCommand(program, run);
  addConfigCommand(program, run);
  addDoctorCommand(program, run);
  addMigrateCommand(program, run);
  return program;
}
