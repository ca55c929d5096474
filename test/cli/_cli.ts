import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { ExecutionContext } from 'ava';
import type { CliIo } from '../../src/cli/io.ts';
import type { Prompt, Question } from '../../src/cli/prompt.ts';
import { runCli } from '../../src/cli/run-cli.ts';

/** The repository root (children run from here so `--import tsx` resolves). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Fast hashing and no log lines, for every command a test runs. */
export const QUIET_ENV = { FEEDBACKD_BCRYPT_COST: '4', FEEDBACKD_LOG_LEVEL: 'silent' };

/** A fresh temp directory, removed when the test ends. */
export async function tempDir(t: ExecutionContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'feedbackd-cli-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Answers by question name; a list gives one answer per time the question is asked. */
export type Answers = Record<string, unknown>;

/** A prompt stub (np style) and the log of what it was asked. */
export interface PromptStub {
  prompt: Prompt;
  /** Question names in the order they were asked (once per ask). */
  asked: string[];
  /** What each asked question said, in the same order. */
  messages: string[];
  /** Messages the questions' validators gave for rejected answers. */
  rejected: string[];
}

/**
 * Answers each question from `answers` by name, running its validator like inquirer does: a rejected
 * answer is followed by the next one in the list. An unlisted question takes its default, or fails.
 */
export function stubPrompt(answers: Answers): PromptStub {
  const queues = new Map(Object.entries(answers).map(([name, value]) => [name, Array.isArray(value) ? [...value] : [value]]));
  const stub: PromptStub = { asked: [], messages: [], rejected: [], prompt: async () => undefined };
  const next = (question: Question): unknown => {
    const queue = queues.get(question.name);
    if (queue && queue.length > 0) return queue.length > 1 ? queue.shift() : queue[0];
    if (question.default !== undefined) return question.default;
    throw new Error(`unexpected question: ${question.name}`);
  };
  stub.prompt = async (question) => {
    stub.asked.push(question.name);
    stub.messages.push(question.message);
    for (;;) {
      const answer = next(question);
      const verdict = question.validate && typeof answer === 'string' ? question.validate(answer) : true;
      if (verdict === true) return answer;
      stub.rejected.push(verdict);
    }
  };
  return stub;
}

/** What a command printed and its exit code. */
export interface CliResult {
  code: number;
  /** The signal that ended a child process, when one did (code is then -1). */
  signal?: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function collector(): { sink: { write(text: string): boolean }; text: () => string } {
  const chunks: string[] = [];
  return { sink: { write: (text: string) => chunks.push(text) > 0 }, text: () => chunks.join('') };
}

/** Runs the CLI in this process with a stubbed terminal. */
export async function runInProcess(
  args: string[],
  options: { env?: Record<string, string>; prompt?: Prompt; interactive?: boolean; stdin?: string } = {},
): Promise<CliResult> {
  const stdout = collector();
  const stderr = collector();
  const io: CliIo = {
    stdout: stdout.sink,
    stderr: stderr.sink,
    stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]),
    env: { ...QUIET_ENV, ...options.env },
    interactive: options.interactive ?? false,
    prompt: options.prompt ?? stubPrompt({}).prompt,
  };
  const code = await runCli(args, io);
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** The environment of a child: this one without any FEEDBACKD_* or PORT, plus quiet settings and `env`. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('FEEDBACKD_') && name !== 'PORT'),
  );
  return { ...clean, ...QUIET_ENV, ...env };
}

/**
 * `npm test` sets TEST_CLI_FROM_BUILD=1: it has just built dist/ from these sources, and a child
 * started from the build skips tsx compiling the sources again in every process (about 0.8 s of
 * CPU each, hundreds of times a run). A test file run on its own starts children from the sources.
 */
const FROM_BUILD = process.env.TEST_CLI_FROM_BUILD === '1';

/** Starts `feedbackd <args>`: from the sources (no build needed), or from the build in `npm test`. */
export function spawnCli(args: string[], env: Record<string, string> = {}, binary?: string): ChildProcess {
  const entry = binary ? [binary] : FROM_BUILD ? ['bin/feedbackd.js'] : ['--import', 'tsx', 'src/cli/main.ts'];
  return spawn(process.execPath, [...entry, ...args], { cwd: ROOT, env: childEnv(env), stdio: 'pipe' });
}

/** Collects a child's output until it exits. */
export function finished(child: ChildProcess): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    // `signal` only when one ended the child: tests compare whole results.
    child.once('close', (code, signal) => resolve({ code: code ?? -1, ...(signal ? { signal } : {}), stdout, stderr }));
  });
}

/** Runs `feedbackd <args>` to completion in a child process. */
export async function runChild(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}): Promise<CliResult> {
  const child = spawnCli(args, options.env);
  const result = finished(child);
  child.stdin?.end(options.stdin ?? '');
  return result;
}

/** A `serve` child that printed its listening line. */
export interface ServingChild {
  child: ChildProcess;
  url: string;
  /** The first stdout line. */
  line: string;
  result: Promise<CliResult>;
}

/** Starts a server child and waits for `feedbackd listening on …`; rejects with the output if it exits first. */
export async function startServing(
  args: string[],
  options: { env?: Record<string, string>; stdin?: string; binary?: string } = {},
): Promise<ServingChild> {
  const child = spawnCli(args, options.env, options.binary);
  const result = finished(child);
  child.stdin?.end(options.stdin ?? '');
  const line = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /^feedbackd listening on .*$/m.exec(seen);
      if (match) resolve(match[0]);
    });
    void result.then((done) => reject(new Error(`exited ${done.code} before listening: ${done.stderr}${done.stdout}`)));
  });
  return { child, url: line.replace('feedbackd listening on ', ''), line, result };
}

/** Sends `signal` to a serving child and waits for it to exit. */
export function stopServing(serving: ServingChild, signal: NodeJS.Signals = 'SIGTERM'): Promise<CliResult> {
  serving.child.kill(signal);
  return serving.result;
}

/** Every file under `dir` with its content and mode, to prove that nothing changed. */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const entry of entries.filter((candidate) => candidate.isFile())) {
    const path = join(entry.parentPath, entry.name);
    const { mode, mtimeMs } = await stat(path);
    files[path] = `${mode.toString(8)} ${mtimeMs} ${await readFile(path, 'utf8')}`;
  }
  return files;
}
