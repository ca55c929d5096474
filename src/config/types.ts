/** One rate limit (API.md §1.14): at most `limit` counted requests per key within any `windowSeconds`. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** The resolved configuration of one feedbackd process (flags > environment > config file > defaults). */
export interface Config {
  /** Absolute path of the data directory. */
  dataDir: string;
  /** TCP port; 0 = any free port. */
  port: number;
  host: string;
  /** Base URL for links in mail, without a trailing `/` (default `http://localhost:<port>`). */
  publicUrl: string;
  /**
   * Under a sub-path (publicUrl's path, like `/feedback`): true when the proxy removes that path from
   * requests, false when it passes it through (then serve answers only under it).
   */
  proxyStripsPath: boolean;
  /** `smtp://` or `smtps://` URL; null when SMTP is not configured. */
  smtpUrl: string | null;
  /** Write mail as .eml files into `<data>/outbox/` instead of sending it. */
  mailOutbox: boolean;
  /** From address; null = `"<site title>" <noreply@<publicUrl host>>`. */
  mailFrom: string | null;
  /** null = the JSON-file database in the data directory. */
  databaseUrl: string | null;
  /** PostgreSQL: the most connections this process opens (its pool size). */
  databasePoolSize: number;
  /** Behind a reverse proxy: the client address is the right-most X-Forwarded-For entry. */
  trustProxy: boolean;
  /** `'*'` = any origin; else the allowed origins. */
  corsOrigins: '*' | string[];
  /** FEEDBACKD_SECRET when set; null = `<data>/secret`. */
  secret: string | null;
  /** bcrypt cost factor. */
  bcryptCost: number;
  /** Lifetime of access tokens, in seconds. */
  tokenTtlSeconds: number;
  /** How long a mailed sign-in link works, in seconds. */
  magicLinkTtlSeconds: number;
  /** Issue 31 §2: a form token younger than this (ms) is refused as sent by a bot (sign-up, new post). */
  formMinFillMs: number;
  /** Issue 31 §2: how long a form token from `GET /forms/token` is accepted, in seconds. */
  formTokenTtlSeconds: number;
  /** OpenID Connect: how long a login's state (sealed in a cookie) stays valid, in seconds. */
  oidcLoginTtlSeconds: number;
  /** OpenID Connect: how long a finished sign-in waits in its cookie for the web app, in seconds. */
  oidcHandoffTtlSeconds: number;
  /** GitHub sign-in: GitHub's web and API addresses (tests point them at a local server). */
  githubUrl: string;
  githubApiUrl: string;
  /** OpenID Connect: how long a provider's discovery document and keys are cached, in seconds. */
  oidcDiscoveryTtlSeconds: number;
  /** How long a used or expired sign-in link is kept (so it is told apart from an unknown one), in seconds. */
  magicLinkRetentionSeconds: number;
  /** Single sign-on: the latest `exp` a product's token may carry, in seconds from now. */
  ssoMaxTokenLifetimeSeconds: number;
  /** Single sign-on: how far a product's clock may run ahead of or behind this server's, in seconds (`iat`, `exp`). */
  ssoClockSkewSeconds: number;
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  logLevel: string;
  /** One info line per request; off for those who log at the proxy (refusals are logged either way). */
  accessLog: boolean;
  /** Log lines as JSON, as readable text, or readable only on a terminal (`auto`). */
  logFormat: 'auto' | 'pretty' | 'json';
  /** The journal is compacted into a new snapshot once it grows past this many bytes. */
  journalMaxBytes: number;
  /** After a failed journal write, the disk is tried again this often (and a failed compaction retried). */
  storageRetryMs: number;
  /** Webhooks: how long one delivery may take, connecting, sending and reading the answer together, in milliseconds. */
  webhookTimeoutMs: number;
  /** Webhooks: the wait before the second attempt; it doubles per attempt, with jitter, up to webhookRetryMaxDelayMs. */
  webhookRetryBaseMs: number;
  webhookRetryMaxDelayMs: number;
  /** Webhooks: a delivery failing this long after its event is given up (status failed). */
  webhookGiveUpAfterMs: number;
  /** Webhooks: an endpoint failing without a success for this long is turned off, and the owner mailed. */
  webhookCircuitAfterMs: number;
  /** Webhooks: finished deliveries are kept this long. */
  webhookDeliveryRetentionMs: number;
  /** Notification mail: how long the first update of a post waits for others to join it in one mail. */
  notificationDigestMs: number;
  /** serve: how often the delivery worker looks for work it was not woken for (another process's changes). */
  outboxPollMs: number;
  /** serve, on a board with no owner yet and a host beyond loopback: the "first caller becomes the owner" warning repeats this often, in milliseconds. */
  setupWarningIntervalMs: number;
  /** HTTP: how long a client may take to send the request line and headers, in milliseconds. */
  headersTimeoutMs: number;
  /** HTTP: how long a client may take to send a whole request, body included, in milliseconds. */
  requestTimeoutMs: number;
  /** HTTP: how long an idle keep-alive connection stays open, in milliseconds. */
  keepAliveTimeoutMs: number;
  /** `POST /auth/login`: answers other than 200, per client address and per email. */
  loginRateLimit: RateLimit;
  /** `POST /auth/signup`: every request, per client address. */
  signupRateLimit: RateLimit;
  /** `POST /auth/password/reset`: every request, per client address and per email. */
  passwordResetRateLimit: RateLimit;
  /** `POST /auth/magic-link`: every request, per client address and per email. */
  magicLinkRateLimit: RateLimit;
  /** `POST /auth/email/verify`: every authenticated request, per user. */
  emailVerifyRateLimit: RateLimit;
  /** `POST /auth/email/validate`, `/auth/password/validateToken`, `/auth/password/set` together: answers other than 200, per client address. */
  mailTokenRateLimit: RateLimit;
  /** `POST /uploads` (issue 31 §3): the largest image accepted, in bytes; larger is refused while it is read. */
  uploadMaxBytes: number;
  /** `POST /uploads`: the most pixels (width × height) an image may have. */
  uploadMaxPixels: number;
  /** `POST /uploads`: the bytes one user may upload in 24 hours. */
  uploadDailyQuotaBytes: number;
  /** An upload no post, comment, changelog entry or avatar uses is removed once it is this old, in milliseconds (serve's worker). */
  uploadOrphanMs: number;
  /** `POST /uploads`: every request, per signed-in user. */
  uploadRateLimit: RateLimit;
  /** A sign-in's picture is fetched after the answer (issue 28): the most that may take, in milliseconds. */
  avatarFetchTimeoutMs: number;
  /** A sign-in's picture may come from loopback and private addresses (refused by default, as webhooks are). */
  avatarFetchAllowPrivate: boolean;
  /** `import --from canny`: the most one answer of the other board's API may take, in milliseconds. */
  importRequestTimeoutMs: number;
  /** `import --from canny`: the longest wait before asking again after a 429, in milliseconds. */
  importRetryMaxWaitMs: number;
}
