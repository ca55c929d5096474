import { join } from 'node:path';
import test from 'ava';
import { stableBinPath } from '../../src/cli/ops/run-service.ts';
import { ROOT, runInProcess } from './_cli.ts';

test('service --print: a systemd unit running serve as the user on the data dir, hardened, with install steps', async (t) => {
  const result = await runInProcess(['service', '--print', '--user', 'feedbackd', '--data', '/var/lib/feedbackd']);
  t.is(result.code, 0, result.stderr);
  t.is(result.stderr, '');
  const unit = result.stdout;
  const lines = unit.split('\n');
  for (const expected of [
    '[Unit]',
    '[Service]',
    'User=feedbackd',
    'WorkingDirectory=/var/lib/feedbackd',
    'Environment=FEEDBACKD_DATA=/var/lib/feedbackd',
    `ExecStart=${process.execPath} ${join(ROOT, 'bin', 'feedbackd.js')} serve`,
    'Restart=on-failure',
    'RestartSec=5',
    'NoNewPrivileges=true',
    'ProtectSystem=strict',
    'ReadWritePaths=/var/lib/feedbackd',
    'ProtectHome=true',
    'PrivateTmp=true',
    '[Install]',
    'WantedBy=multi-user.target',
  ]) {
    t.true(lines.includes(expected), expected);
  }
  t.regex(unit, /^# feedbackd .*\n#\n# Install \(as root\):\n/);
  t.regex(unit, /\n# {3}4\. systemctl daemon-reload && systemctl enable --now feedbackd\n/);
  // As root, init would leave root-owned files the service user cannot use (and is refused).
  t.regex(unit, /\n# +sudo -u feedbackd feedbackd init --data \/var\/lib\/feedbackd /);
});

test('service --print quotes paths with spaces and keeps a data dir under /home writable', async (t) => {
  const result = await runInProcess(['service', '--print', '--user', 'ada', '--data', '/home/ada/my board']);
  t.is(result.code, 0, result.stderr);
  t.regex(result.stdout, /\nWorkingDirectory="\/home\/ada\/my board"\n/);
  t.regex(result.stdout, /\nEnvironment="FEEDBACKD_DATA=\/home\/ada\/my board"\n/);
  t.regex(result.stdout, /\nProtectHome=read-only\n/);
});

test('service without --print, or with a user name that is not one, exits 1 with one line', async (t) => {
  const bare = await runInProcess(['service']);
  t.is(bare.code, 1);
  t.regex(bare.stderr, /^error: Nothing to do: add --print .*\n$/);
  const user = await runInProcess(['service', '--print', '--user', 'ada; rm -rf /']);
  t.is(user.code, 1);
  t.regex(user.stderr, /^error: --user "ada; rm -rf \/" is not a valid user name\n$/);
});

test('service --print speaks of the configured port, not a default one', async (t) => {
  const result = await runInProcess(['service', '--print', '--user', 'feedbackd', '--data', '/var/lib/feedbackd'], { env: { FEEDBACKD_PORT: '8080' } });
  t.is(result.code, 0, result.stderr);
  t.regex(result.stdout, /keep port 8080 behind a reverse proxy\.\n/);
  t.false(result.stdout.includes('3000'));
});

test("a feedbackd run by npx (its cache may be cleared, under a home the unit hides) is refused with the install line", (t) => {
  const cached = '/root/.npm/_npx/6a7b8c/node_modules/feedbackd/bin/feedbackd.js';
  const error = t.throws(() => stableBinPath(cached));
  t.regex(error.message, /^feedbackd runs from npx's cache \(\/root\/\.npm\/_npx\/.*\), which a service cannot use: install it first with `npm install -g feedbackd`, then run `feedbackd service --print` again$/);
  t.is(stableBinPath('/usr/lib/node_modules/feedbackd/bin/feedbackd.js'), '/usr/lib/node_modules/feedbackd/bin/feedbackd.js');
});
