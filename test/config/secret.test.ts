import { chmod, chown, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import test from 'ava';
import { readOrCreateSecret, secretFilePath } from '../../src/config/secret.ts';
import { AppError } from '../../src/errors.ts';
import { tempDir } from './_temp-dir.ts';

test('first use creates <data>/secret: 32 random bytes as 43 base64url characters, mode 0600', async (t) => {
  const dir = await tempDir(t);
  const key = await readOrCreateSecret(dir);
  t.regex(key, /^[A-Za-z0-9_-]{43}$/);
  t.is(Buffer.from(key, 'base64url').length, 32);
  t.is(await readFile(secretFilePath(dir), 'utf8'), `${key}\n`);
  t.is((await stat(secretFilePath(dir))).mode & 0o777, 0o600);
  t.deepEqual(await readdir(dir), ['secret'], 'no temp file is left behind');
});

test('later uses read the same key; the trailing newline is optional', async (t) => {
  const dir = await tempDir(t);
  const key = await readOrCreateSecret(dir);
  t.is(await readOrCreateSecret(dir), key);
  await writeFile(secretFilePath(dir), key);
  t.is(await readOrCreateSecret(dir), key);
});

test('concurrent first uses agree on one key', async (t) => {
  const dir = await tempDir(t);
  const keys = await Promise.all(Array.from({ length: 8 }, () => readOrCreateSecret(dir)));
  t.is(new Set(keys).size, 1);
  t.is(await readFile(secretFilePath(dir), 'utf8'), `${keys[0]}\n`);
});

const valid = 'A'.repeat(43);
const malformed = {
  empty: '',
  'only a newline': '\n',
  'too short': 'A'.repeat(42),
  'too long': 'A'.repeat(44),
  'padded base64': `${'A'.repeat(42)}=`,
  'standard base64 characters': `${'A'.repeat(42)}+`,
  'non-canonical last character': `${'A'.repeat(42)}B`,
  'two newlines': `${valid}\n\n`,
  'CRLF ending': `${valid}\r\n`,
  'leading space': ` ${valid}`,
};

for (const [label, content] of Object.entries(malformed)) {
  test(`a malformed secret file is refused and never replaced: ${label}`, async (t) => {
    const dir = await tempDir(t);
    await writeFile(secretFilePath(dir), content, { mode: 0o600 });
    const error = await t.throwsAsync(readOrCreateSecret(dir), { instanceOf: AppError });
    t.is(error?.code, 'SECRET_UNUSABLE');
    t.true(error?.message.startsWith(`The secret file ${secretFilePath(dir)} is malformed`));
    t.is(await readFile(secretFilePath(dir), 'utf8'), content);
  });
}

test('a well-formed handmade secret is accepted as is', async (t) => {
  const dir = await tempDir(t);
  await writeFile(secretFilePath(dir), `${valid}\n`, { mode: 0o600 });
  t.is(await readOrCreateSecret(dir), valid);
});

test('a secret file other users may read is refused with the chmod that fixes it, and left as it was', async (t) => {
  for (const mode of [0o644, 0o640, 0o604, 0o620]) {
    const dir = await tempDir(t);
    await writeFile(secretFilePath(dir), `${valid}\n`, { mode });
    await chmod(secretFilePath(dir), mode);
    const error = await t.throwsAsync(readOrCreateSecret(dir), { instanceOf: AppError });
    t.is(error?.code, 'SECRET_UNUSABLE');
    const path = secretFilePath(dir);
    const shown = mode.toString(8).padStart(4, '0');
    t.true(error!.message.startsWith(`The secret file ${path} can be used by other users (mode ${shown}): chmod 600 ${path} (`));
    t.is((await stat(path)).mode & 0o777, mode);
    t.is(await readFile(path, 'utf8'), `${valid}\n`);
  }
});

test('a secret file of another user is refused, even to root, with the chown line', async (t) => {
  if (process.getuid?.() !== 0) {
    t.log('skipped: only root can give a file to another user (uid 65534)');
    t.pass();
    return;
  }
  const dir = await tempDir(t);
  await writeFile(secretFilePath(dir), `${valid}\n`, { mode: 0o600 });
  await chown(secretFilePath(dir), 65534, 65534);
  const error = await t.throwsAsync(readOrCreateSecret(dir), { instanceOf: AppError });
  t.is(error?.code, 'SECRET_UNUSABLE');
  t.regex(error!.message, new RegExp(`^The secret file ${secretFilePath(dir)} belongs to (nobody \\()?uid 65534\\)?, not to root \\(uid 0\\) who runs this command: give the data directory back with: chown -R root ${dir}$`));
});
