// Chromium for the browser tests and the screenshot tool (kept apart from _browser.ts, which needs AVA).
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Flags that keep Chromium quiet, offline and light on a CI machine. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium from CHROMIUM_PATH, else Debian's (.ci/chromium.sh installs it). */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(`The browser tests need Chromium at ${executablePath}: apt-get install chromium, or set CHROMIUM_PATH`);
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}
