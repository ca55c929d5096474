import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';

const ROOT = join(import.meta.dirname, '..', '..');
/** What a newcomer reads before scrolling: the README's first screen. */
const FIRST_SCREEN_LINES = 60;

test("the README's first screen shows how to run it from npm and from a clone, and how to test it", async (t) => {
  const firstScreen = (await readFile(join(ROOT, 'README.md'), 'utf8')).split('\n').slice(0, FIRST_SCREEN_LINES);
  const commands = firstScreen.map((line) => line.replace(/\s+#.*$/, '').trim());
  for (const command of ['npx feedbackd init', 'npm ci', 'npm ci && npm test']) t.true(commands.includes(command), command);
  t.true(firstScreen.some((line) => /from a clone/i.test(line)), 'the clone is named');
});

test('in a clone, `npx feedbackd` runs the clone\'s own build, with nothing fetched', async (t) => {
  const { stdout } = await promisify(execFile)('npx', ['--no-install', 'feedbackd', '--version'], { cwd: ROOT });
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
  t.is(stdout.trim(), version);
});
