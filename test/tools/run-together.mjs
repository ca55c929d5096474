// `node test/tools/run-together.mjs <script>…`: runs the named npm scripts at the same time and fails
// when any of them fails. `npm test` runs the build, the type checks and the lint this way: they
// read the sources and nothing of one another's output, and one after another they left one of
// CI's two cores idle for most of a minute. Each script's output is printed whole once it ends, so
// two never interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node test/tools/run-together.mjs <npm script>…');
  process.exit(2);
}

function run(script) {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(`> ${script}: ${ok ? 'ok' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(ok);
    });
  });
}

const results = await Promise.all(scripts.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
