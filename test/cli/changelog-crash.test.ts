// Issue 30, durability of changelog publishing: a real `feedbackd serve` killed with SIGKILL while
// an entry waits for its time, or between the commit of a publish and its fan-out, publishes it
// once its time has come and mails its voters exactly once after serve starts again on the same
// data. On both engines (FEEDBACKD_TEST_ENGINE=postgres runs the servers on a fresh schema).
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { TEST_ENGINE, testDatabaseUrl } from '../_helpers/engine.ts';
import { createSchema } from '../_helpers/pg-schema.ts';
import { sendRequest } from '../_helpers/server.ts';
import { eventually } from '../_helpers/webhook-receiver.ts';
import { type ServingChild, startServing, stopServing, tempDir } from './_cli.ts';
import { setUpBoard, shippedMails, writeEntry } from './_changelog-board.ts';

/** A worker that looks for work often. */
const BUSY = { FEEDBACKD_OUTBOX_POLL_MS: '50', FEEDBACKD_NOTIFICATION_DIGEST_MS: '50' };
/** A worker whose only pass is the one at start: what happens later waits. */
const IDLE = { ...BUSY, FEEDBACKD_OUTBOX_POLL_MS: '600000' };

async function board(t: ExecutionContext): Promise<{ data: string; args: string[] }> {
  const data = join(await tempDir(t), 'data');
  if (TEST_ENGINE !== 'postgres') return { data, args: ['--data', data] };
  const schema = await createSchema(testDatabaseUrl());
  t.teardown(schema.drop);
  return { data, args: ['--data', data, '--database', schema.url] };
}

async function serve(t: ExecutionContext, boardArgs: string[], env: Record<string, string>): Promise<ServingChild> {
  const serving = await startServing(['serve', '--port', '0', '--mail-outbox', ...boardArgs], { env });
  t.teardown(async () => {
    serving.child.kill('SIGKILL');
    await serving.result;
  });
  return serving;
}

async function kill9(t: ExecutionContext, serving: ServingChild): Promise<void> {
  const killed = await stopServing(serving, 'SIGKILL');
  t.is(killed.signal, 'SIGKILL', killed.stderr);
}

/** Waits until the outbox holds `count` Shipped mails, then a while longer to see that no more come. */
async function settledMails(data: string, count: number): Promise<string[]> {
  await eventually(async () => ((await shippedMails(data)).length >= count ? true : undefined), `${count} Shipped mails`);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return shippedMails(data);
}

test('kill -9 while an entry is scheduled: the next serve publishes it when its time comes, and mails each voter once', async (t) => {
  const { data, args } = await board(t);
  const first = await serve(t, args, BUSY);
  const owner = await setUpBoard(t, first.url, 2);
  const entryId = await writeEntry(t, first.url, owner, 'Release one');
  const publishAt = new Date(Date.now() + 2_500).toISOString();
  const scheduled = await sendRequest(first.url, 'POST', `/changelog/${entryId}/publish`, { token: owner.ownerToken, body: { publishAt } });
  t.is(scheduled.body.entry.status, 'scheduled', scheduled.text);
  await kill9(t, first);

  const second = await serve(t, args, BUSY);
  const mails = await settledMails(data, 2);
  t.deepEqual(mails, owner.voters.map((email) => `Shipped: Release one → ${email}`));
  const entry = (await sendRequest(second.url, 'GET', `/changelog/${entryId}`)).body.entry;
  t.is(entry.status, 'published');
  t.true(entry.publishedAt >= publishAt, 'not before its time');
});

test('kill -9 between a publish and its fan-out: the next serve sends the mails once, and the entry stays published once', async (t) => {
  const { data, args } = await board(t);
  const first = await serve(t, args, IDLE);
  const owner = await setUpBoard(t, first.url, 2);
  const entryId = await writeEntry(t, first.url, owner, 'Release two');
  const published = await sendRequest(first.url, 'POST', `/changelog/${entryId}/publish`, { token: owner.ownerToken });
  t.is(published.body.entry.status, 'published', published.text);
  // The idle worker has not looked since it started: the event waits in the outbox, no mail went out.
  t.deepEqual(await shippedMails(data), []);
  await kill9(t, first);

  const second = await serve(t, args, BUSY);
  const mails = await settledMails(data, 2);
  t.deepEqual(mails, owner.voters.map((email) => `Shipped: Release two → ${email}`));
  const again = await sendRequest(second.url, 'POST', `/changelog/${entryId}/publish`, { token: owner.ownerToken });
  t.is(again.status, 409, 'published once, and it stays so');
  t.is(again.body.code, 'CHANGELOG_ALREADY_PUBLISHED');
});
