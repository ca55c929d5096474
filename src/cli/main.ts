import { processIo } from './io.js';
import { runCli } from './run-cli.js';

// Exit explicitly: a finished command must not linger on a stray handle (a prompt's stdin, a socket).
process.exit(await runCli(process.argv.slice(2), processIo()));
