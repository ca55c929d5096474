import { createServer } from 'node:net';
import type { Config } from '../../config/types.js';
import { AppError } from '../../errors.js';
import { listenError } from '../serve/listen-error.js';
import { type CheckResult, fail, ok, warn } from './doctor-check.js';

function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || bare.startsWith('127.');
}

/** The public URL goes into mailed links: it must be where people reach the board. */
export function publicUrlCheck(config: Pick<Config, 'publicUrl' | 'host'>): CheckResult {
  const url = new URL(config.publicUrl);
  const local = isLoopback(url.hostname);
  const setIt = 'set --public-url (or "publicUrl" in config.json) to the address people use, like https://feedback.example.org';
  if (local && !isLoopback(config.host)) {
    const what = `public URL ${config.publicUrl} names this machine, but serve listens on ${config.host} for others`;
    return warn(`${what}: mailed links will not work for them`, setIt);
  }
  if (local) return ok(`public URL ${config.publicUrl} (this machine only)`, `fine for a try-out; before going live, ${setIt}`);
  if (url.protocol === 'http:') {
    const what = `public URL ${config.publicUrl} uses plain http: passwords and tokens cross the network unencrypted`;
    return warn(what, 'serve behind a reverse proxy with TLS and use an https:// public URL');
  }
  return ok(`public URL ${config.publicUrl}`);
}

/** Whether serve could listen on its host and port; only meaningful while no server runs. */
export async function portCheck(config: Pick<Config, 'host' | 'port'>, serverRunning: boolean): Promise<CheckResult> {
  const { host, port } = config;
  if (serverRunning) return ok(`port: not checked, the server is running`);
  if (port === 0) return ok('port: 0, serve picks any free port');
  const problem = await tryListen(host, port);
  if (problem === null) return ok(`port ${port} on ${host} is free`);
  const error = listenError(problem, host, port);
  if (!(error instanceof AppError)) return fail(`port ${port} on ${host}: ${String(problem)}`, 'check --host and --port');
  // listenError words it as "<what happened>: <what to do>".
  const [what, ...todo] = error.message.split(': ');
  return fail(what!, todo.join(': '));
}

function tryListen(host: string, port: number): Promise<unknown> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error) => resolve(error));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(null)));
  });
}
