import * as parse from './parse-value.js';
import type { Config, RateLimit } from './types.js';

/** One configuration key: where it may come from, its default and its rule. */
export interface Setting<K extends keyof Config = keyof Config> {
  /** The Config field, which is also the config.json key. */
  key: K;
  /** One line for --help and the README. */
  describe: string;
  /** commander flag syntax, e.g. `--port <number>`; absent = no flag. */
  flag?: string;
  /** Environment variables, highest priority first. */
  env?: readonly string[];
  /** May be stored in `<data>/config.json`. */
  inFile: boolean;
  /** Never echo the value (it may hold a password or key). */
  sensitive?: boolean;
  /** The default as the README and --help show it. */
  defaultText: string;
  /** The default, given the values resolved before this key (publicUrl follows port). */
  defaultValue(resolved: Partial<Config>): Config[K];
  parse: parse.ValueParser<Config[K]>;
}

/** A setting of any key (a union, so each entry keeps its own value type). */
export type AnySetting = { [K in keyof Config]: Setting<K> }[keyof Config];

const MIB = 1024 * 1024;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The config keys of the rate limits (API.md §1.14), one per limited route or route group. */
type RateLimitKey = { [K in keyof Config]: Config[K] extends RateLimit ? K : never }[keyof Config];

/**
 * A rate limit setting: flag `--login-rate-limit <count/window>`, env `FEEDBACKD_LOGIN_RATE_LIMIT`,
 * config.json key `loginRateLimit` (for key `loginRateLimit`).
 */
function rateLimitSetting<K extends RateLimitKey>(key: K, describe: string, defaultText: string): Setting<K> {
  const kebab = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  const fallback = parse.rateLimit(defaultText);
  return {
    key,
    describe: `${describe}, as count/window (like 10/15m, 5/1h or 20/900 seconds)`,
    flag: `--${kebab} <count/window>`,
    env: [`FEEDBACKD_${kebab.replaceAll('-', '_').toUpperCase()}`],
    inFile: true,
    defaultText,
    // A fresh object each time: a resolved Config never shares a mutable default.
    defaultValue: () => ({ ...fallback }),
    parse: parse.rateLimit,
  };
}

/** The config keys of the HTTP server's timeouts, in milliseconds. */
type HttpTimeoutKey = 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs';

/** A duration in milliseconds from the environment or config.json; from 10 ms so tests can make it short. */
type MsSettingKey =
  | 'webhookRetryBaseMs'
  | 'webhookRetryMaxDelayMs'
  | 'webhookGiveUpAfterMs'
  | 'webhookCircuitAfterMs'
  | 'webhookDeliveryRetentionMs'
  | 'notificationDigestMs'
  | 'outboxPollMs'
  | 'uploadOrphanMs';

function msSetting<K extends MsSettingKey>(key: K, describe: string, fallback: number, defaultText: string): Setting<K> {
  const env = `FEEDBACKD_${key.replace(/([A-Z])/g, '_$1').toUpperCase()}`;
  return { key, describe: `${describe}, in milliseconds`, env: [env], inFile: true, defaultText, defaultValue: () => fallback, parse: parse.integer(10, 31_536_000_000) };
}

/**
 * An HTTP timeout: flag `--headers-timeout-ms <ms>`, env `FEEDBACKD_HEADERS_TIMEOUT_MS`, config.json
 * key `headersTimeoutMs` (for key `headersTimeoutMs`); 100 ms to 1 hour.
 */
function httpTimeoutSetting<K extends HttpTimeoutKey>(key: K, describe: string, defaultMs: number): Setting<K> {
  const kebab = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return {
    key,
    describe: `${describe}, in milliseconds`,
    flag: `--${kebab} <ms>`,
    env: [`FEEDBACKD_${kebab.replaceAll('-', '_').toUpperCase()}`],
    inFile: true,
    defaultText: `${defaultMs} (${defaultMs / 1000} seconds)`,
    defaultValue: () => defaultMs,
    parse: parse.integer(100, 3_600_000),
  };
}

/**
 * Every configuration key, in resolution order (a default may depend on an earlier key).
 * Precedence: flag > environment > config.json > default.
 */
export const SETTINGS: readonly AnySetting[] = [
  {
    key: 'dataDir',
    describe: 'data directory (database, secret, config.json, outbox)',
    flag: '--data <dir>',
    env: ['FEEDBACKD_DATA'],
    inFile: false,
    defaultText: './feedbackd-data',
    defaultValue: () => parse.directory('./feedbackd-data'),
    parse: parse.directory,
  },
  {
    key: 'port',
    describe: 'TCP port to listen on; 0 = any free port',
    flag: '--port <number>',
    env: ['FEEDBACKD_PORT', 'PORT'],
    inFile: true,
    defaultText: '3000',
    defaultValue: () => 3000,
    parse: parse.integer(0, 65535),
  },
  {
    key: 'host',
    describe: 'address to listen on',
    flag: '--host <address>',
    env: ['FEEDBACKD_HOST'],
    inFile: true,
    defaultText: '127.0.0.1',
    defaultValue: () => '127.0.0.1',
    parse: parse.host,
  },
  {
    key: 'publicUrl',
    describe: 'public base URL used in links sent by mail',
    flag: '--public-url <url>',
    env: ['FEEDBACKD_PUBLIC_URL'],
    inFile: true,
    defaultText: 'http://localhost:<port>',
    defaultValue: (resolved) => `http://localhost:${resolved.port ?? 3000}`,
    parse: parse.publicUrl,
  },
  {
    key: 'proxyStripsPath',
    describe: "under a sub-path (publicUrl https://example.com/feedback): the proxy removes the path before passing requests on",
    flag: '--proxy-strips-path',
    env: ['FEEDBACKD_PROXY_STRIPS_PATH'],
    inFile: true,
    defaultText: 'false',
    defaultValue: () => false,
    parse: parse.boolean,
  },
  {
    key: 'smtpUrl',
    describe: 'send mail through this SMTP server (smtp:// or smtps://)',
    flag: '--smtp-url <url>',
    env: ['FEEDBACKD_SMTP_URL'],
    inFile: true,
    sensitive: true,
    defaultText: 'none',
    defaultValue: () => null,
    parse: parse.nullable(parse.smtpUrl),
  },
  {
    key: 'mailOutbox',
    describe: 'write mail as .eml files into <data>/outbox/ instead of sending it',
    flag: '--mail-outbox',
    inFile: true,
    defaultText: 'false',
    defaultValue: () => false,
    parse: parse.boolean,
  },
  {
    key: 'mailFrom',
    describe: 'From address of outgoing mail',
    flag: '--mail-from <address>',
    env: ['FEEDBACKD_MAIL_FROM'],
    inFile: true,
    defaultText: '"<site title>" <noreply@<public URL host>>',
    defaultValue: () => null,
    parse: parse.nullable(parse.mailFrom),
  },
  {
    key: 'databaseUrl',
    describe: 'PostgreSQL URL (postgres://user:password@host:5432/database)',
    flag: '--database <url>',
    env: ['FEEDBACKD_DATABASE_URL'],
    inFile: true,
    sensitive: true,
    defaultText: 'the JSON database in the data directory',
    defaultValue: () => null,
    parse: parse.nullable(parse.databaseUrl),
  },
  {
    key: 'databasePoolSize',
    describe: 'PostgreSQL connections each process may open (1..100)',
    flag: '--database-pool-size <n>',
    env: ['FEEDBACKD_DATABASE_POOL_SIZE'],
    inFile: true,
    defaultText: '10',
    defaultValue: () => 10,
    parse: parse.integer(1, 100),
  },
  {
    key: 'trustProxy',
    describe: 'behind a reverse proxy: take the client address from X-Forwarded-For',
    flag: '--trust-proxy',
    env: ['FEEDBACKD_TRUST_PROXY'],
    inFile: true,
    defaultText: 'false',
    defaultValue: () => false,
    parse: parse.boolean,
  },
  {
    key: 'corsOrigins',
    describe: 'origins allowed by CORS: * or a comma-separated list',
    env: ['FEEDBACKD_CORS_ORIGINS'],
    inFile: true,
    defaultText: '*',
    defaultValue: () => '*',
    parse: parse.corsOrigins,
  },
  {
    key: 'secret',
    describe: 'key that signs access tokens (never stored in config.json)',
    env: ['FEEDBACKD_SECRET'],
    inFile: false,
    sensitive: true,
    defaultText: 'generated once into <data>/secret',
    defaultValue: () => null,
    parse: parse.secret,
  },
  {
    key: 'bcryptCost',
    describe: 'bcrypt cost factor for password hashes (4..15)',
    env: ['FEEDBACKD_BCRYPT_COST'],
    inFile: true,
    defaultText: '10',
    defaultValue: () => 10,
    parse: parse.integer(4, 15),
  },
  {
    key: 'tokenTtlSeconds',
    describe: 'lifetime of access tokens, in seconds',
    env: ['FEEDBACKD_TOKEN_TTL'],
    inFile: true,
    defaultText: '604800 (7 days)',
    defaultValue: () => 604800,
    parse: parse.integer(1, 31_536_000),
  },
  {
    key: 'oidcLoginTtlSeconds',
    describe: "OpenID Connect: how long a person has at the provider's sign-in page before coming back, in seconds",
    env: ['FEEDBACKD_OIDC_LOGIN_TTL_SECONDS'],
    inFile: true,
    defaultText: '600 (10 minutes)',
    defaultValue: () => 600,
    // From 1 s so tests can watch a login expire; at most a day.
    parse: parse.integer(1, 86_400),
  },
  {
    key: 'oidcHandoffTtlSeconds',
    describe: 'OpenID Connect: how long the web app has to collect a finished sign-in from its cookie, in seconds',
    env: ['FEEDBACKD_OIDC_HANDOFF_TTL_SECONDS'],
    inFile: true,
    defaultText: '60',
    defaultValue: () => 60,
    parse: parse.integer(1, 3600),
  },
  {
    key: 'oidcDiscoveryTtlSeconds',
    describe: "OpenID Connect: how long a provider's discovery document and keys are kept before being fetched again, in seconds",
    env: ['FEEDBACKD_OIDC_DISCOVERY_TTL_SECONDS'],
    inFile: true,
    defaultText: '3600 (1 hour)',
    defaultValue: () => 3600,
    parse: parse.integer(0, 86_400),
  },
  // GitHub's addresses: only tests (a local server answering as GitHub does) change them.
  {
    key: 'githubUrl',
    describe: "GitHub sign-in: GitHub's web address (authorize and access_token); for tests only",
    env: ['FEEDBACKD_GITHUB_URL'],
    inFile: false,
    defaultText: 'https://github.com',
    defaultValue: () => 'https://github.com',
    parse: parse.publicUrl,
  },
  {
    key: 'githubApiUrl',
    describe: "GitHub sign-in: GitHub's API address (/user, /user/emails); for tests only",
    env: ['FEEDBACKD_GITHUB_API_URL'],
    inFile: false,
    defaultText: 'https://api.github.com',
    defaultValue: () => 'https://api.github.com',
    parse: parse.publicUrl,
  },
  {
    key: 'magicLinkTtlSeconds',
    describe: 'how long a mailed sign-in link works, in seconds (it works once)',
    env: ['FEEDBACKD_MAGIC_LINK_TTL'],
    inFile: true,
    defaultText: '900 (15 minutes)',
    defaultValue: () => 900,
    // From 1 s so tests can watch a link expire; at most a day, as a link in a mailbox is a key.
    parse: parse.integer(1, 86_400),
  },
  {
    key: 'formMinFillMs',
    describe: 'the sign-up and new-post forms: a form sent sooner than this after it opened is refused as a bot\'s, in milliseconds (0 = no minimum)',
    env: ['FEEDBACKD_FORM_MIN_FILL_MS'],
    inFile: true,
    defaultText: '2000 (2 seconds)',
    defaultValue: () => 2000,
    // At most 10 s: a quick person must never be refused.
    parse: parse.integer(0, 10_000),
  },
  {
    key: 'formTokenTtlSeconds',
    describe: 'how long a form token (GET /api/v1/forms/token) is accepted after the form opened, in seconds',
    env: ['FEEDBACKD_FORM_TOKEN_TTL'],
    inFile: true,
    defaultText: '86400 (a day)',
    defaultValue: () => 86_400,
    parse: parse.integer(60, 604_800),
  },
  {
    key: 'magicLinkRetentionSeconds',
    describe:
      'how long a used or expired sign-in link is kept after it expires, so that opening it says it was used or has expired rather than that it is unknown, in seconds',
    env: ['FEEDBACKD_MAGIC_LINK_RETENTION'],
    inFile: true,
    defaultText: '604800 (7 days)',
    defaultValue: () => 604_800,
    parse: parse.integer(0, 31_536_000),
  },
  {
    key: 'ssoMaxTokenLifetimeSeconds',
    describe: "single sign-on: the latest expiry (exp) a product's token may carry, in seconds from now",
    env: ['FEEDBACKD_SSO_MAX_TOKEN_LIFETIME_SECONDS'],
    inFile: true,
    defaultText: '86400 (1 day)',
    defaultValue: () => 86_400,
    parse: parse.integer(1, 31_536_000),
  },
  {
    key: 'ssoClockSkewSeconds',
    describe: "single sign-on: how far the product's clock may be off from this server's, in seconds (iat in the future, exp just past)",
    env: ['FEEDBACKD_SSO_CLOCK_SKEW_SECONDS'],
    inFile: true,
    defaultText: '60',
    defaultValue: () => 60,
    parse: parse.integer(0, 3600),
  },
  {
    key: 'logLevel',
    describe: `log level: ${LOG_LEVELS.join(', ')}`,
    flag: '--log-level <level>',
    env: ['FEEDBACKD_LOG_LEVEL'],
    inFile: true,
    defaultText: 'info',
    defaultValue: () => 'info',
    parse: parse.oneOf(LOG_LEVELS),
  },
  {
    key: 'accessLog',
    describe: 'one log line per request (method, path, status, duration, bytes, request id, client address)',
    flag: '--no-access-log',
    env: ['FEEDBACKD_ACCESS_LOG'],
    inFile: true,
    defaultText: 'true',
    defaultValue: () => true,
    parse: parse.boolean,
  },
  {
    key: 'logFormat',
    describe: 'log lines: auto (readable on a terminal, JSON otherwise), pretty or json',
    flag: '--log-format <format>',
    env: ['FEEDBACKD_LOG_FORMAT'],
    inFile: true,
    defaultText: 'auto',
    defaultValue: () => 'auto',
    parse: parse.oneOf(['auto', 'pretty', 'json']) as parse.ValueParser<'auto' | 'pretty' | 'json'>,
  },
  {
    key: 'journalMaxBytes',
    describe: 'compact the database journal into a new snapshot past this size, in bytes',
    inFile: true,
    defaultText: '67108864 (64 MiB)',
    defaultValue: () => 64 * MIB,
    parse: parse.integer(4096, Number.MAX_SAFE_INTEGER),
  },
  {
    key: 'storageRetryMs',
    describe: 'after a failed journal write (full disk, read-only file system), try the disk again this often, in milliseconds',
    env: ['FEEDBACKD_STORAGE_RETRY_MS'],
    inFile: true,
    defaultText: '5000 (5 seconds)',
    defaultValue: () => 5000,
    parse: parse.integer(10, 3_600_000),
  },
  {
    key: 'webhookTimeoutMs',
    describe: 'how long one webhook delivery may take (connecting, sending the event and reading the answer), in milliseconds',
    env: ['FEEDBACKD_WEBHOOK_TIMEOUT_MS'],
    inFile: true,
    defaultText: '10000 (10 seconds)',
    defaultValue: () => 10_000,
    parse: parse.integer(100, 120_000),
  },
  msSetting('webhookRetryBaseMs', 'webhooks: wait before the second attempt of a failed delivery; each later wait doubles (with jitter) up to webhookRetryMaxDelayMs', 15_000, '15000 (15 seconds)'),
  msSetting('webhookRetryMaxDelayMs', 'webhooks: the longest wait between two attempts of a delivery', 3_600_000, '3600000 (1 hour)'),
  msSetting('webhookGiveUpAfterMs', 'webhooks: a delivery still failing this long after its event is marked failed and no longer tried', 86_400_000, '86400000 (24 hours)'),
  msSetting('webhookCircuitAfterMs', 'webhooks: an endpoint whose every attempt has failed for this long is turned off, and the owner is told by mail', 86_400_000, '86400000 (24 hours)'),
  msSetting('webhookDeliveryRetentionMs', 'webhooks: delivered and failed deliveries are kept this long for `feedbackd webhook deliveries`, then deleted', 604_800_000, '604800000 (7 days)'),
  msSetting('notificationDigestMs', 'notification mail: the first update of a post waits this long, and what else happens to the post meanwhile goes into the same mail', 60_000, '60000 (1 minute)'),
  msSetting('outboxPollMs', 'serve: how often the delivery worker looks for events to send, deliveries to retry, notification mail due and changelog entries to publish', 1_000, '1000 (1 second)'),
  {
    key: 'uploadMaxBytes',
    describe: 'POST /uploads: the largest image accepted, in bytes (larger: 413 UPLOAD_TOO_LARGE, refused while it is read)',
    flag: '--upload-max-bytes <bytes>',
    env: ['FEEDBACKD_UPLOAD_MAX_BYTES'],
    inFile: true,
    defaultText: '5242880 (5 MiB)',
    defaultValue: () => 5 * MIB,
    parse: parse.integer(1024, 1024 * MIB),
  },
  {
    key: 'uploadMaxPixels',
    describe: 'POST /uploads: the most pixels (width × height) an image may have (more: 413 UPLOAD_TOO_MANY_PIXELS)',
    flag: '--upload-max-pixels <pixels>',
    env: ['FEEDBACKD_UPLOAD_MAX_PIXELS'],
    inFile: true,
    defaultText: '40000000 (40 megapixels)',
    defaultValue: () => 40_000_000,
    parse: parse.integer(1, 1_000_000_000),
  },
  {
    key: 'uploadDailyQuotaBytes',
    describe: 'POST /uploads: the bytes one user may upload in 24 hours (more: 429 UPLOAD_QUOTA_EXCEEDED)',
    flag: '--upload-daily-quota-bytes <bytes>',
    env: ['FEEDBACKD_UPLOAD_DAILY_QUOTA_BYTES'],
    inFile: true,
    defaultText: '52428800 (50 MiB)',
    defaultValue: () => 50 * MIB,
    parse: parse.integer(0, Number.MAX_SAFE_INTEGER),
  },
  {
    key: 'avatarFetchTimeoutMs',
    describe: 'the picture a sign-in brings (SSO token, OpenID provider) is fetched after the answer to become the avatar: how long that may take, in milliseconds',
    env: ['FEEDBACKD_AVATAR_FETCH_TIMEOUT_MS'],
    inFile: true,
    defaultText: '5000 (5 seconds)',
    defaultValue: () => 5000,
    parse: parse.integer(100, 120_000),
  },
  {
    key: 'avatarFetchAllowPrivate',
    describe: 'let sign-in pictures be fetched from loopback and private addresses (an identity server on the same network); refused otherwise, as webhooks are',
    env: ['FEEDBACKD_AVATAR_FETCH_ALLOW_PRIVATE'],
    inFile: true,
    defaultText: 'false',
    defaultValue: () => false,
    parse: parse.boolean,
  },
  {
    key: 'importRequestTimeoutMs',
    describe: "import --from canny: how long one answer of the other board's API may take, in milliseconds",
    env: ['FEEDBACKD_IMPORT_REQUEST_TIMEOUT_MS'],
    inFile: true,
    defaultText: '60000 (1 minute)',
    defaultValue: () => 60_000,
    parse: parse.integer(100, 600_000),
  },
  {
    key: 'importRetryMaxWaitMs',
    describe: "import --from canny: the longest wait before asking again after the API answered \"too many requests\" (it says how long; at most this), in milliseconds",
    env: ['FEEDBACKD_IMPORT_RETRY_MAX_WAIT_MS'],
    inFile: true,
    defaultText: '30000 (30 seconds)',
    defaultValue: () => 30_000,
    parse: parse.integer(0, 600_000),
  },
  msSetting('uploadOrphanMs', 'serve: an uploaded image no post, comment, changelog entry or avatar uses is removed once it is this old', 86_400_000, '86400000 (24 hours)'),
  {
    key: 'setupWarningIntervalMs',
    describe:
      'serve on a board with no owner yet, listening beyond loopback: repeat the warning that the first caller of POST /api/v1/auth/setup becomes the owner this often, in milliseconds',
    env: ['FEEDBACKD_SETUP_WARNING_INTERVAL_MS'],
    inFile: true,
    defaultText: '60000 (1 minute)',
    defaultValue: () => 60_000,
    // From 10 ms so tests can watch it repeat; an operator has no reason to go below a second.
    parse: parse.integer(10, 86_400_000),
  },
  // A slow client must not hold a connection (and its memory) open for ever; Node's own defaults are minutes.
  httpTimeoutSetting('headersTimeoutMs', 'HTTP: how long a client may take to send the request headers (at most the request timeout)', 10_000),
  httpTimeoutSetting('requestTimeoutMs', 'HTTP: how long a client may take to send a whole request, a 1 MiB body included', 30_000),
  httpTimeoutSetting('keepAliveTimeoutMs', 'HTTP: how long an idle keep-alive connection stays open', 5_000),
  // API.md §1.14. Placed last: nothing depends on them.
  rateLimitSetting('loginRateLimit', 'POST /auth/login, /auth/sso, /auth/magic-link/login and OpenID Connect sign-ins: failed attempts per client address (and per email for login)', '10/15m'),
  rateLimitSetting('signupRateLimit', 'POST /auth/signup: requests per client address', '10/1h'),
  rateLimitSetting('passwordResetRateLimit', 'POST /auth/password/reset: requests per client address and per email', '5/1h'),
  rateLimitSetting('magicLinkRateLimit', 'POST /auth/magic-link: requests per client address and per email', '5/1h'),
  rateLimitSetting('emailVerifyRateLimit', 'POST /auth/email/verify: requests per signed-in user', '5/1h'),
  rateLimitSetting('uploadRateLimit', 'POST /uploads: images per signed-in user', '30/1h'),
  rateLimitSetting(
    'mailTokenRateLimit',
    'POST /auth/email/validate, /auth/password/validateToken and /auth/password/set together: failed attempts per client address',
    '20/15m',
  ),
];

/** The setting of a key. */
export function settingOf(key: keyof Config): AnySetting {
  const setting = SETTINGS.find((candidate) => candidate.key === key);
  if (!setting) throw new Error(`No setting for ${key}`);
  return setting;
}

/** The long flag name without dashes or argument: `--public-url <url>` → `public-url`. */
export function flagName(setting: AnySetting): string | undefined {
  return setting.flag?.split(' ')[0]?.replace(/^--/, '');
}

/** The property commander stores the flag under: `--public-url` → `publicUrl`, `--no-access-log` → `accessLog`. */
export function flagAttribute(setting: AnySetting): string | undefined {
  return flagName(setting)
    ?.replace(/^no-/, '')
    .replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The --help line, in commander's own style: description (env: …) (default: …). */
export function settingHelp(setting: AnySetting): string {
  const env = setting.env?.length ? ` (env: ${setting.env.join(', ')})` : '';
  return `${setting.describe}${env} (default: ${setting.defaultText})`;
}
