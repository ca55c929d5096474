/// <reference lib="dom" />
// The browser test harness: one in-process feedbackd (real storage, real SMTP to a sink) and one
// Chromium per test file. Tests in a browser file are written as `test.serial`: they share the
// server's data and one browser, and the CI machine has two cores. A file whose server is not the
// harness's (a `feedbackd serve` child) takes only Chromium: `useChromium` and `openPageAt`.
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import anyTest, { type ExecutionContext, type TestFn } from 'ava';
import type { ParsedMail } from 'mailparser';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import type { Config } from '../../src/config/types.js';
import type { ServiceContext } from '../../src/services/context.js';
import { OWNER, type Persona } from '../_helpers/personas.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { type SmtpSink, startSmtpSink } from '../_helpers/smtp-sink.js';
import { launchChromium } from './_chromium.js';

export { launchChromium };

/** The server behind a browser test file. */
export interface WebServer {
  server: TestServer;
  smtp: SmtpSink;
  /** Server root, e.g. `http://127.0.0.1:41234`; also the public URL, so mailed links point here. */
  url: string;
  /** The owner, set up through `POST /auth/setup` with OWNER's email and password. */
  owner: Persona;
  ctx: ServiceContext;
}

/** `t.context` of a browser test that brings its own server. */
export interface ChromiumContext {
  browser: Browser;
}

/** `t.context` of a browser test. */
export interface WebContext extends ChromiumContext {
  web: WebServer;
}

/** AVA's `test`, typed with the browser context; register it with `useWebServer()` first. */
export const test = anyTest as TestFn<WebContext>;

/** The `t` of a browser test. */
export type WebTest = ExecutionContext<WebContext>;

/** The `t` of a browser test that brings its own server; any browser test is one. */
export type ChromiumTest = ExecutionContext<ChromiumContext>;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCREENSHOTS = join(ROOT, 'test', 'web', '.screenshots');
/** A web build of one's own (FEEDBACKD_WEB_OUT at build time), so parallel work trees' builds do not collide. */
const TEST_WEB_DIR = process.env.FEEDBACKD_TEST_WEB_DIR || undefined;
const AXE_SOURCE = join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');

/** What else a browser test file's server runs. */
export interface WebServerOptions {
  /** The delivery worker of serve, for tests of notification mail. */
  worker?: boolean;
}

/**
 * Registers the hooks of a browser test file: before all, an SMTP sink, a server on its own public
 * URL with the owner set up, and Chromium; after each failed test, screenshots; after all, cleanup.
 */
export function useWebServer(configOverrides: Partial<Config> = {}, options: WebServerOptions = {}): void {
  test.before(async (t) => {
    const [web, browser] = await Promise.all([startWebServer(configOverrides, options), launchChromium()]);
    t.context.web = web;
    t.context.browser = browser;
  });
  closeAfterwards(test);
  test.after.always(async (t) => {
    await t.context.web?.server.close();
    await t.context.web?.smtp.close();
  });
}

/**
 * Registers the hooks of a browser test file that starts its own server: before all, Chromium; after
 * each failed test, screenshots; after all, Chromium closed. Pages are opened with `openPageAt`.
 */
export function useChromium(): TestFn<ChromiumContext> {
  const chromiumTest = anyTest as TestFn<ChromiumContext>;
  chromiumTest.before(async (t) => {
    t.context.browser = await launchChromium();
  });
  closeAfterwards(chromiumTest);
  return chromiumTest;
}

function closeAfterwards<Context extends ChromiumContext>(on: TestFn<Context>): void {
  on.afterEach.always(async (t) => {
    await closePages(t);
  });
  on.after.always(async (t) => {
    await t.context.browser?.close();
  });
}

/** A server whose public URL is its own address: the port is picked before the server starts. */
export async function startWebServer(configOverrides: Partial<Config> = {}, options: WebServerOptions = {}): Promise<WebServer> {
  const smtp = await startSmtpSink();
  const server = await startOnFreePort(smtp, configOverrides, options);
  const setup = await server.request('POST', '/auth/setup', { body: OWNER });
  if (setup.status !== 201) throw new Error(`owner setup failed: ${setup.status} ${setup.text}`);
  const owner = { user: (await server.ctx.storage.users.getOwner())!, token: setup.body.user.authToken as string };
  return { server, smtp, url: server.url, owner, ctx: server.ctx };
}

async function startOnFreePort(smtp: SmtpSink, overrides: Partial<Config>, options: WebServerOptions): Promise<TestServer> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    try {
      return await startTestServer({ smtpUrl: smtp.url, mailOutbox: false, ...overrides, port, publicUrl }, { webDir: TEST_WEB_DIR, worker: options.worker });
    } catch (error) {
      // Another process may take the port between the probe and the listen: try another one.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 3) throw error;
    }
  }
}

/** A TCP port free on 127.0.0.1 right now (another process may still take it before it is used). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** How `openPage` sets up the browser. */
export interface PageOptions {
  /** Signed in as this persona (their token in localStorage before any page script runs). */
  as?: Pick<Persona, 'token'>;
  /** Viewport width in CSS pixels: 1280 by default, 360 for a phone. */
  width?: number;
  colorScheme?: 'light' | 'dark';
  /** The browser's language (its Accept-Language): `en-US` by default. */
  locale?: string;
}

/** What went wrong on a page, kept as it happens. */
interface PageRecord {
  page: Page;
  context: BrowserContext;
  problems: string[];
}

/** Pages a test opened, by its `t.context` (a fresh object per test, shared with its hooks). */
const openedBy = new WeakMap<object, PageRecord[]>();
const records = new WeakMap<Page, PageRecord>();

/**
 * A fresh browser context (nothing shared with other pages) at `path`, once the app has rendered.
 * Requests to other origins (Gravatar) are refused, so tests never touch the network.
 */
export function openPage(t: WebTest, path: string, options: PageOptions = {}): Promise<Page> {
  return openPageAt(t, t.context.web.url + path, options);
}

/** `openPage` at a full URL, for a server that is not the harness's; other origins are refused the same way. */
export async function openPageAt(t: ChromiumTest, url: string, options: PageOptions = {}): Promise<Page> {
  const { browser } = t.context;
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
    locale: options.locale ?? 'en-US',
    timezoneId: 'UTC',
  });
  context.setDefaultTimeout(10_000);
  const origin = new URL(url).origin;
  await context.route((url) => url.origin !== origin, (route) => route.abort('blockedbyclient'));
  await context.addInitScript(recordCspViolations);
  if (options.as) await context.addInitScript(storeToken, options.as.token);
  const page = await context.newPage();
  const record: PageRecord = { page, context, problems: [] };
  records.set(page, record);
  openedBy.set(t.context, [...(openedBy.get(t.context) ?? []), record]);
  watchProblems(record);
  await page.goto(url);
  await waitForApp(page);
  return page;
}

/** Resolves once the app has put something into `#app` (after a navigation, say). */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.getElementById('app')?.childElementCount ?? 0) > 0);
}

// Runs in the page, before its own scripts.
function recordCspViolations(): void {
  const violations: string[] = [];
  (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
  document.addEventListener('securitypolicyviolation', (event) => {
    violations.push(`CSP ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
  });
}

// Runs in the page, before its own scripts.
function storeToken(token: string): void {
  localStorage.setItem('feedbackd.token', token);
}

function watchProblems(record: PageRecord): void {
  record.page.on('console', (message) => {
    // Chromium logs every non-2xx response like this; an API 404 or a refused avatar is not a page bug.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      record.problems.push(`console error: ${message.text()}`);
    }
  });
  record.page.on('pageerror', (error) => record.problems.push(`page error: ${error.stack ?? error.message}`));
}

/** Console errors, uncaught page errors and CSP violations seen on the page so far (none is the goal). */
export async function pageProblems(page: Page): Promise<string[]> {
  const record = records.get(page);
  const csp = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
  return [...(record?.problems ?? []), ...csp];
}

/** Fails the test, listing them, when the page has any console error, page error or CSP violation. */
export async function expectNoProblems(t: ChromiumTest, page: Page): Promise<void> {
  const problems = await pageProblems(page);
  t.deepEqual(problems, [], `problems on ${page.url()}:\n${problems.join('\n')}`);
}

/** The axe rules checked: WCAG 2.0–2.2 A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/**
 * Runs axe-core in the page as it is now and fails with a readable list of violations. The page's
 * CSP forbids injected scripts; DevTools evaluation (page.evaluate) is not subject to it.
 */
export async function expectAccessible(t: ChromiumTest, page: Page | Frame): Promise<void> {
  axeSource ??= readFileSync(AXE_SOURCE, 'utf8');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  }, AXE_TAGS);
  if (violations.length === 0) {
    t.pass();
    return;
  }
  t.fail(`axe: ${violations.length} violation(s) on ${page.url()}\n${violations.map(describeViolation).join('\n')}`);
}

function describeViolation(violation: AxeViolation): string {
  const nodes = violation.nodes.slice(0, 5).map((node) => {
    // "Fix any of the following:" then one line per fix; the first fix is usually the one to read.
    const summary = (node.failureSummary ?? '').split('\n')[1]?.trim() ?? '';
    return `    ${node.target.map(String).join(' ')}${summary ? ` — ${summary}` : ''}`;
  });
  const more = violation.nodes.length > 5 ? [`    … and ${violation.nodes.length - 5} more`] : [];
  return [`  ${violation.id} (${violation.impact}): ${violation.help}`, ...nodes, ...more].join('\n');
}

/** After each test: screenshots of its pages when it failed, then the pages are closed. */
async function closePages(t: ChromiumTest): Promise<void> {
  const opened = openedBy.get(t.context) ?? [];
  openedBy.delete(t.context);
  if (!t.passed) await saveScreenshots(t, opened);
  await Promise.all(opened.map((record) => record.context.close().catch(() => undefined)));
}

async function saveScreenshots(t: ChromiumTest, opened: PageRecord[]): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = basename(fileURLToPath(test.meta.file)).replace(/\.test\.ts$/, '');
  // In a hook, the title is "<hook title> for <test title>".
  const title = t.title.replace(/^afterEach\.always hook for /, '');
  for (const [index, record] of opened.entries()) {
    const name = `${file}-${slug(title)}${index > 0 ? `-${index + 1}` : ''}.png`;
    const path = join(SCREENSHOTS, name);
    try {
      await record.page.screenshot({ path, fullPage: true });
      t.log(`screenshot: ${relative(ROOT, path)}`);
    } catch (error) {
      t.log(`no screenshot of ${record.page.url()}: ${(error as Error).message}`);
    }
  }
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80) || 'test'
  );
}

/** Recipients of a message, lower-cased. */
function recipients(mail: ParsedMail): string[] {
  const lists = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return lists.flatMap((list) => list.value.map((address) => (address.address ?? '').toLowerCase()));
}

/**
 * The newest message to `to`, once at least `count` (1 by default) have reached the sink; mail
 * leaves after the request's answer, so this waits up to 5 s.
 */
export async function sentMail(web: Pick<WebServer, 'smtp'>, to: string, options: { count?: number; timeoutMs?: number } = {}): Promise<ParsedMail> {
  const wanted = options.count ?? 1;
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  for (;;) {
    const mine = web.smtp.messages.filter((mail) => recipients(mail).includes(to.toLowerCase()));
    if (mine.length >= wanted) return mine[mine.length - 1]!;
    if (Date.now() > deadline) throw new Error(`sentMail: ${mine.length} of ${wanted} message(s) to ${to} after the wait`);
    await web.smtp.waitForMessages(web.smtp.messages.length + 1, Math.max(1, deadline - Date.now())).catch(() => undefined);
  }
}

/** The first http(s) URL in a message's text. */
export function linkIn(mail: ParsedMail): string {
  const match = /https?:\/\/[^\s<>"')\]]+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no link in mail "${mail.subject}":\n${mail.text}`);
  return match[0].replace(/[.,;:!?]+$/, '');
}

/** The path and query of a URL (a mailed link), for `openPage`. */
export function pathOf(url: string): string {
  const { pathname, search, hash } = new URL(url);
  return `${pathname}${search}${hash}`;
}
