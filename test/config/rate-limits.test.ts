import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import test from 'ava';
import { loadConfig, resolveConfig } from '../../src/config/load.ts';
import { rateLimit } from '../../src/config/parse-value.ts';
import { settingHelp, settingOf } from '../../src/config/settings.ts';
import { AppError } from '../../src/errors.ts';
import { tempDir } from './_temp-dir.ts';

async function dataDirWith(t: Parameters<typeof tempDir>[0], file: unknown): Promise<string> {
  const dir = await tempDir(t);
  await writeFile(join(dir, 'config.json'), JSON.stringify(file));
  return dir;
}

test('count/window text: seconds by default, or with unit s, m or h (any case, spaces allowed)', (t) => {
  t.deepEqual(rateLimit('10/900'), { limit: 10, windowSeconds: 900 });
  t.deepEqual(rateLimit('10/15m'), { limit: 10, windowSeconds: 900 });
  t.deepEqual(rateLimit(' 5 / 1H '), { limit: 5, windowSeconds: 3600 });
  t.deepEqual(rateLimit('1/1s'), { limit: 1, windowSeconds: 1 });
  t.deepEqual(rateLimit('1000/24h'), { limit: 1000, windowSeconds: 86_400 });
});

test('an object with limit and windowSeconds (config.json form)', (t) => {
  t.deepEqual(rateLimit({ limit: 3, windowSeconds: 60 }), { limit: 3, windowSeconds: 60 });
});

test('out-of-range, malformed or mistyped values are refused with the expected form in the message', (t) => {
  const bad: unknown[] = [
    '0/60',
    '1001/60',
    '10/0',
    '10/25h',
    '10/86401',
    '10',
    '10/15d',
    '-1/60',
    '1.5/60',
    '',
    10,
    null,
    [10, 60],
    { limit: 10 },
    { limit: '10', windowSeconds: 60 },
    { limit: 10, window: 60 },
    { limit: 10, windowSeconds: 60, extra: true },
    { limit: 2.5, windowSeconds: 60 },
  ];
  for (const value of bad) {
    const error = t.throws(() => rateLimit(value), undefined, JSON.stringify(value));
    t.regex(error?.message ?? '', /^must be count\/window like 10\/15m or 5\/3600 \(count 1\.\.1000, window 1s\.\.24h/);
  }
});

test('defaults: login 10/15m, signup 10/1h, password reset 5/1h, email verify 5/1h, mail tokens 20/15m', async (t) => {
  const config = await loadConfig({ flags: { data: await tempDir(t) }, env: {} });
  t.deepEqual(config.loginRateLimit, { limit: 10, windowSeconds: 900 });
  t.deepEqual(config.signupRateLimit, { limit: 10, windowSeconds: 3600 });
  t.deepEqual(config.passwordResetRateLimit, { limit: 5, windowSeconds: 3600 });
  t.deepEqual(config.emailVerifyRateLimit, { limit: 5, windowSeconds: 3600 });
  t.deepEqual(config.mailTokenRateLimit, { limit: 20, windowSeconds: 900 });
  t.not(config.loginRateLimit, (await loadConfig({ flags: { data: await tempDir(t) }, env: {} })).loginRateLimit);
});

test('each rule: flag > env > config.json > default, per rule', async (t) => {
  const dir = await dataDirWith(t, { loginRateLimit: '3/1m', signupRateLimit: { limit: 4, windowSeconds: 40 } });
  const flags = { data: dir, loginRateLimit: '1/10' };
  const env = { FEEDBACKD_LOGIN_RATE_LIMIT: '2/20', FEEDBACKD_MAIL_TOKEN_RATE_LIMIT: '7/70' };
  const config = await loadConfig({ flags, env });
  t.deepEqual(config.loginRateLimit, { limit: 1, windowSeconds: 10 });
  t.deepEqual(config.mailTokenRateLimit, { limit: 7, windowSeconds: 70 });
  t.deepEqual(config.signupRateLimit, { limit: 4, windowSeconds: 40 });
  t.deepEqual(config.passwordResetRateLimit, { limit: 5, windowSeconds: 3600 });
  t.deepEqual((await loadConfig({ flags: { data: dir }, env })).loginRateLimit, { limit: 2, windowSeconds: 20 });
  t.deepEqual((await loadConfig({ flags: { data: dir }, env: {} })).loginRateLimit, { limit: 3, windowSeconds: 60 });
});

test('flags and env names follow the key: --password-reset-rate-limit, FEEDBACKD_EMAIL_VERIFY_RATE_LIMIT', async (t) => {
  const dir = await tempDir(t);
  const { config, sources } = await resolveConfig({
    flags: { data: dir, passwordResetRateLimit: '9/9m' },
    env: { FEEDBACKD_EMAIL_VERIFY_RATE_LIMIT: '8/8h' },
  });
  t.deepEqual(config.passwordResetRateLimit, { limit: 9, windowSeconds: 540 });
  t.deepEqual(config.emailVerifyRateLimit, { limit: 8, windowSeconds: 28_800 });
  t.deepEqual(sources.passwordResetRateLimit, { kind: 'flag', name: '--password-reset-rate-limit' });
  t.deepEqual(sources.emailVerifyRateLimit, { kind: 'env', name: 'FEEDBACKD_EMAIL_VERIFY_RATE_LIMIT' });
  const help = settingHelp(settingOf('mailTokenRateLimit'));
  t.true(help.endsWith('(env: FEEDBACKD_MAIL_TOKEN_RATE_LIMIT) (default: 20/15m)'));
});

test('a bad limit names the key and where it came from', async (t) => {
  const dir = await dataDirWith(t, { signupRateLimit: { limit: 0, windowSeconds: 60 } });
  const error = await t.throwsAsync(loadConfig({ flags: { data: dir, loginRateLimit: 'often' }, env: {} }));
  t.true(error instanceof AppError);
  const lines = error?.message.split('\n') ?? [];
  t.is(lines[0], 'Invalid configuration (2 problems):');
  t.true(lines.some((line) => line.startsWith('  - loginRateLimit (from --login-rate-limit="often"): must be count/window')));
  t.true(lines.some((line) => line.startsWith(`  - signupRateLimit (from ${join(dir, 'config.json')}: {"limit":0,"windowSeconds":60}): must be`)));
});
