import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import test from 'ava';
import { testConfig } from '../_helpers/config.ts';
import { loadConfig, resolveConfig } from '../../src/config/load.ts';
import { SETTINGS } from '../../src/config/settings.ts';
import { AppError } from '../../src/errors.ts';
import { tempDir } from './_temp-dir.ts';

async function dataDirWith(t: Parameters<typeof tempDir>[0], file: unknown): Promise<string> {
  const dir = await tempDir(t);
  await writeFile(join(dir, 'config.json'), typeof file === 'string' ? file : JSON.stringify(file));
  return dir;
}

async function configError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFIG_INVALID') return error.message;
    throw error;
  }
  throw new Error('expected CONFIG_INVALID');
}

test('defaults when nothing is given', async (t) => {
  const dir = await tempDir(t);
  const config = await loadConfig({ flags: { data: dir }, env: {} });
  t.deepEqual(config, {
    dataDir: dir,
    port: 3000,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:3000',
    proxyStripsPath: false,
    smtpUrl: null,
    mailOutbox: false,
    mailFrom: null,
    databaseUrl: null,
    databasePoolSize: 10,
    trustProxy: false,
    corsOrigins: '*',
    secret: null,
    bcryptCost: 10,
    tokenTtlSeconds: 604800,
    magicLinkTtlSeconds: 900,
    formMinFillMs: 2000,
    formTokenTtlSeconds: 86_400,
    oidcLoginTtlSeconds: 600,
    oidcHandoffTtlSeconds: 60,
    oidcDiscoveryTtlSeconds: 3600,
    githubUrl: 'https://github.com',
    githubApiUrl: 'https://api.github.com',
    magicLinkRetentionSeconds: 604_800,
    ssoMaxTokenLifetimeSeconds: 86_400,
    ssoClockSkewSeconds: 60,
    logLevel: 'info',
    accessLog: true,
    logFormat: 'auto',
    journalMaxBytes: 64 * 1024 * 1024,
    storageRetryMs: 5000,
    webhookTimeoutMs: 10_000,
    webhookRetryBaseMs: 15_000,
    webhookRetryMaxDelayMs: 3_600_000,
    webhookGiveUpAfterMs: 86_400_000,
    webhookCircuitAfterMs: 86_400_000,
    webhookDeliveryRetentionMs: 604_800_000,
    notificationDigestMs: 60_000,
    outboxPollMs: 1_000,
    setupWarningIntervalMs: 60_000,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    keepAliveTimeoutMs: 5_000,
    loginRateLimit: { limit: 10, windowSeconds: 900 },
    signupRateLimit: { limit: 10, windowSeconds: 3600 },
    passwordResetRateLimit: { limit: 5, windowSeconds: 3600 },
    magicLinkRateLimit: { limit: 5, windowSeconds: 3600 },
    emailVerifyRateLimit: { limit: 5, windowSeconds: 3600 },
    mailTokenRateLimit: { limit: 20, windowSeconds: 900 },
    uploadRateLimit: { limit: 30, windowSeconds: 3600 },
    uploadMaxBytes: 5_242_880,
    uploadMaxPixels: 40_000_000,
    uploadDailyQuotaBytes: 52_428_800,
    uploadOrphanMs: 86_400_000,
    avatarFetchTimeoutMs: 5000,
    importRequestTimeoutMs: 60_000,
    importRetryMaxWaitMs: 30_000,
    avatarFetchAllowPrivate: false,
  });
});

test('data dir: --data > FEEDBACKD_DATA > ./feedbackd-data, resolved absolute', async (t) => {
  const env = { FEEDBACKD_DATA: 'from-env' };
  t.is((await loadConfig({ flags: { data: 'from-flag' }, env })).dataDir, resolve('from-flag'));
  t.is((await loadConfig({ env })).dataDir, resolve('from-env'));
  t.is((await loadConfig({ env: {} })).dataDir, resolve('feedbackd-data'));
});

const precedence = [
  { key: 'port', flag: ['port', '4001'], env: ['FEEDBACKD_PORT', '4002'], file: 4003, want: [4001, 4002, 4003, 3000] },
  { key: 'host', flag: ['host', '::1'], env: ['FEEDBACKD_HOST', '0.0.0.0'], file: 'localhost', want: ['::1', '0.0.0.0', 'localhost', '127.0.0.1'] },
  {
    key: 'smtpUrl',
    flag: ['smtpUrl', 'smtp://flag.test'],
    env: ['FEEDBACKD_SMTP_URL', 'smtps://env.test'],
    file: 'smtp://file.test:2525',
    want: ['smtp://flag.test', 'smtps://env.test', 'smtp://file.test:2525', null],
  },
  { key: 'trustProxy', flag: ['trustProxy', true], env: ['FEEDBACKD_TRUST_PROXY', 'no'], file: true, want: [true, false, true, false] },
  { key: 'proxyStripsPath', flag: ['proxyStripsPath', true], env: ['FEEDBACKD_PROXY_STRIPS_PATH', 'no'], file: true, want: [true, false, true, false] },
  {
    key: 'databaseUrl',
    flag: ['database', 'postgres://flag/db'],
    env: ['FEEDBACKD_DATABASE_URL', 'postgresql://env/db'],
    file: 'postgres://file/db',
    want: ['postgres://flag/db', 'postgresql://env/db', 'postgres://file/db', null],
  },
  { key: 'databasePoolSize', flag: ['databasePoolSize', '3'], env: ['FEEDBACKD_DATABASE_POOL_SIZE', '40'], file: 100, want: [3, 40, 100, 10] },
  { key: 'logLevel', flag: ['logLevel', 'DEBUG'], env: ['FEEDBACKD_LOG_LEVEL', 'warn'], file: 'silent', want: ['debug', 'warn', 'silent', 'info'] },
  { key: 'headersTimeoutMs', flag: ['headersTimeoutMs', '1000'], env: ['FEEDBACKD_HEADERS_TIMEOUT_MS', '2000'], file: 3000, want: [1000, 2000, 3000, 10_000] },
  { key: 'requestTimeoutMs', flag: ['requestTimeoutMs', '1000'], env: ['FEEDBACKD_REQUEST_TIMEOUT_MS', '2000'], file: 3000, want: [1000, 2000, 3000, 30_000] },
  { key: 'keepAliveTimeoutMs', flag: ['keepAliveTimeoutMs', '1000'], env: ['FEEDBACKD_KEEP_ALIVE_TIMEOUT_MS', '2000'], file: 3000, want: [1000, 2000, 3000, 5_000] },
] as const;

for (const row of precedence) {
  test(`${row.key}: flag > env > config.json > default`, async (t) => {
    const dir = await dataDirWith(t, { [row.key]: row.file });
    const flags = { data: dir, [row.flag[0]]: row.flag[1] };
    const env = { [row.env[0]]: String(row.env[1]) };
    const key = row.key;
    t.deepEqual((await loadConfig({ flags, env }))[key], row.want[0]);
    t.deepEqual((await loadConfig({ flags: { data: dir }, env }))[key], row.want[1]);
    t.deepEqual((await loadConfig({ flags: { data: dir }, env: {} }))[key], row.want[2]);
    t.deepEqual((await loadConfig({ flags: { data: await tempDir(t) }, env: {} }))[key], row.want[3]);
  });
}

test('env-only and file-only keys: env > config.json > default', async (t) => {
  const dir = await dataDirWith(t, { bcryptCost: 6, tokenTtlSeconds: 60, corsOrigins: ['https://file.test'], journalMaxBytes: 8192 });
  const fromFile = await loadConfig({ flags: { data: dir }, env: {} });
  t.is(fromFile.bcryptCost, 6);
  t.is(fromFile.tokenTtlSeconds, 60);
  t.deepEqual(fromFile.corsOrigins, ['https://file.test']);
  t.is(fromFile.journalMaxBytes, 8192);
  const env = { FEEDBACKD_BCRYPT_COST: '4', FEEDBACKD_TOKEN_TTL: '120', FEEDBACKD_CORS_ORIGINS: 'https://a.test, http://b.test:8080/' };
  const fromEnv = await loadConfig({ flags: { data: dir }, env });
  t.is(fromEnv.bcryptCost, 4);
  t.is(fromEnv.tokenTtlSeconds, 120);
  t.deepEqual(fromEnv.corsOrigins, ['https://a.test', 'http://b.test:8080']);
  t.is((await loadConfig({ flags: { data: dir }, env: { FEEDBACKD_CORS_ORIGINS: '*' } })).corsOrigins, '*');
});

test('mailOutbox: flag > config.json > default (no env var)', async (t) => {
  const dir = await dataDirWith(t, { mailOutbox: false });
  t.true((await loadConfig({ flags: { data: dir, mailOutbox: true }, env: {} })).mailOutbox);
  t.false((await loadConfig({ flags: { data: dir }, env: { FEEDBACKD_MAIL_OUTBOX: 'true' } })).mailOutbox);
});

test('PORT is used when FEEDBACKD_PORT is not set; an empty variable counts as unset', async (t) => {
  const dir = await tempDir(t);
  t.is((await loadConfig({ flags: { data: dir }, env: { PORT: '5000' } })).port, 5000);
  t.is((await loadConfig({ flags: { data: dir }, env: { PORT: '5000', FEEDBACKD_PORT: '5001' } })).port, 5001);
  t.is((await loadConfig({ flags: { data: dir }, env: { FEEDBACKD_PORT: '', PORT: '5000' } })).port, 5000);
});

test('publicUrl defaults to http://localhost:<port> and loses trailing slashes', async (t) => {
  const dir = await tempDir(t);
  t.is((await loadConfig({ flags: { data: dir, port: '8080' }, env: {} })).publicUrl, 'http://localhost:8080');
  const config = await loadConfig({ flags: { data: dir, publicUrl: 'https://fb.example.org/board//' }, env: {} });
  t.is(config.publicUrl, 'https://fb.example.org/board');
});

test('FEEDBACKD_SECRET is taken from the environment only', async (t) => {
  const dir = await tempDir(t);
  const secret = 'x'.repeat(40);
  t.is((await loadConfig({ flags: { data: dir }, env: { FEEDBACKD_SECRET: secret } })).secret, secret);
});

test('databasePoolSize is an integer 1..100', async (t) => {
  const dir = await tempDir(t);
  for (const size of ['0', '101', 'ten']) {
    const message = await configError(loadConfig({ flags: { data: dir, databasePoolSize: size }, env: {} }));
    t.true(message.includes(`databasePoolSize (from --database-pool-size="${size}"): must be an integer 1..100`), message);
  }
});

test('every bad value is listed in one error, with its source and never a sensitive value', async (t) => {
  const dir = await dataDirWith(t, { host: 'two words', bcryptCost: 99, corsOrigins: 'https://a.test/path' });
  const env = {
    FEEDBACKD_PORT: 'abc',
    FEEDBACKD_SMTP_URL: 'http://user:hunter2@mail.test',
    FEEDBACKD_SECRET: 'short',
    FEEDBACKD_TOKEN_TTL: '0',
    FEEDBACKD_TRUST_PROXY: 'maybe',
  };
  const flags = { data: dir, publicUrl: 'ftp://x.test', logLevel: 'loud', mailFrom: 'not an address' };
  const message = await configError(loadConfig({ flags, env }));
  const lines = message.split('\n');
  t.is(lines[0], 'Invalid configuration (11 problems):');
  t.true(lines.includes('  - port (from FEEDBACKD_PORT="abc"): must be an integer 0..65535'));
  t.true(lines.includes(`  - host (from ${join(dir, 'config.json')}: "two words"): must be a host name or IP address, like 127.0.0.1, 0.0.0.0 or ::`));
  t.true(lines.some((line) => line.startsWith('  - publicUrl (from --public-url="ftp://x.test"): must be an http:// or https:// URL')));
  t.true(lines.some((line) => line.startsWith('  - smtpUrl (from FEEDBACKD_SMTP_URL): must be an smtp:// or smtps:// URL')));
  t.true(lines.some((line) => line.startsWith('  - mailFrom (from --mail-from="not an address"): must be an email address')));
  t.true(lines.some((line) => line.startsWith('  - trustProxy (from FEEDBACKD_TRUST_PROXY="maybe"): must be true or false')));
  t.true(lines.some((line) => line.startsWith(`  - corsOrigins (from ${join(dir, 'config.json')}: "https://a.test/path"): must be *`)));
  t.true(lines.some((line) => line.startsWith('  - secret (from FEEDBACKD_SECRET): must be at least 32 characters')));
  t.true(lines.some((line) => line.startsWith(`  - bcryptCost (from ${join(dir, 'config.json')}: 99): must be an integer 4..15`)));
  t.true(lines.some((line) => line.startsWith('  - tokenTtlSeconds (from FEEDBACKD_TOKEN_TTL="0"): must be an integer 1..')));
  t.true(lines.some((line) => line.startsWith('  - logLevel (from --log-level="loud"): must be one of: fatal, error')));
  t.false(message.includes('hunter2'));
  t.false(message.includes('short'));
});

test('one bad value gives one line', async (t) => {
  const dir = await tempDir(t);
  const message = await configError(loadConfig({ flags: { data: dir, port: '70000' }, env: {} }));
  t.is(message, 'Invalid configuration: port (from --port="70000"): must be an integer 0..65535');
});

test('config.json: invalid JSON, a non-object, unknown keys and a stored secret are reported', async (t) => {
  const broken = await dataDirWith(t, '{"port": 3000,');
  t.regex(await configError(loadConfig({ flags: { data: broken }, env: {} })), /config\.json is not valid JSON \(.+\): fix or delete it$/);
  const array = await dataDirWith(t, '[1]');
  t.regex(await configError(loadConfig({ flags: { data: array }, env: {} })), /must hold a JSON object/);
  const odd = await dataDirWith(t, { prot: 1, secret: 'x'.repeat(43), dataDir: '/elsewhere', port: 'abc' });
  const message = await configError(loadConfig({ flags: { data: odd }, env: {} }));
  t.regex(message, /^Invalid configuration \(4 problems\):/);
  t.regex(message, /unknown key "prot" \(from .+config\.json\): remove it; config\.json keys are port, host, /);
  t.regex(message, /secret \(from .+\): must not be stored in config\.json/);
  t.regex(message, /dataDir \(from .+\): cannot be set in config\.json; use --data or FEEDBACKD_DATA/);
  t.regex(message, /port \(from .+config\.json: "abc"\)/);
});

test('config.json values of the right kind may also be strings ("3000", "true")', async (t) => {
  const dir = await dataDirWith(t, { port: '3100', trustProxy: 'true', smtpUrl: null });
  const config = await loadConfig({ flags: { data: dir }, env: {} });
  t.is(config.port, 3100);
  t.true(config.trustProxy);
  t.is(config.smtpUrl, null);
});

test('resolveConfig says where each value came from', async (t) => {
  const dir = await dataDirWith(t, { host: '0.0.0.0' });
  const { sources } = await resolveConfig({ flags: { data: dir, port: '0' }, env: { FEEDBACKD_LOG_LEVEL: 'warn' } });
  t.deepEqual(sources.port, { kind: 'flag', name: '--port' });
  t.deepEqual(sources.logLevel, { kind: 'env', name: 'FEEDBACKD_LOG_LEVEL' });
  t.deepEqual(sources.host, { kind: 'file', name: join(dir, 'config.json') });
  t.deepEqual(sources.publicUrl, { kind: 'default', name: 'default' });
});

test('the settings table covers every Config key exactly once', (t) => {
  const keys = SETTINGS.map((setting) => setting.key);
  t.is(new Set(keys).size, keys.length);
  t.deepEqual([...keys].sort(), Object.keys(testConfig('/tmp/x')).sort());
});

test('a mail From address holding half a UTF-16 pair is a configuration problem, not a crash', async (t) => {
  const dir = await dataDirWith(t, { mailFrom: 'noreply@exa\ud800mple.org' });
  const message = await configError(loadConfig({ flags: { data: dir } }));
  t.regex(message, /mailFrom \(from .*config\.json.*\): must be an email address/);
});
