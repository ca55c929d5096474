import type { Config } from '../../src/config/types.js';

/** The signing secret of every test install: the 43-character base64url form of 32 fixed bytes, like a generated one. */
export const TEST_SECRET = 'ZmVlZGJhY2tkLXRlc3Qtc2VjcmV0LTMyLWJ5dGVzISE';

/** A full Config for tests: fast bcrypt, silent logs, any free port, mail to the outbox. */
export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    dataDir,
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:3000',
    smtpUrl: null,
    mailOutbox: true,
    mailFrom: null,
    databaseUrl: null,
    databasePoolSize: 10,
    trustProxy: false,
    corsOrigins: '*',
    secret: TEST_SECRET,
    bcryptCost: 4,
    tokenTtlSeconds: 3600,
    magicLinkTtlSeconds: 900,
    // Browser tests fill forms faster than a person: no minimum (form-check.test.ts sets its own).
    formMinFillMs: 0,
    formTokenTtlSeconds: 86_400,
    oidcLoginTtlSeconds: 600,
    oidcHandoffTtlSeconds: 60,
    oidcDiscoveryTtlSeconds: 3600,
    githubUrl: 'https://github.com',
    githubApiUrl: 'https://api.github.com',
    magicLinkRetentionSeconds: 604_800,
    ssoMaxTokenLifetimeSeconds: 86_400,
    ssoClockSkewSeconds: 60,
    logLevel: 'silent',
    logFormat: 'json',
    accessLog: true,
    journalMaxBytes: 8 * 1024 * 1024,
    storageRetryMs: 50,
    webhookTimeoutMs: 10_000,
    webhookRetryBaseMs: 20,
    webhookRetryMaxDelayMs: 100,
    webhookGiveUpAfterMs: 86_400_000,
    webhookCircuitAfterMs: 86_400_000,
    webhookDeliveryRetentionMs: 604_800_000,
    notificationDigestMs: 50,
    outboxPollMs: 50,
    setupWarningIntervalMs: 50,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    keepAliveTimeoutMs: 5_000,
    // The production defaults (API.md §1.14); a test that needs a low limit overrides one key.
    loginRateLimit: { limit: 10, windowSeconds: 900 },
    signupRateLimit: { limit: 10, windowSeconds: 3600 },
    passwordResetRateLimit: { limit: 5, windowSeconds: 3600 },
    magicLinkRateLimit: { limit: 5, windowSeconds: 3600 },
    emailVerifyRateLimit: { limit: 5, windowSeconds: 3600 },
    mailTokenRateLimit: { limit: 20, windowSeconds: 900 },
    ...overrides,
  };
}
