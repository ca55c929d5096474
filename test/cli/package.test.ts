// The package as npm users get it: packed from the built tree, installed into an empty directory
// with --ignore-scripts (no build can run there), then `feedbackd --version`, `init --yes`, `serve` and `service --print`.
// Needs the npm registry for the dependencies (CI has it); the tree must be built (`npm test` builds).
import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import test, { type ExecutionContext } from 'ava';
import { QUIET_ENV, ROOT, startServing, stopServing, tempDir } from './_cli.ts';

const run = promisify(execFile);
const npmEnv = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

/** A copy of what `files` ships, with the manifest pack-manifest.mjs makes, packed without scripts. */
async function pack(dir: string): Promise<string> {
  const copy = join(dir, 'package');
  await mkdir(copy);
  const { files } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
  for (const entry of ['package.json', 'README.md', 'LICENSE', ...files]) await cp(join(ROOT, entry), join(copy, entry), { recursive: true });
  await run(process.execPath, [join(ROOT, 'test', 'tools', 'pack-manifest.mjs'), 'strip', copy]);
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: copy, env: npmEnv });
  const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  return JSON.stringify({ tarball: join(dir, packed!.filename), files: packed!.files.map((file) => file.path) });
}

test('the packed package installs without scripts and runs: --version, init --yes, serve (API and web app), service --print', async (t) => {
  t.timeout(180_000);
  const dir = await tempDir(t);
  const { tarball, files } = JSON.parse(await pack(dir)) as { tarball: string; files: string[] };
  t.true(files.includes('dist/web/index.html'), 'the web app is built in');
  t.true(files.includes('dist/cli/main.js'));
  t.deepEqual(files.filter((path) => path.endsWith('.map')), [], 'no source maps without their sources');
  const pictures = await readmePictures();
  t.true(pictures.length > 0);
  for (const picture of pictures) t.true(files.includes(picture), `${picture}, shown by the README, is in the package`);
  const shipped = files.filter((path) => path.startsWith('src/') || path.startsWith('test/')).sort();
  t.deepEqual(shipped, ['src/openapi/openapi.json', 'src/openapi/reference.md', ...pictures].sort(), "the API reference and the README's pictures, no sources");
  t.true(files.includes('dist/api/index.d.ts'), 'the API types');

  const app = join(dir, 'app');
  await mkdir(app);
  await writeFile(join(app, 'package.json'), '{ "name": "empty", "private": true }\n');
  const install = await run('npm', ['install', '--ignore-scripts', '--no-package-lock', '--prefer-offline', tarball], { cwd: app, env: npmEnv });
  t.false(/install-scripts|prepare/.test(install.stderr), install.stderr);
  const manifest = JSON.parse(await readFile(join(app, 'node_modules', 'feedbackd', 'package.json'), 'utf8'));
  t.is(manifest.scripts.prepare, undefined, 'no prepare script reaches an installed package');

  const bin = join(app, 'node_modules', '.bin', 'feedbackd');
  const env = { ...process.env, ...QUIET_ENV };
  const version = await run(bin, ['--version'], { env });
  t.is(version.stdout.trim(), manifest.version);
  const data = join(app, 'board');
  const init = execFile(bin, ['init', '--yes', '--data', data, '--email', 'ada@example.org', '--password-stdin', '--mail-outbox'], { env });
  init.stdin!.end('correct horse battery\n');
  const [code, output] = await new Promise<[number | null, string]>((resolve) => {
    let text = '';
    init.stdout!.on('data', (chunk) => (text += chunk));
    init.stderr!.on('data', (chunk) => (text += chunk));
    init.on('close', (exit) => resolve([exit, text]));
  });
  t.is(code, 0, output);
  t.regex(output, /feedbackd is set up/);
  t.truthy(JSON.parse(await readFile(join(data, 'config.json'), 'utf8')));

  // Served from the installed package: the API and the web app it ships.
  const serving = await startServing(['serve', '--data', data, '--port', '0'], { binary: bin, env: QUIET_ENV });
  t.teardown(() => serving.child.kill('SIGKILL'));
  t.deepEqual(await (await fetch(`${serving.url}/api/v1/auth/setup`)).json(), { is_setup: true });
  const home = await fetch(`${serving.url}/`);
  t.is(home.status, 200);
  t.regex(await home.text(), /<script type="module" src="\/assets\/main-/);
  t.is((await stopServing(serving)).code, 0);

  await checkApiTypes(t, app);

  const unit = await run(bin, ['service', '--print', '--user', 'feedbackd', '--data', data], { env });
  t.true(unit.stdout.includes(`ExecStart=${process.execPath} ${join(app, 'node_modules', 'feedbackd', 'bin', 'feedbackd.js')} serve`), unit.stdout);
});

/** The pictures the README shows by a path of the package (`![…](test/web/screenshots/board.png)`). */
async function readmePictures(): Promise<string[]> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  return [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map(([, path]) => path!).filter((path) => !/^[a-z]+:/i.test(path));
}

/** `feedbackd/api` gives a TypeScript client the API's types: right use compiles, wrong use does not. */
async function checkApiTypes(t: ExecutionContext, app: string): Promise<void> {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', 'false'];
  await writeFile(
    join(app, 'client.ts'),
    [
      "import type { Post, paths } from 'feedbackd/api';",
      "type ListBody = NonNullable<paths['/posts/get']['post']['requestBody']>['content']['application/json'];",
      "type ListAnswer = paths['/posts/get']['post']['responses'][200]['content']['application/json'];",
      "export const body: ListBody = { orderBy: 'votes', limit: 5 };",
      'export const titles = (answer: ListAnswer): string[] => answer.posts.map((post: Post) => post.title);',
      '',
    ].join('\n'),
  );
  await t.notThrowsAsync(run(process.execPath, [tsc, ...flags, 'client.ts'], { cwd: app }));
  await writeFile(join(app, 'wrong.ts'), "import type { Post } from 'feedbackd/api';\nexport const post: Post = { postId: 1 } as const;\n");
  const wrong = await run(process.execPath, [tsc, ...flags, 'wrong.ts'], { cwd: app }).then(
    () => '',
    (error: { stdout: string }) => error.stdout,
  );
  t.regex(wrong, /wrong\.ts.*error TS/);
}
