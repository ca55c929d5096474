// serve's setup warning on its own: which hosts count as loopback, the words, and the timer
// (repeats while not set up, stops once set up, skips a failed check, stops on stop()).
import { setTimeout as sleep } from 'node:timers/promises';
import test from 'ava';
import { isLoopbackHost, repeatSetupWarning, setupWarningMessage } from '../../src/cli/serve/setup-warning.ts';
import type { Logger } from '../../src/logger.ts';

const LOOPBACK_TABLE: [string, boolean][] = [
  ['127.0.0.1', true],
  ['127.1.2.3', true],
  ['127.255.255.255', true],
  ['::1', true],
  ['[::1]', true],
  ['0:0:0:0:0:0:0:1', true],
  ['::ffff:127.0.0.1', true],
  ['localhost', true],
  ['LOCALHOST', true],
  ['0.0.0.0', false],
  ['::', false],
  ['192.168.1.5', false],
  ['10.0.0.1', false],
  ['128.0.0.1', false],
  ['::2', false],
  ['fe80::1%eth0', false],
  ['feedback.example.org', false],
  ['localhost.example.org', false],
];

test('loopback hosts: 127.0.0.0/8, ::1 and localhost; every interface, other addresses and host names are not', (t) => {
  for (const [host, loopback] of LOOPBACK_TABLE) t.is(isLoopbackHost(host), loopback, host);
});

const FACTS = { host: '0.0.0.0', port: 3000, dataDir: '/srv/feedbackd', publicUrl: null, databaseUrlToGive: null, holdsLock: true };

test('the warning names the address, the public URL when configured, the risk and the init command for this data dir', (t) => {
  t.is(
    setupWarningMessage({ ...FACTS, publicUrl: 'https://feedback.example.org' }),
    'this board is not set up and listens on 0.0.0.0:3000 (public URL https://feedback.example.org), beyond this machine: ' +
      'the first caller of POST /api/v1/auth/setup becomes its owner. Set it up now, or stop this server and run ' +
      '`feedbackd init --data /srv/feedbackd` to set it up from the terminal',
  );
  t.is(
    setupWarningMessage({ ...FACTS, host: '::', dataDir: '/srv/my board' }),
    'this board is not set up and listens on [::]:3000, beyond this machine: the first caller of POST /api/v1/auth/setup ' +
      "becomes its owner. Set it up now, or stop this server and run `feedbackd init --data '/srv/my board'` to set it up from the terminal",
  );
  // PostgreSQL: no lock to release; a database given on the command line is named, its password left out.
  t.is(
    setupWarningMessage({ ...FACTS, holdsLock: false, databaseUrlToGive: 'postgres://board:s3cret@db.internal:5432/board' }),
    'this board is not set up and listens on 0.0.0.0:3000, beyond this machine: the first caller of POST /api/v1/auth/setup ' +
      "becomes its owner. Set it up now, or run `feedbackd init --data /srv/feedbackd --database 'postgres://board:***@db.internal:5432/board'` " +
      'to set it up from the terminal',
  );
});

/** A logger that keeps its warn and debug lines. */
function capturingLogger(): { logger: Logger; warnings: string[]; debug: string[] } {
  const warnings: string[] = [];
  const debug: string[] = [];
  const logger = {
    warn: (_fields: unknown, message: string) => warnings.push(message),
    debug: (_fields: unknown, message: string) => debug.push(message),
  } as unknown as Logger;
  return { logger, warnings, debug };
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(5);
  }
}

test('the timer warns at once, repeats while not set up, and stops for good once set up', async (t) => {
  const { logger, warnings } = capturingLogger();
  let setUp = false;
  let checks = 0;
  const warning = repeatSetupWarning({
    isSetUp: async () => {
      checks++;
      return setUp;
    },
    logger,
    intervalMs: 20,
    message: 'unclaimed',
    fields: {},
  });
  t.teardown(() => warning.stop());
  await until(() => warnings.length >= 1);
  t.is(checks, 1, 'the first warning comes before the first interval');
  await until(() => warnings.length >= 3);
  setUp = true;
  await until(() => checks > 3 && warnings.length < checks);
  const seen = { warnings: warnings.length, checks };
  await sleep(200);
  t.deepEqual({ warnings: warnings.length, checks }, seen, 'no more checks and no more warnings once set up');
});

test('a check that fails is skipped quietly until the next tick; stop() ends the repeats', async (t) => {
  const { logger, warnings, debug } = capturingLogger();
  let failing = true;
  const warning = repeatSetupWarning({
    isSetUp: async () => {
      if (failing) throw new Error('storage unavailable');
      return false;
    },
    logger,
    intervalMs: 20,
    message: 'unclaimed',
    fields: {},
  });
  t.teardown(() => warning.stop());
  await until(() => debug.length >= 3);
  t.is(warnings.length, 0);
  failing = false;
  await until(() => warnings.length >= 2);
  await warning.stop();
  const count = warnings.length;
  await sleep(150);
  t.is(warnings.length, count, 'nothing after stop()');
});

test('the timer never keeps the process alive', (t) => {
  const { logger } = capturingLogger();
  const active = () => process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;
  const before = active();
  const warning = repeatSetupWarning({ isSetUp: async () => false, logger, intervalMs: 1000, message: 'x', fields: {} });
  t.teardown(() => warning.stop());
  // An unref'd timer is not listed among the resources that keep the event loop running.
  t.is(active(), before);
});
