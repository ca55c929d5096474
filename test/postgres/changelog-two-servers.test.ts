import test from 'ava';
import { sendRequest } from '../_helpers/server.js';
import { eventually, startWebhookReceiver } from '../_helpers/webhook-receiver.js';
import { setUpBoard, shippedMails, writeEntry } from '../cli/_changelog-board.js';
import { type ServingChild, startServing, stopServing, tempDir } from '../cli/_cli.js';
import { freshSchema, pgTests, query } from '../storage-pg/_pg.js';

/*
 * Issue 30: two `feedbackd serve` processes on one PostgreSQL database, both workers looking for
 * due changelog entries every 50 ms: each scheduled entry is published once, fires
 * `changelog.published` once and mails each voter once.
 */

const BUSY = { FEEDBACKD_OUTBOX_POLL_MS: '50', FEEDBACKD_NOTIFICATION_DIGEST_MS: '50' };
const ENTRIES = 6;

pgTests((url) => {
  test('scheduled entries on two servers: each published once, one webhook delivery and one mail per voter each', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    // One data dir for both: its mail outbox collects what either server sends.
    const data = `${await tempDir(t)}/data`;
    const args = ['serve', '--data', data, '--database', schemaUrl, '--port', '0', '--mail-outbox'];
    const first = await startServing(args, { env: BUSY });
    const second = await startServing(args, { env: BUSY });
    const servers: ServingChild[] = [first, second];
    t.teardown(async () => {
      await Promise.all(servers.map((server) => stopServing(server)));
    });
    const receiver = await startWebhookReceiver();
    t.teardown(receiver.close);
    const board = await setUpBoard(t, first.url, 2);
    const hook = await sendRequest(second.url, 'POST', '/webhooks', { token: board.ownerToken, body: { url: receiver.url, events: ['changelog.published'], allowPrivate: true } });
    t.is(hook.status, 201, hook.text);
    const publishAt = new Date(Date.now() + 2_000).toISOString();
    for (let i = 0; i < ENTRIES; i++) {
      const server = servers[i % 2]!;
      const entryId = await writeEntry(t, server.url, board, `Release ${i}`);
      const scheduled = await sendRequest(server.url, 'POST', `/changelog/${entryId}/publish`, { token: board.ownerToken, body: { publishAt } });
      t.is(scheduled.body.entry.status, 'scheduled', scheduled.text);
    }
    await receiver.waitFor(ENTRIES, 15_000);
    await eventually(async () => ((await shippedMails(data)).length >= ENTRIES * 2 ? true : undefined), 'every Shipped mail');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const expected = Array.from({ length: ENTRIES }, (_, i) => board.voters.map((email) => `Shipped: Release ${i} → ${email}`)).flat().sort();
    t.deepEqual(await shippedMails(data), expected);
    t.is(receiver.received.length, ENTRIES, 'one changelog.published delivery per entry');
    const titles = receiver.received.map((received) => JSON.parse(received.body).data.entry.title as string).sort();
    t.deepEqual(titles, Array.from({ length: ENTRIES }, (_, i) => `Release ${i}`));
    t.deepEqual(await query(schemaUrl, "SELECT count(*)::int AS n FROM changelog_entries WHERE status = 'published'"), [{ n: ENTRIES }]);
  });

  test('publishing one entry at once through both servers: one succeeds, the others answer 409, one mail per voter', async (t) => {
    const { url: schemaUrl } = await freshSchema(t, url);
    const data = `${await tempDir(t)}/data`;
    const args = ['serve', '--data', data, '--database', schemaUrl, '--port', '0', '--mail-outbox'];
    const servers = [await startServing(args, { env: BUSY }), await startServing(args, { env: BUSY })];
    t.teardown(async () => {
      await Promise.all(servers.map((server) => stopServing(server)));
    });
    const board = await setUpBoard(t, servers[0]!.url, 2);
    const entryId = await writeEntry(t, servers[1]!.url, board, 'Race');
    const attempts = Array.from({ length: 8 }, (_, i) =>
      sendRequest(servers[i % 2]!.url, 'POST', `/changelog/${entryId}/publish`, { token: board.ownerToken }),
    );
    const statuses = (await Promise.all(attempts)).map((answer) => answer.status).sort();
    t.deepEqual(statuses, [200, 409, 409, 409, 409, 409, 409, 409]);
    await eventually(async () => ((await shippedMails(data)).length >= 2 ? true : undefined), 'the Shipped mails');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    t.deepEqual(await shippedMails(data), board.voters.map((email) => `Shipped: Race → ${email}`));
  });
});
