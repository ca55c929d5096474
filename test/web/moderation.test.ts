// The approval queue in the web app (issue 31 §2): the author sees "Waiting for approval" on their
// own idea and, on reloading a post, on their own waiting comment (moderators see it too, spam
// marked); Dashboard › Moderation lists it with a count in the navigation, approves by button and
// by keyboard (a, j/k, s), never taking keys from a field; the new-post form carries its honeypot;
// axe at 1280 light and 360 dark. Every decision is checked through the API.
import type { Board, PostDetail } from '../../src/web/api/types.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer } from './_browser.ts';
import { callApi, type Member, member, seedBoard, seedComment, seedPost } from './_seed.ts';

useWebServer();

let ideas: Board;
let newcomer: Member;
let moderator: Member;

test.serial.before(async (t) => {
  const web = t.context.web;
  ideas = await seedBoard(web, { name: 'Ideas' });
  newcomer = await member(web, { name: 'Nina Newcomer' });
  moderator = await member(web, { name: 'Mo Derator', permissions: ['moderation:review'] });
  await callApi(web, 'PATCH', '/settings/site', { moderation: 'new-users' });
});

test.serial('the author sees their waiting idea marked; another visitor gets no idea at all', async (t) => {
  const web = t.context.web;
  const post = await seedPost(web, { board: ideas, title: 'Quiet hours', author: newcomer });
  t.is(post.approval, 'waiting');
  const page = await openPage(t, `/p/${post.slug}`, { as: newcomer });
  await page.getByRole('heading', { level: 1, name: 'Quiet hours' }).waitFor();
  await page.getByText('Only you and the moderators see this idea until a moderator approves it.').waitFor();
  await expectAccessible(t, page);
  const stranger = await member(web, { name: 'Sam Stranger' });
  const other = await openPage(t, `/p/${post.slug}`, { as: stranger });
  await other.getByRole('heading', { level: 1 }).waitFor();
  t.false(await other.getByText('Quiet hours').isVisible());
  await expectNoProblems(t, page);
});

test.serial('Dashboard › Moderation: the count in the navigation, approve by button, keyboard j/k and s, axe in both themes', async (t) => {
  const web = t.context.web;
  const first = await seedPost(web, { board: ideas, title: 'Offline mode', author: newcomer });
  const second = await seedPost(web, { board: ideas, title: 'Buy cheap watches', author: newcomer });
  const page = await openPage(t, '/dashboard/moderation', { as: moderator });
  await page.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
  await page.getByRole('link', { name: 'Moderation (3 waiting)' }).waitFor();
  await page.getByText('Keyboard:').waitFor();
  await page.getByRole('button', { name: 'Approve “Offline mode”', exact: true }).waitFor();
  await expectAccessible(t, page);
  await page.getByRole('button', { name: 'Approve “Offline mode”', exact: true }).click();
  await page.getByText('Approved “Offline mode”.').waitFor();
  // The navigation's count follows the decision.
  await page.getByRole('link', { name: 'Moderation (2 waiting)' }).waitFor();
  const approved = await callApi<{ post: PostDetail }>(web, 'POST', '/posts/slug', { slug: first.slug }, null);
  t.is(approved.post.title, 'Offline mode');
  // Keyboard: the current item is the first left ("Quiet hours"); j moves to the next, s marks it spam.
  await page.getByRole('button', { name: 'Approve “Buy cheap watches”', exact: true }).waitFor();
  await page.locator('body').press('j');
  await page.waitForFunction(() => document.activeElement?.classList.contains('moderation-item'));
  await page.locator('body').press('s');
  await page.getByText('Marked as spam: “Buy cheap watches”.').waitFor();
  const queue = await callApi<{ moderation: { posts: Array<{ postId: string }> } }>(web, 'GET', '/moderation?approval=spam', undefined, moderator);
  t.deepEqual(
    queue.moderation.posts.map((p) => p.postId),
    [second.postId],
  );
  const phone = await openPage(t, '/dashboard/moderation', { as: moderator, width: 360, colorScheme: 'dark' });
  await phone.getByRole('button', { name: /^Approve “Quiet hours”$/ }).waitFor();
  await expectAccessible(t, phone);
  await expectNoProblems(t, page);
});

test.serial('the new-post form carries a hidden honeypot and its token; a person posting is not refused', async (t) => {
  // Someone new: Nina has an approved idea by now, so she no longer waits.
  const fresh = await member(t.context.web, { name: 'Fay Fresh' });
  const page = await openPage(t, '/new', { as: fresh });
  const honeypot = page.locator('input[name="website"]');
  await honeypot.waitFor({ state: 'attached' });
  t.is(await honeypot.getAttribute('tabindex'), '-1');
  await page.getByRole('textbox', { name: 'Title' }).fill('Keyboard shortcuts');
  await page.waitForTimeout(2100);
  await page.getByRole('button', { name: 'Post idea' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/p/'));
  await page.getByText('Only you and the moderators see this idea until a moderator approves it.').waitFor();
  await expectAccessible(t, page);
});

test.serial('a waiting comment loaded with the post is marked for its author and moderators; others do not get it; spam is marked for moderators', async (t) => {
  const web = t.context.web;
  const post = await seedPost(web, { board: ideas, title: 'Dark mode for mail' });
  await seedComment(web, post, { body: 'Noted, thanks.' });
  const writer = await member(web, { name: 'Cleo Commenter' });
  const waiting = await seedComment(web, post, { body: 'Please add a schedule too.', author: writer });
  t.is(waiting.comment.approval, 'waiting');
  const mark = (page: Awaited<ReturnType<typeof openPage>>, text: string) =>
    page.locator('article.comment').filter({ hasText: 'Please add a schedule too.' }).getByText(text, { exact: true });
  // Loaded from the activity feed, as after a reload.
  const own = await openPage(t, `/p/${post.slug}`, { as: writer });
  await mark(own, 'Waiting for approval').waitFor();
  await expectAccessible(t, own);
  const mod = await openPage(t, `/p/${post.slug}`, { as: moderator });
  await mark(mod, 'Waiting for approval').waitFor();
  const stranger = await member(web, { name: 'Olly Other' });
  for (const as of [stranger, undefined]) {
    const other = await openPage(t, `/p/${post.slug}`, as ? { as } : {});
    await other.getByText('Noted, thanks.').waitFor();
    t.is(await other.getByText('Please add a schedule too.').count(), 0);
  }
  await callApi(web, 'POST', `/moderation/comments/${waiting.comment.id}/spam`, undefined, moderator);
  const again = await openPage(t, `/p/${post.slug}`, { as: moderator });
  await mark(again, 'Marked as spam').waitFor();
  const hidden = await openPage(t, `/p/${post.slug}`, { as: writer });
  await hidden.getByText('Noted, thanks.').waitFor();
  t.is(await hidden.getByText('Please add a schedule too.').count(), 0, 'spam is hidden from its author');
  await expectNoProblems(t, own);
});
