import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import test from 'ava';
import { directory } from '../../src/config/parse-value.ts';

test('a data directory starting with ~ is in the home directory, as a shell would make it', (t) => {
  t.is(directory('~'), homedir());
  t.is(directory('~/board'), join(homedir(), 'board'));
  t.is(directory(' ~/board '), join(homedir(), 'board'));
  t.is(directory('board'), resolve('board'));
  // Only a leading ~ alone or before /: `~ada/x` (another user's home) and `a/~` are paths as typed.
  t.is(directory('~ada/board'), resolve('~ada/board'));
  t.is(directory('data/~'), resolve('data/~'));
});
