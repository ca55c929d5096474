// Avatars and the site's `gravatar` setting (a feedbackd extension of API.md §3.13): off on a new board,
// so no page asks any host but the server for anything and every avatar is initials; turned on, the
// author's picture is asked of Gravatar (the harness refuses other origins, so the request fails and
// the initials show).
import type { Page } from 'playwright-core';
import { expectNoProblems, openPage, test, useWebServer, type WebTest } from './_browser.js';
import type { Settings } from '../../src/web/api/types.js';
import { fetchAvatar } from '../../src/services/sign-in-avatar.js';
import { PICTURE_SERVER_CERT, startPictureServer } from '../_helpers/picture-server.js';
import { callApi, type Member, member, seedBoard, seedComment, seedPost, seedVote, setSettings } from './_seed.js';

// Pictures a sign-in brings are fetched from a local https host here (issue 28), as webhook tests reach theirs.
useWebServer({ avatarFetchAllowPrivate: true });

const GRAVATAR = 'https://www.gravatar.com/';

let grace: Member;
let slug: string;

/** Every URL the page asks for from now on, refused or not. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** The text of every avatar on the page. */
const avatarTexts = (page: Page) => page.locator('.avatar').allTextContents();

/** Goes to `path` in the same page and waits until the app has read the site settings (the title shows). */
async function visit(t: WebTest, page: Page, path: string, title: string): Promise<void> {
  const response = await page.goto(t.context.web.url + path);
  t.truthy(response);
  await page.locator('.site-brand', { hasText: title }).waitFor();
}

// Seeded inside the first test: AVA may run this file's `before` hooks alongside the harness's.
test.serial('a board with a post by the owner, a vote and a comment by a member can be seeded', async (t) => {
  const { web } = t.context;
  grace = await member(web, { name: 'Grace Hopper' });
  const board = await seedBoard(web, { name: 'Avatars', url: 'avatars', viewVoters: true });
  const post = await seedPost(web, { board, title: 'Pictures of people' });
  await seedVote(web, post, grace);
  await seedComment(web, post, { body: 'Me too', author: grace });
  await setSettings(web, { title: 'Avatar board' });
  slug = post.slug;
  t.truthy(slug);
});

/** Console errors of every kind, "Failed to load resource" included (the harness leaves those out). */
function recordConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.serial('a new board has gravatar off: its pages ask no host but the server and log no console errors', async (t) => {
  const { web } = t.context;
  t.false((await callApi<{ settings: Settings }>(web, 'GET', '/settings/site')).settings.gravatar);
  const origin = new URL(web.url).origin;
  for (const as of [undefined, web.owner]) {
    const page = await openPage(t, '/', { as });
    const requests = recordRequests(page);
    const errors = recordConsoleErrors(page);
    for (const path of ['/', '/b/avatars', `/p/${slug}`, '/roadmap', ...(as ? ['/profile', '/dashboard/users'] : ['/sign-in'])]) {
      await visit(t, page, path, 'Avatar board');
      await page.waitForLoadState('networkidle');
    }
    t.deepEqual(
      requests.filter((url) => new URL(url).origin !== origin),
      [],
    );
    t.deepEqual(errors, []);
    t.is(await page.locator('.avatar img').count(), 0);
    await expectNoProblems(t, page);
  }
});

test.serial('gravatar off: initials everywhere on the board page and the post page', async (t) => {
  const page = await openPage(t, '/b/avatars');
  await page.getByText('Pictures of people').waitFor();
  await visit(t, page, `/p/${slug}`, 'Avatar board');
  await page.getByRole('heading', { level: 1, name: 'Pictures of people' }).waitFor();
  await page.getByText('Me too').waitFor();
  await page.locator('.post__author .avatar', { hasText: 'AL' }).waitFor();
  t.is(await page.locator('.avatar img').count(), 0);
  const texts = await avatarTexts(page);
  t.true(texts.includes('AL'), texts.join(', '));
  t.true(texts.includes('GH'), texts.join(', '));
  const csp = (await page.request.get(page.url())).headers()['content-security-policy'] ?? '';
  t.false(csp.includes('gravatar'), csp);
  await expectNoProblems(t, page);
});

test.serial('gravatar on: the post page asks Gravatar for the author, and shows initials when it fails', async (t) => {
  t.true((await setSettings(t.context.web, { gravatar: true })).gravatar);
  const page = await openPage(t, '/');
  const requests = recordRequests(page);
  const gravatarRequest = page.waitForRequest((request) => request.url().startsWith(GRAVATAR));
  await visit(t, page, `/p/${slug}`, 'Avatar board');
  await gravatarRequest;
  const picture = page.locator('.post__author .avatar img');
  // The image was in the page, pointing at Gravatar, until the refused request made it give way.
  t.true(requests.some((url) => url.startsWith(`${GRAVATAR}avatar/`) && url.includes('d=404')), requests.join('\n'));
  await picture.waitFor({ state: 'detached' });
  await page.locator('.post__author .avatar', { hasText: 'AL' }).waitFor();
  const csp = (await page.request.get(page.url())).headers()['content-security-policy'] ?? '';
  t.regex(csp, /img-src 'self' https:\/\/www\.gravatar\.com/);
  await expectNoProblems(t, page);
});

test.serial('gravatar off again: no request to www.gravatar.com', async (t) => {
  t.false((await setSettings(t.context.web, { gravatar: false })).gravatar);
  const page = await openPage(t, '/');
  const requests = recordRequests(page);
  await visit(t, page, `/p/${slug}`, 'Avatar board');
  await page.getByText('Me too').waitFor();
  await page.waitForLoadState('networkidle');
  t.deepEqual(
    requests.filter((url) => new URL(url).hostname === 'www.gravatar.com'),
    [],
  );
});

test.serial('a picture a sign-in brought shows from the site itself, with gravatar off too, and nothing is asked of another host', async (t) => {
  const { web } = t.context;
  t.false((await callApi<{ settings: Settings }>(web, 'GET', '/settings/site')).settings.gravatar);
  const pictures = await startPictureServer();
  t.teardown(pictures.close);
  web.ctx.avatarFetchCa = PICTURE_SERVER_CERT;
  // What a sign-in does after its answer (test/http/sign-in-avatar.test.ts signs in for real).
  await fetchAvatar(web.ctx, grace.user.id, `${pictures.url}/avatar.png`);
  const uploadId = (await web.ctx.storage.users.get(grace.user.id))?.avatarUploadId;
  t.truthy(uploadId);
  const page = await openPage(t, '/');
  const requests = recordRequests(page);
  await visit(t, page, `/p/${slug}`, 'Avatar board');
  await page.getByText('Me too').waitFor();
  const picture = page.locator(`.avatar img[src="/uploads/${uploadId}"]`).first();
  await picture.waitFor();
  await page.waitForFunction((src) => Array.from(document.images).some((image) => image.getAttribute('src') === src && image.complete && image.naturalWidth === 40), `/uploads/${uploadId}`);
  await page.waitForLoadState('networkidle');
  const origin = new URL(web.url).origin;
  t.deepEqual(
    requests.filter((url) => new URL(url).origin !== origin),
    [],
  );
  await expectNoProblems(t, page);
});
