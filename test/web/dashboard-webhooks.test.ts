// Dashboard › Webhooks (the owner's alone): add one with chosen events and see its secret once, a
// refusal under the URL field (a localhost name too), a test delivery to a loopback receiver and
// the deliveries list, turn off and on (and what a webhook turned off by feedbackd says), edit,
// delete after a question, the keyboard, a member who is not the owner, and a phone in dark mode
// (axe, and screenshots to look at).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { CreatedWebhook, Webhook } from '../../src/web/api/dashboard-webhooks.js';
import { startWebhookReceiver } from '../_helpers/webhook-receiver.js';
import { expectAccessible, expectNoProblems, openPage, test, useWebServer, type WebTest } from './_browser.ts';
import { callApi, member } from './_seed.ts';

useWebServer();

const SCREENSHOTS = fileURLToPath(new URL('.screenshots/', import.meta.url));

let named = 0;
/** A description no other test's webhooks carry. */
const fresh = (base: string) => `${base} ${++named}`;

async function storedWebhooks(t: WebTest): Promise<Webhook[]> {
  return (await callApi<{ webhooks: Webhook[] }>(t.context.web, 'GET', '/webhooks')).webhooks;
}
const stored = async (t: WebTest, description: string) => (await storedWebhooks(t)).find((webhook) => webhook.description === description);

/** A webhook added through the API, as the owner. */
async function seedWebhook(t: WebTest, body: Record<string, unknown>): Promise<CreatedWebhook> {
  return (await callApi<{ webhook: CreatedWebhook }>(t.context.web, 'POST', '/webhooks', body)).webhook;
}

const rowOf = (page: Page, description: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: description }) });
const cellsOf = (page: Page, description: string) => rowOf(page, description).getByRole('cell').allTextContents();
/** What has focus, as a test names it: its aria-label, else its id, else its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('aria-label') || element?.id || element?.textContent;
  });

const EVERY_SECTION = ['Overview', 'Posts', 'Moderation', 'Changelog', 'Boards', 'Tags', 'Roadmaps', 'Users', 'Roles', 'Settings', 'Webhooks', 'Your account'];

test.serial('the owner adds a webhook with chosen events; its secret is shown once, and the API stores what was asked', async (t) => {
  const web = t.context.web;
  const description = fresh('Product channel');
  const page = await openPage(t, '/dashboard/webhooks', { as: web.owner });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(web.url).origin });
  await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
  t.deepEqual(await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link').allTextContents(), EVERY_SECTION);
  await page.getByText('No webhooks yet.', { exact: false }).waitFor();

  await page.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook' });
  t.is(await focused(page), 'webhook-url', 'the URL field takes focus');
  await dialog.getByLabel('URL', { exact: true }).fill('https://hooks.example.com/services/T000/B000/XXXX');
  await dialog.getByRole('radio', { name: 'Slack' }).check();
  t.true(await dialog.getByRole('radio', { name: 'feedbackd JSON (signed)' }).isVisible());
  for (const event of ['Idea edited', 'Idea deleted', 'Vote added', 'Vote removed', 'New comment', 'Changelog entry published', 'Duplicate merged']) {
    await dialog.getByRole('checkbox', { name: event }).uncheck();
  }
  t.true(await dialog.getByRole('checkbox', { name: 'New idea' }).isChecked());
  t.true(await dialog.getByRole('checkbox', { name: 'Status changed' }).isChecked());
  await dialog.getByLabel('Description (optional)').fill(description);
  t.false(await dialog.getByRole('checkbox', { name: 'Allow private addresses' }).isChecked());
  await expectAccessible(t, page);
  await dialog.getByRole('button', { name: 'Add webhook' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Webhook added' });
  await secretDialog.getByText('it will not be shown again').waitFor();
  const secret = await secretDialog.getByLabel('Signing secret').inputValue();
  t.is(await focused(page), 'Copy', 'Copy has focus');
  await secretDialog.getByRole('button', { name: 'Copy' }).click();
  await secretDialog.getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
  t.is(await page.evaluate(() => navigator.clipboard.readText()), secret);
  await expectAccessible(t, page);
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await secretDialog.waitFor({ state: 'detached' });
  t.is(await focused(page), 'Add webhook', 'focus is back on Add webhook');
  await page.getByRole('status').filter({ hasText: `Webhook ${description} added.` }).waitFor();

  const webhook = await stored(t, description);
  t.like(webhook, {
    url: 'https://hooks.example.com/services/T000/B000/XXXX',
    format: 'slack',
    events: ['post.created', 'post.status_changed'],
    allowPrivate: false,
    enabled: true,
  });
  t.false('secret' in (webhook ?? {}), 'the list never carries the secret');
  t.is((await web.ctx.storage.webhookEndpoints.get(webhook!.webhookId))?.secret, secret, 'the secret shown is the one stored');
  t.deepEqual(await cellsOf(page, description), ['Slack', 'New idea, Status changed', 'On', 'Send testDeliveriesEditTurn offDelete']);

  await page.reload();
  await rowOf(page, description).waitFor();
  t.false((await page.content()).includes(secret), 'not shown again');
  await expectNoProblems(t, page);
});

test.serial('refusals land under their field: an ftp:// URL, a loopback address without the checkbox, no events', async (t) => {
  const page = await openPage(t, '/dashboard/webhooks', { as: t.context.web.owner });
  const before = (await storedWebhooks(t)).length;
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook' });
  const url = dialog.getByLabel('URL', { exact: true });
  await url.fill('ftp://files.example.com/drop');
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  await page.locator('#webhook-url-error').filter({ hasText: 'url must be an http:// or https:// URL, not ftp:' }).waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'webhook-url');
  t.is(await url.getAttribute('aria-invalid'), 'true');
  t.true((await url.getAttribute('aria-describedby'))?.includes('webhook-url-error'));

  await url.fill('http://127.0.0.1:9/hook');
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  await page.locator('#webhook-url-error').filter({ hasText: 'loopback' }).waitFor();
  await url.fill('http://localhost:9/hook');
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  await page.locator('#webhook-url-error').filter({ hasText: 'url is a loopback host name (localhost)' }).waitFor();

  await url.fill('https://hooks.example.com/none');
  for (const checkbox of await dialog.getByRole('group', { name: 'Events' }).getByRole('checkbox').all()) await checkbox.uncheck();
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  await page.locator('#webhook-events-error').filter({ hasText: 'events must name at least one event' }).waitFor();
  t.is(await page.locator('#webhook-url-error').textContent(), '', 'the URL is no longer the problem');
  await expectAccessible(t, page);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  t.is((await storedWebhooks(t)).length, before, 'nothing stored');
  await expectNoProblems(t, page);
});

test.serial('Send test to a loopback receiver (private addresses allowed) says what happened; Deliveries lists it', async (t) => {
  const receiver = await startWebhookReceiver((index) => (index === 0 ? 200 : 500));
  t.teardown(() => receiver.close());
  const description = fresh('Local receiver');
  const page = await openPage(t, '/dashboard/webhooks', { as: t.context.web.owner });
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook' });
  await dialog.getByLabel('URL', { exact: true }).fill(receiver.url);
  await dialog.getByLabel('Description (optional)').fill(description);
  await dialog.getByRole('checkbox', { name: 'Allow private addresses' }).check();
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  await page.getByRole('dialog', { name: 'Webhook added' }).getByRole('button', { name: 'Done' }).click();

  const row = rowOf(page, description);
  await row.getByRole('button', { name: `Send test to ${description}` }).click();
  await row.getByRole('status').filter({ hasText: /^Delivered: 200 in \d+ ms$/ }).waitFor();
  t.is(receiver.received.length, 1);
  t.is(receiver.received[0]!.headers['x-feedbackd-event'], 'webhook.test');
  await row.getByRole('button', { name: `Send test to ${description}` }).click();
  await row.getByRole('status').filter({ hasText: 'Failed: answered 500' }).waitFor();

  await row.getByRole('button', { name: `Deliveries to ${description}` }).click();
  const deliveries = page.getByRole('dialog', { name: `Deliveries to ${description}` });
  await deliveries.getByRole('table').waitFor();
  const rows = deliveries.getByRole('row');
  t.is(await rows.count(), 3, 'a header and the two tests');
  const [failed, delivered] = [await rows.nth(1).getByRole('cell').allTextContents(), await rows.nth(2).getByRole('cell').allTextContents()];
  t.deepEqual(failed.slice(1), ['Test', 'Failed', '1', failed[4]!, 'answered 500']);
  t.regex(failed[4]!, /^500 in \d+ ms$/);
  t.deepEqual(delivered.slice(1, 4), ['Test', 'Delivered', '1']);
  t.regex(delivered[4]!, /^200 in \d+ ms$/);
  await expectAccessible(t, page);
  await deliveries.getByRole('button', { name: 'Done' }).click();
  t.is(await focused(page), `Deliveries to ${description}`);
  await expectNoProblems(t, page);
});

test.serial('turn off and on, edit; a webhook feedbackd turned off says why, a failing one since when', async (t) => {
  const web = t.context.web;
  const description = fresh('Team chat');
  const webhook = await seedWebhook(t, { url: 'https://chat.example.com/hook', format: 'discord', description });
  const page = await openPage(t, '/dashboard/webhooks', { as: web.owner });
  const row = rowOf(page, description);
  await row.waitFor();
  t.deepEqual((await cellsOf(page, description)).slice(0, 3), ['Discord', 'All events', 'On']);

  await row.getByRole('button', { name: `Turn off webhook ${description}` }).click();
  await page.getByRole('status').filter({ hasText: `Webhook ${description} turned off.` }).waitFor();
  t.is((await cellsOf(page, description))[2], 'Off');
  t.false((await stored(t, description))?.enabled);
  t.is(await focused(page), `Turn on webhook ${description}`, 'focus stays on the button, now Turn on');
  await row.getByRole('button', { name: `Turn on webhook ${description}` }).click();
  await page.getByRole('status').filter({ hasText: `Webhook ${description} turned on.` }).waitFor();
  t.true((await stored(t, description))?.enabled);

  await row.getByRole('button', { name: `Edit webhook ${description}` }).click();
  const form = page.getByRole('dialog', { name: `Edit webhook ${description}` });
  t.is(await form.getByLabel('URL', { exact: true }).inputValue(), 'https://chat.example.com/hook');
  t.true(await form.getByRole('radio', { name: 'Discord' }).isChecked());
  await form.getByRole('checkbox', { name: 'Vote added' }).uncheck();
  await form.getByRole('checkbox', { name: 'Vote removed' }).uncheck();
  await form.getByRole('button', { name: 'Save webhook' }).click();
  await page.getByRole('status').filter({ hasText: `Webhook ${description} saved.` }).waitFor();
  t.deepEqual((await stored(t, description))?.events, ['post.created', 'post.updated', 'post.deleted', 'post.status_changed', 'comment.created', 'changelog.published', 'post.merged']);
  t.is((await cellsOf(page, description))[1], 'New idea, Idea edited, Idea deleted, Status changed, New comment, Changelog entry published, Duplicate merged');
  t.is(await focused(page), `Edit webhook ${description}`);

  const reason = 'Every attempt failed for 1 day; the last one: answered 503';
  await web.ctx.storage.transaction((tx) =>
    tx.webhookEndpoints.update(webhook.webhookId, { enabled: false, failingSince: '2026-11-22T21:00:00.000Z', disabledReason: reason }),
  );
  const failing = fresh('Flaky');
  const other = await seedWebhook(t, { url: 'https://flaky.example.com/hook', description: failing });
  await web.ctx.storage.transaction((tx) => tx.webhookEndpoints.update(other.webhookId, { failingSince: '2026-11-25T09:30:00.000Z' }));
  await page.reload();
  await row.waitFor();
  t.is((await cellsOf(page, description))[2], `Off — ${reason}`);
  t.is((await cellsOf(page, failing))[2], 'Failing since November 25, 2026 at 9:30 AM');
  await expectNoProblems(t, page);
});

test.serial('Delete asks first, naming the webhook; Cancel keeps it', async (t) => {
  const description = fresh('Old hook');
  await seedWebhook(t, { url: 'https://old.example.com/hook', description });
  const page = await openPage(t, '/dashboard/webhooks', { as: t.context.web.owner });
  await rowOf(page, description).getByRole('button', { name: `Delete webhook ${description}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete webhook ${description}? Its deliveries, sent or waiting, go too.` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  t.is(await focused(page), `Delete webhook ${description}`);
  t.truthy(await stored(t, description), 'Cancel deletes nothing');
  await rowOf(page, description).getByRole('button', { name: `Delete webhook ${description}` }).click();
  await dialog.getByRole('button', { name: 'Delete webhook' }).click();
  await page.getByRole('status').filter({ hasText: `Webhook ${description} deleted.` }).waitFor();
  t.is(await rowOf(page, description).count(), 0);
  t.is(await stored(t, description), undefined);
  t.is(await focused(page), 'webhooks-title', 'focus goes to the heading once the row is gone');
  await expectNoProblems(t, page);
});

test.serial('by keyboard alone: add a webhook with Enter, put the secret away with Escape', async (t) => {
  const page = await openPage(t, '/dashboard/webhooks', { as: t.context.web.owner });
  await page.getByRole('button', { name: 'Add webhook' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type('https://keys.example.com/hook');
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Webhook added' }).waitFor();
  t.is(await focused(page), 'Copy');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Webhook added' }).waitFor({ state: 'detached' });
  t.is(await focused(page), 'Add webhook');
  t.like((await storedWebhooks(t)).find((webhook) => webhook.url === 'https://keys.example.com/hook'), { format: 'json', events: [...EVERY_EVENT] });
  await expectNoProblems(t, page);
});

const EVERY_EVENT = ['post.created', 'post.updated', 'post.deleted', 'post.status_changed', 'vote.created', 'vote.deleted', 'comment.created', 'changelog.published', 'post.merged'];

test.serial('a member who is not the owner does not see Webhooks, even with many rights, and is told so at its address', async (t) => {
  const web = t.context.web;
  const manager = await member(web, { permissions: ['role:assign', 'role:unassign', 'settings:update', 'board:create', 'dashboard:read'] });
  const page = await openPage(t, '/dashboard', { as: manager });
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  const links = await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link').allTextContents();
  t.false(links.includes('Webhooks'), links.join(', '));
  const direct = await openPage(t, '/dashboard/webhooks', { as: manager });
  await direct.getByRole('heading', { level: 1, name: 'Not available' }).waitFor();
  t.is(await direct.getByRole('button', { name: 'Add webhook' }).count(), 0);
  await expectNoProblems(t, page);
  await expectNoProblems(t, direct);
});

test.serial('on a phone in dark mode: the page and its dialogs fit and pass axe (screenshots in .screenshots)', async (t) => {
  const web = t.context.web;
  mkdirSync(SCREENSHOTS, { recursive: true });
  const receiver = await startWebhookReceiver();
  t.teardown(() => receiver.close());
  const description = fresh('Phone receiver');
  await seedWebhook(t, { url: receiver.url, allowPrivate: true, description, events: ['post.created', 'comment.created'] });
  const page = await openPage(t, '/dashboard/webhooks', { as: web.owner, width: 360, colorScheme: 'dark' });
  const row = rowOf(page, description);
  await row.getByRole('button', { name: `Send test to ${description}` }).click();
  await row.getByRole('status').filter({ hasText: /^Delivered/ }).waitFor();
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  t.true(await fits(), 'the page never scrolls sideways');
  await expectAccessible(t, page);
  await page.screenshot({ path: join(SCREENSHOTS, 'webhooks-phone-dark-list.png'), fullPage: true });

  await page.getByRole('button', { name: 'Add webhook' }).click();
  const form = page.getByRole('dialog', { name: 'Add webhook' });
  await form.getByLabel('URL', { exact: true }).fill('ftp://nope.example.com');
  await form.getByRole('button', { name: 'Add webhook' }).click();
  await page.locator('#webhook-url-error').filter({ hasText: 'ftp:' }).waitFor();
  t.true(await fits(), 'the form fits');
  await expectAccessible(t, page);
  await page.screenshot({ path: join(SCREENSHOTS, 'webhooks-phone-dark-form.png') });
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: `Deliveries to ${description}` }).click();
  await page.getByRole('dialog', { name: `Deliveries to ${description}` }).getByRole('table').waitFor();
  t.true(await fits(), 'the deliveries fit (their table scrolls in its own frame)');
  await expectAccessible(t, page);
  await page.screenshot({ path: join(SCREENSHOTS, 'webhooks-phone-dark-deliveries.png') });
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Add webhook' }).click();
  await form.getByLabel('URL', { exact: true }).fill('https://phone.example.com/hook');
  await form.getByRole('button', { name: 'Add webhook' }).click();
  await page.getByRole('dialog', { name: 'Webhook added' }).getByLabel('Signing secret').waitFor();
  t.true(await fits(), 'the secret fits');
  await expectAccessible(t, page);
  await page.screenshot({ path: join(SCREENSHOTS, 'webhooks-phone-dark-secret.png') });
  await expectNoProblems(t, page);
});
