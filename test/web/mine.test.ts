// "My ideas" (issue 27): the board's Show filter and the profile's lists of what a person posted
// and voted for, both through `mine` of POST /posts/get.
import { expectAccessible, expectNoProblems, openPage, test, useWebServer } from './_browser.js';
import { member, seedBoard, seedPost, seedRoadmap, seedVote } from './_seed.js';

useWebServer();

test.serial('the board\'s Show filter lists the ideas a member posted or voted for, and the URL keeps it', async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { name: 'Mine board', url: 'mine-board' });
  const nell = await member(web, { name: 'Nell' });
  await seedPost(web, { board, title: 'Nell wrote this', author: nell });
  const liked = await seedPost(web, { board, title: 'Nell voted for this' });
  await seedPost(web, { board, title: 'Someone else wrote this' });
  await seedVote(web, liked, nell);

  const page = await openPage(t, '/b/mine-board', { as: nell });
  await page.getByText('Someone else wrote this').waitFor();
  const titles = () => page.locator('.post-card__title').allTextContents();
  const show = page.getByRole('combobox', { name: 'Show' });
  t.is(await show.inputValue(), '');
  await show.selectOption({ label: 'Ideas I posted' });
  await page.waitForURL(/\?mine=posted$/);
  await page.waitForFunction(() => document.querySelectorAll('.post-card').length === 1);
  t.deepEqual(await titles(), ['Nell wrote this']);
  // The author's own vote comes with a post, so "voted for" holds both.
  await show.selectOption({ label: 'Ideas I voted for' });
  await page.waitForURL(/\?mine=voted$/);
  await page.waitForFunction(() => document.querySelectorAll('.post-card').length === 2);
  t.deepEqual((await titles()).sort(), ['Nell voted for this', 'Nell wrote this']);
  await expectNoProblems(t, page);
  await expectAccessible(t, page);

  const shared = await openPage(t, '/b/mine-board?mine=posted', { as: nell });
  await shared.getByText('Nell wrote this').waitFor();
  t.is(await shared.getByRole('combobox', { name: 'Show' }).inputValue(), 'posted');
  t.is(await shared.locator('.post-card').count(), 1);
});

test.serial('a signed-out visitor has no Show filter, and a shared "mine" link asks them to sign in first', async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { url: 'mine-signed-out' });
  await seedPost(web, { board, title: 'An idea for everyone' });
  const visitor = await openPage(t, '/b/mine-signed-out');
  await visitor.getByText('An idea for everyone').waitFor();
  t.is(await visitor.getByRole('combobox', { name: 'Show' }).count(), 0);

  const shared = await openPage(t, '/b/mine-signed-out?mine=voted');
  await shared.getByText('Sign in to see the ideas you voted for.').waitFor();
  t.is(await shared.locator('.post-card').count(), 0);
  const signIn = shared.getByRole('main').getByRole('link', { name: 'Sign in' });
  t.is(await signIn.getAttribute('href'), `/sign-in?${new URLSearchParams({ next: '/b/mine-signed-out?mine=voted' })}`);
  await expectAccessible(t, shared);
});

test.serial('an empty "mine" list says so in the member\'s words', async (t) => {
  const web = t.context.web;
  const board = await seedBoard(web, { url: 'mine-empty' });
  await seedPost(web, { board, title: 'Not hers' });
  const quiet = await member(web);
  const page = await openPage(t, '/b/mine-empty?mine=posted', { as: quiet });
  await page.getByText('You have not posted an idea on this board yet.').waitFor();
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Ideas I voted for' });
  await page.getByText('You have not voted for an idea on this board yet.').waitFor();
  t.pass();
});

test.serial('the profile lists the ideas a member posted and voted for on every board, newest first, with board and status', async (t) => {
  const web = t.context.web;
  const app = await seedBoard(web, { name: 'App', url: 'profile-app' });
  const api = await seedBoard(web, { name: 'API', url: 'profile-api' });
  const planned = await seedRoadmap(web, { name: 'Planned' });
  const grace = await member(web, { name: 'Grace' });
  await seedPost(web, { board: app, title: 'Grace first', author: grace });
  const second = await seedPost(web, { board: api, title: 'Grace second', author: grace });
  await web.server.request('PATCH', '/posts', { token: web.owner.token, body: { postId: second.postId, roadmapId: planned.id } });
  const theirs = await seedPost(web, { board: api, title: 'Voted by Grace' });
  await seedVote(web, theirs, grace);
  // Four more, so the list of her ideas has a second page.
  for (let i = 1; i <= 4; i++) await seedPost(web, { board: app, title: `Grace extra ${i}`, author: grace });

  const page = await openPage(t, '/profile', { as: grace });
  const posted = page.getByRole('region', { name: 'Ideas you posted' });
  const voted = page.getByRole('region', { name: 'Ideas you voted for' });
  await posted.getByText('Grace extra 4').waitFor();
  const titlesIn = (region: typeof posted) => region.locator('.post-card__title').allTextContents();
  t.deepEqual(await titlesIn(posted), ['Grace extra 4', 'Grace extra 3', 'Grace extra 2', 'Grace extra 1', 'Grace second']);
  await posted.getByRole('button', { name: 'Load more' }).click();
  await posted.getByText('Grace first').waitFor();
  t.is((await titlesIn(posted)).length, 6);
  t.is(await posted.getByRole('button', { name: 'Load more' }).count(), 0);
  // Her own list names the board and the status, not her.
  const meta = (region: typeof posted, title: string) => region.getByRole('listitem').filter({ hasText: title }).locator('.meta > *').allTextContents();
  t.deepEqual(await meta(posted, 'Grace second'), ['Planned', 'API', 'now']);
  t.deepEqual(await meta(posted, 'Grace first'), ['App', 'now']);

  // Her votes include her own ideas' (an author's vote comes with the post); the others name their author.
  await voted.getByText('Voted by Grace').waitFor();
  await voted.getByRole('button', { name: 'Load more' }).click();
  await voted.getByText('Grace first').waitFor();
  t.is((await titlesIn(voted)).length, 7);
  t.deepEqual(await meta(voted, 'Voted by Grace'), ['API', 'Ada Lovelace', 'now']);
  await expectNoProblems(t, page);
  await expectAccessible(t, page);
});

test.serial('a member with nothing posted or voted sees both lists empty, with a way to the boards', async (t) => {
  const web = t.context.web;
  const fresh = await member(web);
  const page = await openPage(t, '/profile', { as: fresh });
  await page.getByText('You have not posted an idea yet.').waitFor();
  await page.getByText('You have not voted for an idea yet.').waitFor();
  t.is(await page.getByRole('link', { name: 'See the boards' }).count(), 2);
  await expectAccessible(t, page);
});
