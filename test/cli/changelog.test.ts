import test from 'ava';
import { actorFor } from '../../src/services/actors.js';
import { createChangelogEntry } from '../../src/services/changelog/entries.js';
import { createPostAt } from '../_helpers/personas.js';
import { sendRequest } from '../_helpers/server.js';
import { initBoard, jsonOf, type TestBoard, withBoard } from './_admin.ts';
import { runInProcess, startServing } from './_cli.ts';

/*
 * `feedbackd changelog list|show|publish|delete` (issue 30 §1): on a stopped board through the
 * services directly, and while serve runs through its control socket, the change then seen over HTTP.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

/** Two drafts by the owner, the first linking a post. */
async function boardWithEntries(t: Parameters<typeof initBoard>[0]): Promise<{ board: TestBoard; slugs: string[] }> {
  const board = await initBoard(t);
  const slugs = await withBoard(board, async (ctx) => {
    const ada = (await ctx.storage.users.getOwner())!;
    const post = await createPostAt(ctx, ada, { createdAt: new Date().toISOString(), title: 'Dark mode' });
    const owner = await actorFor(ctx.storage, ada);
    const first = await createChangelogEntry(ctx, owner, { title: 'Dark mode ships', labels: ['new'], postIds: [post.id], contentMarkdown: 'At **night**.' });
    const second = await createChangelogEntry(ctx, owner, { title: 'Faster search' });
    return [first.slug, second.slug];
  });
  return { board, slugs };
}

test('list, show, publish now and later, delete: one line per change, aligned fields, JSON with --json', async (t) => {
  const { board, slugs } = await boardWithEntries(t);
  const run = (...args: string[]) => runInProcess([...args, '--data', board.data]);
  const [darkMode, search] = slugs as [string, string];

  const table = (await run('changelog', 'list')).stdout.split('\n');
  t.regex(table[0]!, /^ID {36}STATUS {2}WHEN {2}POSTS {2}TITLE$/);
  t.is(table.length, 4);
  const shown = (await run('changelog', 'show', darkMode)).stdout;
  t.regex(shown, new RegExp(`^ID: {10}${UUID}\\nTitle: {7}Dark mode ships\\nSlug: {8}${darkMode}\\nStatus: {6}draft\\n`));
  t.regex(shown, /^Labels: {6}new$/m);
  t.regex(shown, /^Posts: {7}dark-mode-\w+ \(/m);

  const published = await run('changelog', 'publish', darkMode);
  t.regex(published.stdout, new RegExp(`^Published "Dark mode ships" \\(${UUID}\\); serve mails the followers of its 1 post\\.\\n$`), published.stderr);
  const again = await run('changelog', 'publish', darkMode);
  t.is(again.code, 1);
  t.regex(again.stderr, /This changelog entry is already published/);
  const later = await run('changelog', 'publish', search, '--at', '2099-05-01T09:00:00Z');
  t.regex(later.stdout, /^Scheduled "Faster search" \(.+\) for 2099-05-01T09:00:00\.000Z: serve publishes it then\.\n$/);
  const bad = await run('changelog', 'publish', search, '--at', 'soon');
  t.is(bad.code, 1);
  t.regex(bad.stderr, /publishAt must be an ISO 8601 date and time/);
  t.deepEqual(
    jsonOf(t, await run('changelog', 'list', '--json')).map((entry: { title: string; status: string }) => [entry.title, entry.status]),
    [
      ['Faster search', 'scheduled'],
      ['Dark mode ships', 'published'],
    ],
  );
  t.regex((await run('changelog', 'delete', search)).stdout, /^Deleted changelog entry "Faster search" \(.+\); its posts stay\.\n$/);
  const missing = await run('changelog', 'show', search);
  t.is(missing.code, 1);
  t.regex(missing.stderr, /Changelog entry not found/);
});

test('while serve runs, changelog publish goes through its control socket and the API shows the entry published', async (t) => {
  const { board, slugs } = await boardWithEntries(t);
  const serving = await startServing(['serve', '--data', board.data, '--port', '0']);
  t.teardown(() => serving.child.kill('SIGKILL'));
  t.is((await sendRequest(serving.url, 'GET', '/changelog')).body.total_count, 0);
  const published = jsonOf(t, await runInProcess(['changelog', 'publish', slugs[0]!, '--json', '--data', board.data]));
  t.like(published, { status: 'published', title: 'Dark mode ships' });
  const listed = (await sendRequest(serving.url, 'GET', '/changelog')).body;
  t.deepEqual(
    listed.entries.map((entry: { title: string }) => entry.title),
    ['Dark mode ships'],
  );
});
