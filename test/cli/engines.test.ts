// feedbackd promises Node >= 20.17 (package.json `engines`): every package it installs for users
// must run there. A dependency that asks for a later Node (file-type 22 asks for 22) fails here
// instead of warning EBADENGINE on a user's server.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { ROOT } from './_cli.ts';

const run = promisify(execFile);

type Version = [number, number, number];

/** The lowest version feedbackd's own `engines.node` (">=20.17") allows. */
async function lowestSupported(): Promise<Version> {
  const { engines } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines.node.trim());
  if (!match) throw new Error(`package.json engines.node is not of the form ">=X.Y": ${engines.node}`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** One comparator of an npm range (`>=20.17.0`, `^20.17`, `>= 0.8`, `10.x`, `*`), as npm reads them. */
function allows(comparator: string, version: Version): boolean {
  const match = /^(>=|<=|>|<|=|\^|~)?\s*v?(\d+|x|\*)?(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?$/.exec(comparator);
  if (!match) throw new Error(`an engines comparator this test cannot read: "${comparator}"`);
  const [, operator = '=', ...parts] = match;
  const given = parts.map((part) => (part === undefined || part === 'x' || part === '*' ? undefined : Number(part)));
  const base: Version = [given[0] ?? 0, given[1] ?? 0, given[2] ?? 0];
  const wildcard = given.indexOf(undefined);
  switch (operator) {
    case '>=':
      return compare(version, base) >= 0;
    case '>':
      return compare(version, base) > 0;
    case '<=':
      return compare(version, base) <= 0;
    case '<':
      return compare(version, base) < 0;
    case '^':
      return compare(version, base) >= 0 && version[0] === base[0];
    case '~':
      return compare(version, base) >= 0 && version[0] === base[0] && version[1] === base[1];
    default:
      // `20`, `20.x`, `*`: every version with the given leading parts.
      return wildcard === -1 ? compare(version, base) === 0 : given.slice(0, wildcard).every((part, i) => part === version[i]);
  }
}

/** Whether an npm range such as `^20.17.0 || >=22.9.0` allows the version. */
function rangeAllows(range: string, version: Version): boolean {
  return range.split('||').some((group) => {
    const comparators = group.trim().replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1').split(/\s+/).filter(Boolean);
    return comparators.length === 0 || comparators.every((comparator) => allows(comparator, version));
  });
}

test('the range reader reads the forms dependencies use', (t) => {
  const v = (text: string) => text.split('.').map(Number) as Version;
  t.true(rangeAllows('>=23.5.0 || ^22.13.0 || ^20.17.0', v('20.17.0')));
  t.false(rangeAllows('>=23.5.0 || ^22.13.0 || ^20.18.0', v('20.17.0')));
  t.true(rangeAllows('>= 0.8', v('20.17.0')));
  t.true(rangeAllows('>= 10.x', v('20.17.0')));
  t.true(rangeAllows('*', v('20.17.0')));
  t.true(rangeAllows('^18 || ^20 || >= 21', v('20.17.0')));
  t.false(rangeAllows('>=22', v('20.17.0')));
  t.false(rangeAllows('>=20.18.1', v('20.17.0')));
  t.true(rangeAllows('>=18 <21', v('20.17.0')));
  t.false(rangeAllows('~20.16.0', v('20.17.0')));
});

test('every package installed for users allows the lowest Node feedbackd supports', async (t) => {
  const lowest = await lowestSupported();
  const { stdout } = await run('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  const dirs = [...new Set(stdout.split('\n').filter(Boolean))].filter((dir) => resolve(dir) !== resolve(ROOT));
  t.true(dirs.length > 20, 'npm listed the production tree');
  const refusing: string[] = [];
  for (const dir of dirs) {
    const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { name: string; version: string; engines?: { node?: string } };
    const range = manifest.engines?.node;
    if (range !== undefined && !rangeAllows(range, lowest)) refusing.push(`${manifest.name}@${manifest.version} asks for node ${range}`);
  }
  t.deepEqual(refusing, [], `Node ${lowest.join('.')} is refused by`);
});
