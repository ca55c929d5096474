import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startServing, stopServing, tempDir } from '../cli/_cli.ts';
import { expectAccessible, expectNoProblems, launchChromium, openPage, test, useWebServer } from './_browser.ts';
import { member, seedBoard, seedPost, setSettings } from './_seed.ts';

useWebServer();

const built = existsSync(join(ROOT, 'dist', 'cli', 'main.js')) && existsSync(join(ROOT, 'dist', 'web', 'index.html'));

(built ? test.serial : test.serial.skip)('the built binary serves the web app: it renders the site title with no console or CSP problems', async (t) => {
  const data = join(await tempDir(t), 'data');
  const serving = await startServing(['serve', '--data', data, '--port', '0', '--mail-outbox'], { binary: 'bin/feedbackd.js' });
  t.teardown(() => serving.child.kill('SIGKILL'));
  const setup = await fetch(`${serving.url}/api/v1/auth/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ada@example.org', password: 'correct horse battery', siteTitle: 'Acme Feedback' }),
  });
  t.is(setup.status, 201);
  // Its own browser: openPage belongs to the in-process server.
  const browser = await launchChromium();
  t.teardown(() => browser.close());
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${serving.url}/`);
  await page.getByRole('heading', { level: 1, name: 'Acme Feedback' }).waitFor();
  t.is(await page.title(), 'Acme Feedback');
  t.deepEqual(problems, []);
  t.is((await stopServing(serving)).code, 0);
});

test.serial('with no board yet, whoever may create boards is shown "Create your first board", which opens the dashboard\'s form; others are told one will come', async (t) => {
  const { web } = t.context;
  const page = await openPage(t, '/', { as: web.owner });
  const create = page.getByRole('link', { name: 'Create your first board' });
  await create.waitFor();
  t.is(await page.getByText('The team will open one soon').count(), 0);
  await expectAccessible(t, page);
  await create.click();
  const form = page.getByRole('form', { name: 'New board' });
  await form.waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'board-name');
  t.is(new URL(page.url()).search, '', 'the address no longer asks for the form');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expectNoProblems(t, page);

  const maker = await openPage(t, '/', { as: await member(web, { permissions: ['board:create'] }) });
  await maker.getByRole('link', { name: 'Create your first board' }).waitFor();
  for (const as of [undefined, await member(web)]) {
    const other = await openPage(t, '/', { as });
    await other.getByText('No boards yet. The team will open one soon.').waitFor();
    t.is(await other.getByRole('link', { name: /first board/ }).count(), 0);
    // Signed out, this may be the owner right after init: the way in is on the page; a member needs none.
    t.is(await other.getByRole('main').getByText('Running this board?').count(), as ? 0 : 1);
  }
});

test.serial('the home page lists displayed boards with their idea counts, and not hidden ones', async (t) => {
  const { web } = t.context;
  await setSettings(web, { title: 'Smoke Feedback' });
  const shown = await seedBoard(web, { name: 'Feature requests' });
  const hidden = await seedBoard(web, { name: 'Secret plans', display: false });
  await seedPost(web, { board: shown, title: 'Dark mode' });
  await seedPost(web, { board: shown, title: 'Export as CSV' });
  await seedPost(web, { board: hidden, title: 'Acquire a competitor' });
  const page = await openPage(t, '/');
  const link = page.getByRole('link', { name: /Feature requests/ });
  await link.waitFor();
  t.regex((await link.textContent()) ?? '', /2 ideas/);
  // The site's settings may arrive after the boards: wait for the title, then check it is the only h1.
  await page.getByRole('heading', { level: 1, name: 'Smoke Feedback' }).waitFor();
  t.is(await page.getByRole('heading', { level: 1 }).count(), 1);
  t.is(await page.getByText('Secret plans').count(), 0);
  await expectNoProblems(t, page);
});

test.serial('an unknown path shows the app’s not-found page', async (t) => {
  const page = await openPage(t, '/no/such/page');
  await page.getByRole('heading', { level: 1, name: /does not exist/ }).waitFor();
  t.is(await page.getByRole('link', { name: 'Go to the home page' }).count(), 1);
  await expectNoProblems(t, page);
});

test.serial('paths under /api/ stay JSON', async (t) => {
  const response = await t.context.web.server.request('GET', '/api/nope', { fromRoot: true });
  t.is(response.status, 404);
  t.regex(response.headers.get('content-type') ?? '', /^application\/json/);
  t.is(response.body.code, 'NOT_FOUND');
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1280, 360]) {
    test.serial(`axe finds nothing on the home and not-found pages (${colorScheme}, ${width} px)`, async (t) => {
      const home = await openPage(t, '/', { colorScheme, width });
      await home.getByRole('link', { name: /Feature requests/ }).waitFor();
      await expectAccessible(t, home);
      const missing = await openPage(t, '/nothing-here', { colorScheme, width });
      await missing.getByRole('heading', { level: 1, name: /does not exist/ }).waitFor();
      await expectAccessible(t, missing);
    });
  }
}
