// The post page: what a visitor sees, voters, comments and replies, internal notes, the "…" menu
// (edit with the URL following the new slug, delete), moderators' rights, not-found, failures, axe.
import type { ExecutionContext } from 'ava';
import type { Page } from 'playwright-core';
import type { PostDetail } from '../../src/web/api/types.js';
import { expectAccessible, expectNoProblems, openPage, type PageOptions, test, useWebServer, type WebContext } from './_browser.js';
import { callApi, type Member, member, seedBoard, seedComment, seedPost, seedRoadmap, seedVote, setLabs } from './_seed.js';

useWebServer();

type WebTest = ExecutionContext<WebContext>;

let grace: Member;
let alan: Member;
let moderator: Member;
let team: Member;

/** The post page at /p/<slug>, once its heading is there. */
async function openPost(t: WebTest, slug: string, options: PageOptions = {}): Promise<Page> {
  const page = await openPage(t, `/p/${slug}`, options);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

/** The comment articles, by their author's name and time (their accessible name). */
const comments = (page: Page) => page.locator('.activity article');

/** The post as the API has it now (null once deleted). */
async function postNow(t: WebTest, slug: string): Promise<PostDetail | null> {
  try {
    return (await callApi<{ post: PostDetail }>(t.context.web, 'POST', '/posts/slug', { slug })).post;
  } catch {
    return null;
  }
}

/** What has focus: its tag, aria-label and text. */
const focused = (page: Page) =>
  page.evaluate(() => ({
    tag: document.activeElement?.tagName.toLowerCase(),
    label: document.activeElement?.getAttribute('aria-label') ?? null,
    text: document.activeElement?.textContent ?? '',
  }));

/** Waits until focus is on the element with this aria-label (focus moves after the next render). */
const focusReaches = (page: Page, label: string) =>
  page.waitForFunction((wanted) => document.activeElement?.getAttribute('aria-label') === wanted, label);

// Serial, so it runs after the harness's before hook (before hooks otherwise run concurrently).
test.serial.before(async (t) => {
  const { web } = t.context;
  grace = await member(web, { name: 'Grace Hopper' });
  alan = await member(web, { name: 'Alan Turing' });
  moderator = await member(web, { name: 'Mo Derator', permissions: ['post:update', 'post:destroy', 'comment:delete:any'] });
  team = await member(web, { name: 'Tess Team', permissions: ['comment:create_internal', 'comment:view_internal'] });
});

test.serial('a visitor sees the title, the rendered Markdown, the author, the board and the status', async (t) => {
  const { web } = t.context;
  const board = await seedBoard(web, { name: 'Ideas', url: 'pp-ideas' });
  const planned = await seedRoadmap(web, { name: 'Planned' });
  const post = await seedPost(web, { board, roadmap: planned, author: grace, title: 'Dark mode', content: 'The dashboard is **too bright** at night.' });
  const page = await openPost(t, post.slug);
  t.is(await page.getByRole('heading', { level: 1 }).textContent(), 'Dark mode');
  await page.locator('.post__body strong', { hasText: 'too bright' }).waitFor();
  const meta = page.locator('.post__meta');
  t.true((await meta.textContent())?.includes('Grace Hopper'));
  t.true((await meta.textContent())?.includes('Planned'));
  t.is(await meta.getByRole('link', { name: 'Ideas' }).getAttribute('href'), '/b/pp-ideas');
  t.truthy(await meta.locator('time[datetime]').count());
  t.truthy(await page.getByRole('button', { name: 'Vote, 1 vote', pressed: false }).count());
  t.is(await page.getByRole('button', { name: 'Idea actions' }).count(), 0);
  const signIn = page.getByRole('link', { name: 'Sign in to comment' });
  await signIn.waitFor();
  t.is(await signIn.getAttribute('href'), `/sign-in?${new URLSearchParams({ next: `/p/${post.slug}` })}`);
  t.regex(await page.title(), /^Dark mode · /);
  await expectNoProblems(t, page);
  await expectAccessible(t, page);
});

test.serial('voters show on boards with view_voters, with "+N", the full list, and the viewer\'s own vote', async (t) => {
  const { web } = t.context;
  const shown = await seedBoard(web, { url: 'pp-voters-on', viewVoters: true });
  const hidden = await seedBoard(web, { url: 'pp-voters-off', viewVoters: false });
  const post = await seedPost(web, { board: shown, author: grace, title: 'Voted a lot' });
  await seedVote(web, post, alan);
  for (let i = 0; i < 5; i++) await seedVote(web, post, await member(web, { name: `Voter ${i}` }));
  const quiet = await seedPost(web, { board: hidden, author: grace, title: 'Voters hidden' });
  await seedVote(web, quiet, alan);

  const page = await openPost(t, post.slug, { as: moderator });
  const voters = page.getByRole('region', { name: 'Voters' });
  const latest = voters.getByRole('list', { name: 'Latest voters' });
  await latest.waitFor();
  t.is(await latest.getByRole('listitem').count(), 7, 'six faces and "+1"');
  t.true((await latest.textContent())?.includes('Alan Turing'));
  t.true((await latest.textContent())?.includes('+1'));
  t.true((await latest.textContent())?.includes('and 1 more'));
  await voters.getByRole('button', { name: 'Show all voters' }).click();
  const all = voters.getByRole('list', { name: 'All voters' });
  await all.getByText('Grace Hopper').waitFor();
  t.is(await all.getByRole('listitem').count(), 7);

  await page.getByRole('button', { name: 'Vote, 7 votes' }).click();
  await page.getByRole('button', { name: 'Vote, 8 votes', pressed: true }).waitFor();
  await latest.getByText('Mo Derator').waitFor();
  await all.getByText('Mo Derator').waitFor();
  t.is(await all.getByRole('listitem').count(), 8);
  await expectAccessible(t, page);

  const other = await openPost(t, quiet.slug, { as: moderator });
  await other.getByRole('heading', { name: 'Comments', exact: true }).waitFor();
  t.is(await other.getByRole('region', { name: 'Voters' }).count(), 0);
  await expectNoProblems(t, page);
});

test.serial('a member comments and replies; replies sit indented under their thread', async (t) => {
  const { web } = t.context;
  const board = await seedBoard(web, { url: 'pp-comments' });
  const post = await seedPost(web, { board, author: grace, title: 'Talk about it' });
  const opener = await seedComment(web, post, { body: 'Opening remark', author: grace });
  const answer = await seedComment(web, post, { body: 'An answer', parent: opener });
  await seedComment(web, post, { body: 'A reply to the answer', author: grace, parent: answer });

  const page = await openPost(t, post.slug, { as: alan });
  await page.getByText('A reply to the answer').waitFor();
  const firstThread = page.locator('.timeline > li').first();
  t.is(await firstThread.locator('.timeline__replies article').count(), 2, 'a reply to a reply shows under the top-level comment');

  await page.getByLabel('Comment', { exact: true }).fill('First from Alan');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const mine = comments(page).filter({ hasText: 'First from Alan' });
  await mine.waitFor();
  t.is(await page.locator('.activity [role="status"]').textContent(), 'Comment posted');
  t.is(await page.getByLabel('Comment', { exact: true }).inputValue(), '');
  await page.waitForFunction(() => document.activeElement?.tagName === 'ARTICLE');
  t.true((await focused(page)).text.includes('First from Alan'));
  t.true((await mine.getAttribute('aria-labelledby'))?.includes('-author'));

  await mine.getByRole('button', { name: 'Reply to Alan Turing' }).click();
  const box = page.getByRole('textbox', { name: 'Reply to Alan Turing' });
  await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
  await box.fill('Replying to myself');
  await page.getByRole('button', { name: 'Post reply' }).click();
  const reply = page.locator('.timeline__replies article', { hasText: 'Replying to myself' });
  await reply.waitFor();
  t.is(await page.locator('.activity [role="status"]').textContent(), 'Reply posted');
  const thread = page.locator('.timeline > li', { has: page.getByText('First from Alan') });
  t.is(await thread.locator('.timeline__replies article').count(), 1);
  const parentBox = await mine.boundingBox();
  const replyBox = await reply.boundingBox();
  t.true(replyBox!.x > parentBox!.x + 8, 'the reply is indented');
  const order = await comments(page).allTextContents();
  t.true(order.findIndex((text) => text.includes('Opening remark')) < order.findIndex((text) => text.includes('First from Alan')), 'oldest first');

  // Cancelling a reply box gives focus back to its Reply button.
  await mine.getByRole('button', { name: 'Reply to Alan Turing' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await t.notThrowsAsync(() => focusReaches(page, 'Reply to Alan Turing'));

  // Their own comment: edit (marked "edited"); others' comments: reply only.
  // While edited, the text is in a textarea: find the article by its id, not its text.
  const editing = page.locator(`[id="${await mine.getAttribute('id')}"]`);
  await editing.getByRole('button', { name: 'Edit comment by Alan Turing' }).click();
  await editing.getByRole('textbox', { name: 'Edit comment' }).fill('First from Alan, edited');
  await editing.getByRole('button', { name: 'Save' }).click();
  await editing.getByText('First from Alan, edited').waitFor();
  t.truthy(await editing.getByText('edited', { exact: true }).count());
  await t.notThrowsAsync(() => focusReaches(page, 'Edit comment by Alan Turing'));
  const graces = comments(page).filter({ hasText: 'Opening remark' });
  t.is(await graces.getByRole('button', { name: /^Edit|^Delete/ }).count(), 0);
  t.is(await page.getByRole('button', { name: 'Idea actions' }).count(), 0, 'no menu on another member\'s idea');
  await expectNoProblems(t, page);
  await expectAccessible(t, page);
});

test.serial('an empty comment shows the API\'s message under the field', async (t) => {
  const { web } = t.context;
  const post = await seedPost(web, { author: grace, title: 'Say something' });
  const page = await openPost(t, post.slug, { as: alan });
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const error = page.locator('#comment-new-error');
  await error.getByText('Comment body missing').waitFor();
  t.is(await page.getByLabel('Comment', { exact: true }).getAttribute('aria-invalid'), 'true');
  await expectNoProblems(t, page);
});

test.serial('the author edits the title (the URL follows the new slug) and deletes the idea', async (t) => {
  const { web } = t.context;
  const board = await seedBoard(web, { url: 'pp-authors' });
  const post = await seedPost(web, { board, author: grace, title: 'Old title', content: 'Some words' });
  const page = await openPost(t, post.slug, { as: grace });
  await page.getByRole('button', { name: 'Idea actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const title = page.getByRole('textbox', { name: 'Title' });
  await page.waitForFunction(() => document.activeElement?.id === 'post-edit-title');
  t.is(await page.getByLabel('Description').inputValue(), 'Some words');
  await title.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('#post-edit-title-error').getByText('Post title missing').waitFor();

  await title.fill('New title');
  await page.getByLabel('Description').fill('Now **bolder**');
  await page.getByRole('tab', { name: 'Preview' }).click();
  await page.locator('.md-editor__preview strong', { hasText: 'bolder' }).waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('heading', { level: 1, name: 'New title' }).waitFor();
  await page.waitForURL(/\/p\/new-title-/);
  t.is(new URL(page.url()).pathname, `/p/new-title-${post.slugId}`);
  await page.locator('.post__body strong', { hasText: 'bolder' }).waitFor();
  await t.notThrowsAsync(() => focusReaches(page, 'Idea actions'));
  t.is((await postNow(t, `new-title-${post.slugId}`))?.title, 'New title');

  await page.getByRole('button', { name: 'Idea actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this idea? Its votes and comments go too.' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await t.notThrowsAsync(() => focusReaches(page, 'Idea actions'));
  await page.getByRole('button', { name: 'Idea actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL(/\/b\/pp-authors$/);
  t.is(await postNow(t, `new-title-${post.slugId}`), null);
  await expectNoProblems(t, page);
});

test.serial('the "…" menu works from the keyboard: Enter and Space open, arrows move, Escape closes', async (t) => {
  const { web } = t.context;
  const post = await seedPost(web, { author: grace, title: 'Keyboard only' });
  const page = await openPost(t, post.slug, { as: grace });
  const trigger = page.getByRole('button', { name: 'Idea actions' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  t.is(await trigger.getAttribute('aria-expanded'), 'true');
  t.is((await focused(page)).text, 'Edit');
  await page.keyboard.press('ArrowDown');
  t.is((await focused(page)).text, 'Delete');
  await page.keyboard.press('ArrowDown');
  t.is((await focused(page)).text, 'Edit', 'wraps around');
  await page.keyboard.press('Escape');
  t.is(await page.getByRole('menu').count(), 0);
  t.is((await focused(page)).label, 'Idea actions');
  await page.keyboard.press('Space');
  t.is((await focused(page)).text, 'Edit');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Title' }).waitFor();
  await page.getByRole('button', { name: 'Cancel' }).press('Enter');
  t.is(await page.getByRole('textbox', { name: 'Title' }).count(), 0);
  await t.notThrowsAsync(() => focusReaches(page, 'Idea actions'));
  await expectNoProblems(t, page);
});

test.serial('a moderator edits and deletes someone else\'s idea and deletes a comment with its replies', async (t) => {
  const { web } = t.context;
  const board = await seedBoard(web, { url: 'pp-moderated' });
  const post = await seedPost(web, { board, author: grace, title: 'Needs moderation' });
  const rude = await seedComment(web, post, { body: 'Something rude', author: alan });
  await seedComment(web, post, { body: 'A reply to the rude one', author: grace, parent: rude });
  await seedComment(web, post, { body: 'A kind remark', author: grace });

  const page = await openPost(t, post.slug, { as: moderator });
  await page.getByText('A kind remark').waitFor();
  const rudeComment = comments(page).filter({ hasText: 'Something rude' });
  t.is(await rudeComment.getByRole('button', { name: /^Edit/ }).count(), 0, 'deleting any comment is not editing it');
  await rudeComment.getByRole('button', { name: 'Delete comment by Alan Turing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this comment? Its replies go too.' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Something rude').waitFor({ state: 'detached' });
  t.is(await page.getByText('A reply to the rude one').count(), 0);
  t.is(await comments(page).count(), 1);
  t.is(await page.locator('.activity [role="status"]').textContent(), 'Comment deleted');
  await page.waitForFunction(() => document.activeElement?.id === 'activity-heading');

  await page.getByRole('button', { name: 'Idea actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Moderated title');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/p\/moderated-title-/);
  await page.getByRole('heading', { level: 1, name: 'Moderated title' }).waitFor();

  await page.getByRole('button', { name: 'Idea actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL(/\/b\/pp-moderated$/);
  t.is(await postNow(t, `moderated-title-${post.slugId}`), null);
  await expectNoProblems(t, page);
});

test.serial('a member without rights sees no "Idea actions" and cannot edit or delete others\' comments', async (t) => {
  const { web } = t.context;
  const post = await seedPost(web, { author: grace, title: 'Not yours' });
  await seedComment(web, post, { body: 'Grace says hi', author: grace });
  const page = await openPost(t, post.slug, { as: alan });
  const comment = comments(page).filter({ hasText: 'Grace says hi' });
  await comment.waitFor();
  t.is(await page.getByRole('button', { name: 'Idea actions' }).count(), 0);
  t.is(await comment.getByRole('button').count(), 1);
  t.truthy(await comment.getByRole('button', { name: 'Reply to Grace Hopper' }).count());
  t.is(await page.getByText('Internal note (only the team sees it)').count(), 0);
  await expectNoProblems(t, page);
});

test.serial('an internal note by the team is marked for them and invisible to visitors and members', async (t) => {
  const { web } = t.context;
  const post = await seedPost(web, { author: grace, title: 'With an internal note' });
  await seedComment(web, post, { body: 'A public comment', author: grace });

  const page = await openPost(t, post.slug, { as: team });
  await page.getByText('A public comment').waitFor();
  await page.getByLabel('Comment', { exact: true }).fill('Team only: needs a design review');
  await page.getByLabel('Internal note (only the team sees it)').check();
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const note = comments(page).filter({ hasText: 'Team only: needs a design review' });
  await note.waitFor();
  t.truthy(await note.getByText('Internal', { exact: true }).count());
  t.true((await note.getAttribute('class'))?.includes('comment--internal'));
  // A reply to an internal note starts out internal too.
  await note.getByRole('button', { name: 'Reply to Tess Team' }).click();
  t.true(await note.getByLabel('Internal note (only the team sees it)').isChecked());
  await note.getByRole('button', { name: 'Cancel' }).click();
  await expectAccessible(t, page);

  const again = await openPost(t, post.slug, { as: team });
  await again.getByText('Team only: needs a design review').waitFor();

  for (const as of [undefined, alan]) {
    const other = await openPost(t, post.slug, { as });
    await other.getByText('A public comment').waitFor();
    t.is(await other.getByText('Team only: needs a design review').count(), 0);
    t.is(await other.getByText('Internal', { exact: true }).count(), 0);
  }
  await expectNoProblems(t, page);
});

test.serial('comments and replies by the team carry a quiet "Team" badge; members\' do not', async (t) => {
  const { web } = t.context;
  const post = await seedPost(web, { author: grace, title: 'Who answers for the team' });
  const question = await seedComment(web, post, { body: 'Will this ship soon?', author: grace });
  await seedComment(web, post, { body: 'It is on the roadmap.', author: team, parent: question });
  await seedComment(web, post, { body: 'The owner agrees.', author: web.owner });

  for (const colorScheme of ['light', 'dark'] as const) {
    const page = await openPost(t, post.slug, { colorScheme });
    const reply = comments(page).filter({ hasText: 'It is on the roadmap.' });
    await reply.waitFor();
    t.is(await reply.getByText('Team', { exact: true }).count(), 1, 'a reply by a role holder is marked');
    t.is(await comments(page).filter({ hasText: 'The owner agrees.' }).getByText('Team', { exact: true }).count(), 1, 'the owner answers for the team');
    t.is(await comments(page).filter({ hasText: 'Will this ship soon?' }).first().locator('.comment__head').getByText('Team', { exact: true }).count(), 0);
    await expectAccessible(t, page);
  }

  // A comment just written by the team is marked at once, from the API's answer.
  const page = await openPost(t, post.slug, { as: team });
  await page.getByLabel('Comment', { exact: true }).fill('Thanks for asking');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const fresh = comments(page).filter({ hasText: 'Thanks for asking' });
  await fresh.waitFor();
  t.is(await fresh.getByText('Team', { exact: true }).count(), 1);
  await expectNoProblems(t, page);
});

test.serial('with comments turned off, visitors see no comments and the team still sees and writes internal notes', async (t) => {
  const { web } = t.context;
  const post = await seedPost(web, { author: grace, title: 'Comments are off' });
  await seedComment(web, post, { body: 'An old public comment', author: grace });
  await seedComment(web, post, { body: 'Seeded team note', internal: true });
  await setLabs(web, { comments: false });
  try {
    const visitor = await openPost(t, post.slug);
    await visitor.waitForLoadState('networkidle');
    t.is(await visitor.getByRole('heading', { name: 'Comments', exact: true }).count(), 0);
    t.is(await visitor.getByText('An old public comment').count(), 0);
    t.is(await visitor.getByRole('link', { name: 'Sign in to comment' }).count(), 0);

    const page = await openPost(t, post.slug, { as: team });
    await page.getByText('Seeded team note').waitFor();
    t.is(await page.getByText('An old public comment').count(), 0);
    t.truthy(await page.getByRole('heading', { name: 'Internal notes' }).count());
    await page.getByLabel('Comment', { exact: true }).fill('Still writing notes');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await comments(page).filter({ hasText: 'Still writing notes' }).getByText('Internal', { exact: true }).waitFor();
    await expectNoProblems(t, page);
  } finally {
    await setLabs(web, { comments: true });
  }
});

test.serial('more than 100 comments: "Show earlier comments" loads the older ones', async (t) => {
  const { web } = t.context;
  const post = await seedPost(web, { author: grace, title: 'A busy idea' });
  for (let i = 1; i <= 102; i++) await seedComment(web, post, { body: `Comment number ${i}`, author: alan });
  const page = await openPost(t, post.slug);
  await page.getByText('Comment number 102').waitFor();
  t.is(await comments(page).count(), 100);
  t.true((await comments(page).first().textContent())?.includes('Comment number 3'));
  await page.getByRole('button', { name: 'Show earlier comments' }).click();
  await page.getByText('Comment number 1', { exact: true }).waitFor();
  t.is(await comments(page).count(), 102);
  t.true((await comments(page).first().textContent())?.includes('Comment number 1'));
  t.is(await page.getByRole('button', { name: 'Show earlier comments' }).count(), 0);
  await expectNoProblems(t, page);
});

test.serial('a deleted or unknown idea shows the not-found page with a way home', async (t) => {
  const { web } = t.context;
  const post = await seedPost(web, { author: grace, title: 'Soon gone' });
  await callApi(web, 'DELETE', '/posts', { id: post.postId });
  for (const slug of [post.slug, 'no-such-idea']) {
    const page = await openPage(t, `/p/${slug}`);
    await page.getByRole('heading', { level: 1, name: 'This idea does not exist' }).waitFor();
    t.is(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href'), '/');
    await expectNoProblems(t, page);
  }
});

test.serial('when the server fails, the page says so and Retry loads the idea', async (t) => {
  const { web } = t.context;
  const post = await seedPost(web, { author: grace, title: 'Back again' });
  const page = await openPage(t, '/');
  await page.route('**/api/v1/posts/slug', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' }));
  await page.goto(`${web.url}/p/${post.slug}`);
  const alert = page.getByRole('alert');
  await alert.getByText('The server is not answering right now').waitFor();
  await page.unroute('**/api/v1/posts/slug');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('heading', { level: 1, name: 'Back again' }).waitFor();
  t.is(await page.getByRole('alert').count(), 0);
});

test.serial('axe passes at 360 px in dark mode, signed in, with replies, an internal note, the menu and the dialog open', async (t) => {
  const { web } = t.context;
  const board = await seedBoard(web, { url: 'pp-phone', viewVoters: true });
  const roadmap = await seedRoadmap(web, { name: 'In progress' });
  const post = await seedPost(web, { board, roadmap, author: team, title: 'On a phone, in the dark', content: '- one\n- two\n\n`code`' });
  const first = await seedComment(web, post, { body: 'Looks good', author: grace });
  await seedComment(web, post, { body: 'Agreed', author: alan, parent: first });
  await seedComment(web, post, { body: 'Internal: ship it', author: team, internal: true });
  const page = await openPost(t, post.slug, { as: team, width: 360, colorScheme: 'dark' });
  await page.getByText('Internal: ship it').waitFor();
  await page.getByRole('list', { name: 'Latest voters' }).getByText('Tess Team').waitFor();
  t.is(await page.getByRole('button', { name: 'Show all voters' }).count(), 0, 'the one voter already shows');
  await expectAccessible(t, page);
  await page.getByRole('button', { name: 'Idea actions' }).click();
  await page.getByRole('menu').waitFor();
  await expectAccessible(t, page);
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').waitFor();
  await expectAccessible(t, page);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  t.is(overflow, 0, 'nothing wider than the phone');
  await expectNoProblems(t, page);
});
