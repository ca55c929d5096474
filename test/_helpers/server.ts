import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../src/config/types.js';
import { API_PREFIX, createApp, type RouteRegistrar } from '../../src/http/app.js';
import { startServer } from '../../src/http/server.js';
import { createLogger, type Logger } from '../../src/logger.js';
import type { ServiceContext } from '../../src/services/context.js';
import { createServiceContext } from '../../src/services/create-context.js';
import { startOutboxWorker } from '../../src/services/outbox/worker.js';
import type { HostLookup } from '../../src/services/webhooks/target-guard.js';
import { testConfig } from './config.js';
import { testLookup } from './host-lookup.js';
import { checkAgainstDocument } from './openapi-check.js';
import { TEST_ENGINE, testDatabaseUrl } from './engine.js';
import { createSchema } from './pg-schema.js';

export interface TestRequestOptions {
  /** Sent as JSON with `Content-Type: application/json` (unless `headers` names another type). */
  body?: unknown;
  /** Sent exactly as given, with no Content-Type unless `headers` has one. Wins over `body`. */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** The path is taken from the server root instead of under `/api/v1`. */
  fromRoot?: boolean;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or null when the body is empty or not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read response fields freely and assert on them.
  body: any;
  /** The raw body text. */
  text: string;
}

export interface TestServer {
  /** Server root, e.g. `http://127.0.0.1:41234` (routes live under `${url}/api/v1`). */
  url: string;
  ctx: ServiceContext;
  dataDir: string;
  /** One request with global fetch; `path` is under `/api/v1` unless `fromRoot`. */
  request(method: string, path: string, options?: TestRequestOptions): Promise<TestResponse>;
  /** Closes the server and the context, then removes the data dir. Safe to call twice. */
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Routes instead of the production ones (e.g. production + a throwing test route). */
  routes?: RouteRegistrar;
  /** Logger instead of the silent one (e.g. to capture log lines). */
  logger?: Logger;
  /** The web app's directory instead of the package's `dist/web/` (e.g. a fixture, or a missing one). */
  webDir?: string;
  /** Runs the delivery worker of serve (webhooks, notification mail) alongside the server. */
  worker?: boolean;
  /** Resolves the webhook host names the owner gives; testLookup() by default, so no test asks real DNS. */
  lookupWebhookHost?: HostLookup;
  /** Resolves the host names of sign-in pictures; by default every name is unknown (tests fetch pictures from 127.0.0.1 only). */
  lookupAvatarHost?: HostLookup;
  /** A certificate the picture fetch trusts (the local https server of avatar tests). */
  avatarFetchCa?: string;
}

/** In the PostgreSQL run, every test server gets a fresh schema instead of the JSON-file database. */
async function postgresSchema() {
  return TEST_ENGINE === 'postgres' ? createSchema(testDatabaseUrl()) : undefined;
}

/** A real server on 127.0.0.1 and a free port, over a fresh temp data dir with real storage and mail. */
export async function startTestServer(overrides: Partial<Config> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'feedbackd-test-'));
  const schema = await postgresSchema();
  const config = testConfig(dataDir, { ...(schema ? { databaseUrl: schema.url } : {}), ...overrides });
  const ctx = await createServiceContext(config, options.logger ?? createLogger(config.logLevel));
  ctx.lookupWebhookHost = options.lookupWebhookHost ?? testLookup();
  // No name resolves: a token naming https://cdn.example.com/a.png fails at once, without leaving loopback.
  ctx.lookupAvatarHost = options.lookupAvatarHost ?? testLookup({}, { unknownOnly: true });
  if (options.avatarFetchCa) ctx.avatarFetchCa = options.avatarFetchCa;
  const app = createApp(ctx, options.routes, { webDir: options.webDir });
  const server = await startServer(app, { host: config.host, port: config.port });
  const worker = options.worker ? startOutboxWorker(ctx) : undefined;
  let closing: Promise<void> | undefined;
  const close = async () => {
    await server.close();
    await worker?.stop();
    await ctx.close();
    await schema?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  return {
    url: server.url,
    ctx,
    dataDir,
    request: (method, path, requestOptions) => sendRequest(server.url, method, path, requestOptions),
    close: () => {
      closing ??= close();
      return closing;
    },
  };
}

/** One request to a server root, parsed the way tests want it. */
export async function sendRequest(
  root: string,
  method: string,
  path: string,
  options: TestRequestOptions = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = {};
  let payload: string | Uint8Array | undefined = options.rawBody;
  if (payload === undefined && options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  // Lower-cased so a caller's `Content-Type` replaces ours instead of being joined to it.
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  const url = `${root}${options.fromRoot ? '' : API_PREFIX}${path}`;
  // The cast: with DOM types in the test project (browser tests), fetch wants an ArrayBuffer-backed view.
  const response = await fetch(url, { method, headers, body: payload as string | Uint8Array<ArrayBuffer> | undefined });
  const text = await response.text();
  const body = parseJsonOrNull(text);
  if (!options.fromRoot) checkAgainstDocument(method, path, response.status, body, text);
  return { status: response.status, headers: response.headers, body, text };
}

function parseJsonOrNull(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
