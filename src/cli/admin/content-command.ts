import type { Command } from 'commander';
import type { CliRun } from '../io.js';
import { type AdminFlags, addAdminOptions, withJsonErrors } from './admin-options.js';

/*
 * What the content commands (`board`, `roadmap`, `post`, `role`, `settings`) share: a group
 * command whose subcommands take the admin options, and actions wrapped in the admin error
 * handling (one line on stderr, or JSON with --json; exit 1).
 */

const WHERE_IT_RUNS =
  '\nWorks whether or not feedbackd serve is running: a running server does the work (through' +
  '\n<data>/control.sock); otherwise the command opens the data directory itself.' +
  '\nThe same checks and messages as the HTTP API apply. --data, --database and --log-level can' +
  '\nalso come from the environment, as for serve.';

/** Adds `feedbackd <name>` and returns a function that adds its subcommands, each with the admin options. */
export function addCommandGroup(program: Command, name: string, description: string): (sub: string, about: string) => Command {
  const group = program.command(name).description(description).addHelpText('after', WHERE_IT_RUNS);
  return (sub, about) => addAdminOptions(group.command(sub).description(about));
}

/** A commander action without arguments. */
export function act<Flags extends AdminFlags>(run: CliRun, work: (flags: Flags) => Promise<void>): (flags: Flags) => Promise<void> {
  return (flags) => withJsonErrors(run, flags, () => work(flags));
}

/** A commander action with one argument (the board, post, role… named; undefined when optional and not given). */
export function actOn<Flags extends AdminFlags, Ref extends string | undefined = string>(
  run: CliRun,
  work: (ref: Ref, flags: Flags) => Promise<void>,
): (ref: Ref, flags: Flags) => Promise<void> {
  return (ref, flags) => withJsonErrors(run, flags, () => work(ref, flags));
}

/** A commander action with two arguments (the second undefined when optional and not given). */
export function actOnBoth<Flags extends AdminFlags, Second extends string | undefined = string>(
  run: CliRun,
  work: (first: string, second: Second, flags: Flags) => Promise<void>,
): (first: string, second: Second, flags: Flags) => Promise<void> {
  return (first, second, flags) => withJsonErrors(run, flags, () => work(first, second, flags));
}

/** Words as help text lines of at most 80 columns, each indented by two spaces (commander does not wrap added text). */
export function wrappedList(words: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line !== '' && line.length + 1 + word.length > 78) {
      lines.push(`  ${line}`);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(`  ${line}`);
  return lines.join('\n');
}

/**
 * `--board x --no-board` both set the one option `board` (the last wins), so commander's
 * `conflicts` cannot see them: refuse the pair as it refuses other conflicting flags.
 */
export function refuseWithItsNegation(command: Command, flag: string, negation: string): Command {
  const seen = new Set<string>();
  for (const event of [flag, negation]) {
    command.on(`option:${event}`, () => {
      seen.add(event);
      if (seen.size === 2) command.error(`error: option '--${flag}' cannot be used with option '--${negation}'`);
    });
  }
  return command;
}
