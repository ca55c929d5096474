import { chmod, chown, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { configFilePath, ensureDataDir, writeConfigFile } from '../../src/config/data-dir.ts';
import { AppError } from '../../src/errors.ts';
import { tempDir } from './_temp-dir.ts';

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

test('ensureDataDir creates the directory and its parents with mode 0700', async (t) => {
  const dir = join(await tempDir(t), 'a', 'b');
  await ensureDataDir(dir);
  t.is(await modeOf(dir), 0o700);
  await ensureDataDir(dir);
  t.is(await modeOf(dir), 0o700);
});

test('ensureDataDir refuses a path that is a file, naming it', async (t) => {
  const file = join(await tempDir(t), 'file');
  await writeFile(file, '');
  for (const dir of [file, join(file, 'below')]) {
    const error = await t.throwsAsync(ensureDataDir(dir), { instanceOf: AppError });
    t.is(error?.code, 'DATA_DIR_UNUSABLE');
    t.true(error?.message.includes(dir));
  }
});

test('writeConfigFile writes config.json 0600, merges with existing keys, and takes out those set to null', async (t) => {
  const dir = await tempDir(t);
  await writeConfigFile(dir, { port: 4000, smtpUrl: 'smtp://a.test' });
  t.is(await modeOf(configFilePath(dir)), 0o600);
  await writeConfigFile(dir, { smtpUrl: null, mailOutbox: true, publicUrl: undefined });
  t.deepEqual(JSON.parse(await readFile(configFilePath(dir), 'utf8')), { port: 4000, mailOutbox: true });
  t.is(await modeOf(configFilePath(dir)), 0o600);
  t.deepEqual(await readdir(dir), ['config.json'], 'no temp file is left behind');
});

test('writeConfigFile never overwrites a config.json it cannot parse', async (t) => {
  const dir = await tempDir(t);
  await writeFile(configFilePath(dir), '{ not json');
  const error = await t.throwsAsync(writeConfigFile(dir, { port: 1 }), { instanceOf: AppError });
  t.regex(error?.message ?? '', /^Cannot update config\.json: .*is not valid JSON/);
  t.is(await readFile(configFilePath(dir), 'utf8'), '{ not json');
});

/** Skips (with a note) a test that needs root to give files to another user. */
function needsRoot(t: ExecutionContext): boolean {
  if (process.getuid?.() === 0) return true;
  t.log('skipped: only root can give a file to another user (uid 65534)');
  t.pass();
  return false;
}

test('ensureDataDir refuses an existing directory that group or others may write to, naming the chmod that fixes it', async (t) => {
  for (const mode of [0o777, 0o770, 0o702, 0o1777]) {
    const dir = await tempDir(t);
    await chmod(dir, mode);
    const error = await t.throwsAsync(ensureDataDir(dir), { instanceOf: AppError });
    t.is(error?.code, 'DATA_DIR_UNSAFE');
    const shown = (mode & 0o777).toString(8).padStart(4, '0');
    t.is(
      error?.message,
      `Data directory ${dir} can be written by other users (mode ${shown}), who could replace its files and control socket: chmod 700 ${dir}`,
    );
    t.is(await modeOf(dir), mode & 0o777, 'refused, never changed');
  }
  const readable = await tempDir(t);
  await chmod(readable, 0o755);
  await t.notThrowsAsync(ensureDataDir(readable), 'others may look (doctor warns), not write');
});

test('ensureDataDir refuses a directory of another user, even to root, with the chown line', async (t) => {
  if (!needsRoot(t)) return;
  const dir = await tempDir(t);
  await chown(dir, 65534, 65534);
  const error = await t.throwsAsync(ensureDataDir(dir), { instanceOf: AppError });
  t.is(error?.code, 'DATA_DIR_UNSAFE');
  t.regex(error!.message, new RegExp(`^Data directory ${dir} belongs to (nobody \\()?uid 65534\\)?, not to root \\(uid 0\\) who runs this command: `));
  t.true(error!.message.endsWith(`or make the directory yours: chown -R root ${dir}`), error!.message);
});

test('ensureDataDir refuses a data directory holding files of another user (sudo feedbackd init), naming one', async (t) => {
  if (!needsRoot(t)) return;
  const dir = await tempDir(t);
  await writeFile(join(dir, 'config.json'), '{}', { mode: 0o600 });
  await mkdir(join(dir, 'outbox'), { mode: 0o700 });
  await writeFile(join(dir, 'outbox', 'a.eml'), 'mail', { mode: 0o600 });
  await mkdir(join(dir, 'lost+found'), { mode: 0o700 });
  await chown(join(dir, 'lost+found'), 65534, 65534);
  await t.notThrowsAsync(ensureDataDir(dir), "a mount point's lost+found is not feedbackd's");
  await chown(join(dir, 'outbox', 'a.eml'), 65534, 65534);
  const error = await t.throwsAsync(ensureDataDir(dir), { instanceOf: AppError });
  t.is(error?.code, 'DATA_DIR_UNSAFE');
  t.regex(error!.message, new RegExp(`^${join(dir, 'outbox', 'a.eml')} in the data directory belongs to (nobody \\()?uid 65534\\)?, not to root`));
  t.true(error!.message.endsWith(`(left by a command run with sudo?): give every file to one user: chown -R root ${dir}`), error!.message);
});
