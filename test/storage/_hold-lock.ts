/**
 * A real holder of a data directory's lock, for tests: takes the lock on argv[2], prints "locked",
 * and keeps it until its stdin closes (or it is killed).
 */
import { lockDataDir } from '../../src/storage/lock.js';

const lock = await lockDataDir(process.argv[2]!);
process.stdout.write('locked\n');
process.stdin.resume();
process.stdin.once('end', () => void lock.release().then(() => process.exit(0)));
