import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Real reverse proxies on loopback for the sub-path tests (issue 33 §2), fed the README's own examples
 * so the docs and the tests cannot drift apart. Each proxy is a child of the test, in the foreground,
 * with its files in a temp directory: no root, no system configuration touched.
 */

const README = fileURLToPath(new URL('../../README.md', import.meta.url));

/** The port feedbackd listens on in the README's examples; the tests put their server's port in its place. */
const README_PORT = '127.0.0.1:3000';

/** The fenced blocks of one language in the README's "Under a sub-path" section, in order. */
export function subPathExamples(language: 'nginx' | 'caddy'): string[] {
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf('\n### Under a sub-path\n');
  if (start < 0) throw new Error('README: no "Under a sub-path" section');
  const end = readme.indexOf('\n#', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((match) => match[1]!);
}

/** The README's example that passes the path through, and the one that strips it. */
export function exampleFor(language: 'nginx' | 'caddy', mode: 'passes' | 'strips'): string {
  const examples = subPathExamples(language);
  if (examples.length !== 2) throw new Error(`README: expected two ${language} examples under "Under a sub-path", found ${examples.length}`);
  return examples[mode === 'passes' ? 0 : 1]!;
}

/** Where an example sends requests: the test's server instead of port 3000. */
function pointedAt(example: string, upstreamPort: number): string {
  if (!example.includes(README_PORT)) throw new Error(`README example names no ${README_PORT}:\n${example}`);
  return example.replaceAll(README_PORT, `127.0.0.1:${upstreamPort}`);
}

/** A running proxy; `close` stops it and removes its files. */
export interface RunningProxy {
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

/** The binary's path when installed (Debian puts nginx in /usr/sbin, often outside a user's PATH). */
export function findBinary(name: string): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin']) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

/**
 * nginx with the README's `location` block in a server of its own on `port`, in the foreground
 * (`daemon off`), its pid, logs and temp files in a temp prefix.
 */
export async function startNginx(location: string, port: number, upstreamPort: number): Promise<RunningProxy> {
  const nginx = findBinary('nginx');
  if (!nginx) throw new Error('nginx is not installed (CI installs it: .ci/nginx.sh)');
  const prefix = await mkdtemp(join(tmpdir(), 'feedbackd-nginx-'));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${join(prefix, kind)};`).join('\n    ');
  const config = `
# As root (a container), workers would run as nobody and could not write the temp prefix.
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 256; }
http {
    access_log off;
    ${temp}
    server {
        listen 127.0.0.1:${port};
        server_name localhost;
${pointedAt(location, upstreamPort)}
    }
}
`;
  const file = join(prefix, 'nginx.conf');
  await writeFile(file, config);
  const check = spawnSync(nginx, ['-t', '-p', prefix, '-c', file, '-e', join(prefix, 'error.log')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused the README's example:\n${check.stderr}\n${config}`);
  const child = spawn(nginx, ['-p', prefix, '-c', file, '-e', join(prefix, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  return running(child, `http://127.0.0.1:${port}`, prefix, 'nginx');
}

/**
 * Caddy with the README's Caddyfile, its site address replaced by `http://127.0.0.1:<port>`, with no
 * admin endpoint and no automatic HTTPS (nothing to listen on or ask for beyond the one port).
 */
export async function startCaddy(caddyfile: string, port: number, upstreamPort: number): Promise<RunningProxy> {
  const caddy = findBinary('caddy');
  if (!caddy) throw new Error('caddy is not installed (CI installs it: .ci/nginx.sh)');
  const site = pointedAt(caddyfile, upstreamPort);
  if (!/^example\.com \{/m.test(site)) throw new Error(`README's Caddyfile does not start with "example.com {":\n${site}`);
  const dir = await mkdtemp(join(tmpdir(), 'feedbackd-caddy-'));
  const config = `{
    admin off
    auto_https off
    storage file_system ${join(dir, 'data')}
}
${site.replace(/^example\.com \{/m, `http://127.0.0.1:${port} {`)}`;
  const file = join(dir, 'Caddyfile');
  await writeFile(file, config);
  const child = spawn(caddy, ['run', '--config', file, '--adapter', 'caddyfile'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') },
  });
  return running(child, `http://127.0.0.1:${port}`, dir, 'caddy');
}

/** Resolves once the proxy answers on its port; rejects with its error output if it exits first. */
async function running(child: ChildProcess, url: string, dir: string, name: string): Promise<RunningProxy> {
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  let exited = false;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void gone.then(() => {
    exited = true;
  });
  const close = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      await gone;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (exited) {
      await close();
      throw new Error(`${name} exited at start:\n${output}`);
    }
    try {
      await fetch(url, { redirect: 'manual' });
      return { url, close };
    } catch {
      if (Date.now() > deadline) {
        await close();
        throw new Error(`${name} did not answer on ${url} within 10 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
