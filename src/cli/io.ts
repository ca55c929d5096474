import { inquirerPrompt, type Prompt } from './prompt.js';

/** A place to write text (process.stdout, or a buffer in tests). */
export interface TextSink {
  write(text: string): unknown;
}

/** Everything a command touches outside itself, so tests can run commands in-process. */
export interface CliIo {
  stdout: TextSink;
  stderr: TextSink;
  stdin: NodeJS.ReadableStream;
  env: Readonly<Record<string, string | undefined>>;
  /** Prompts may be shown (stdin is a terminal). */
  interactive: boolean;
  prompt: Prompt;
}

/** One CLI invocation: its io, and whether an unexpected error should show its stack. */
export interface CliRun {
  io: CliIo;
  showStacks: boolean;
}

/** The real terminal and environment. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    interactive: process.stdin.isTTY === true,
    prompt: inquirerPrompt,
  };
}

/** Writes one line to stdout. */
export function say(io: CliIo, line: string): void {
  io.stdout.write(`${line}\n`);
}
