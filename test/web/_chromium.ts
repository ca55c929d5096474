// Chromium for the browser tests and the screenshot tool (kept apart from _browser.ts, which needs AVA).
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
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}
