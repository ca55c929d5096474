import test from 'ava';
import type { CommentView } from '../../src/services/comment-views.js';
import type { PostView, PublicUser, RoadmapRef } from '../../src/services/post-views.js';
import {
  buildWebhookEnvelope,
  type WebhookEnvelope,
  type WebhookEventData,
  type WebhookEventName,
} from '../../src/services/webhooks/events.js';
import { discordBody, slackBody, type WebhookSite } from '../../src/services/webhooks/presets.js';

const SITE: WebhookSite = { title: 'Acme Feedback', publicUrl: 'https://feedback.example.org' };
const URL_ = 'https://feedback.example.org/p/dark-mode-k3j9x';
const ZWSP = '\u200b';

const ada: PublicUser = { userId: 'a0000000-0000-4000-8000-000000000001', name: 'Ada', avatar: 'https://gravatar.example/a', username: 'ada' };
const grace: PublicUser = { userId: 'a0000000-0000-4000-8000-000000000002', name: 'Grace', avatar: 'https://gravatar.example/g', username: 'grace' };
const inProgress: RoadmapRef = { id: 'r1', name: 'In progress', url: 'in-progress', color: '00ff00' };
const planned: RoadmapRef = { id: 'r2', name: 'Planned', url: 'planned', color: '0000ff' };

function post(changes: Partial<PostView> = {}, votesCount = 3): PostView {
  return {
    postId: 'p0000000-0000-4000-8000-000000000001',
    title: 'Dark mode',
    slug: 'dark-mode-k3j9x',
    contentMarkdown: 'Please',
    createdAt: '2026-01-02T03:04:05.678Z',
    updatedAt: '2026-01-02T03:04:05.678Z',
    board: null,
    author: ada,
    roadmap: null,
    commentsCount: 0,
    tags: [],
    voters: { votes: [], votesCount, viewerVote: null },
    ...changes,
  };
}

function comment(body: string, changes: Partial<CommentView> = {}): CommentView {
  const at = '2026-01-02T03:04:05.678Z';
  return { id: 'c1', parent_id: null, body, is_internal: false, is_edited: false, is_spam: false, created_at: at, updated_at: at, ...changes };
}

function envelope<E extends WebhookEventName>(event: E, data: WebhookEventData[E]): WebhookEnvelope {
  const sources = { now: () => new Date('2026-01-02T03:04:05.678Z'), newDeliveryId: () => 'd0000000-0000-4000-8000-000000000001' };
  return buildWebhookEnvelope(event, data, sources) as WebhookEnvelope;
}

const vote = (user: PublicUser) => ({ voteId: 'v1', user });

/** Every event with an ordinary post, and the Slack and Discord lines expected for it. */
const ORDINARY: Array<[string, WebhookEnvelope, string, string]> = [
  [
    'post.created',
    envelope('post.created', { post: post() }),
    `New idea on Acme Feedback: <${URL_}|Dark mode> (by Ada)`,
    `New idea on Acme Feedback: [Dark mode](${URL_}) (by Ada)`,
  ],
  ['post.updated', envelope('post.updated', { post: post() }), `“<${URL_}|Dark mode>” was edited`, `“[Dark mode](${URL_})” was edited`],
  [
    'post.deleted (no link: the page is gone)',
    envelope('post.deleted', { post: post() }),
    '“Dark mode” was deleted from Acme Feedback',
    '“Dark mode” was deleted from Acme Feedback',
  ],
  [
    'post.status_changed onto a roadmap',
    envelope('post.status_changed', { post: post({ roadmap: inProgress }), from: planned, to: inProgress }),
    `“<${URL_}|Dark mode>” moved to In progress`,
    `“[Dark mode](${URL_})” moved to In progress`,
  ],
  [
    'post.status_changed off the roadmap',
    envelope('post.status_changed', { post: post(), from: planned, to: null }),
    `“<${URL_}|Dark mode>” was taken off the roadmap`,
    `“[Dark mode](${URL_})” was taken off the roadmap`,
  ],
  [
    'vote.created',
    envelope('vote.created', { post: post(), vote: vote(grace) }),
    `3 votes on “<${URL_}|Dark mode>” (+1 by Grace)`,
    `3 votes on “[Dark mode](${URL_})” (+1 by Grace)`,
  ],
  [
    'vote.created, the first vote',
    envelope('vote.created', { post: post({}, 1), vote: vote(grace) }),
    `1 vote on “<${URL_}|Dark mode>” (+1 by Grace)`,
    `1 vote on “[Dark mode](${URL_})” (+1 by Grace)`,
  ],
  [
    'vote.deleted',
    envelope('vote.deleted', { post: post({}, 2), vote: vote(grace) }),
    `2 votes on “<${URL_}|Dark mode>” (-1 by Grace)`,
    `2 votes on “[Dark mode](${URL_})” (-1 by Grace)`,
  ],
  [
    'comment.created',
    envelope('comment.created', { post: post(), comment: comment('Looks great'), author: grace }),
    `Grace commented on “<${URL_}|Dark mode>”: Looks great`,
    `Grace commented on “[Dark mode](${URL_})”: Looks great`,
  ],
  [
    'comment.created, a reply',
    envelope('comment.created', { post: post(), comment: comment('Agreed', { parent_id: 'c0' }), author: grace }),
    `Grace replied on “<${URL_}|Dark mode>”: Agreed`,
    `Grace replied on “[Dark mode](${URL_})”: Agreed`,
  ],
];

for (const [name, event, slack, discord] of ORDINARY) {
  test(`${name}: Slack and Discord lines`, (t) => {
    t.deepEqual(slackBody(event, SITE), { text: slack });
    t.deepEqual(discordBody(event, SITE), { content: discord, allowed_mentions: { parse: [] } });
  });
}

test('a trailing slash on publicUrl does not double the slash in the link', (t) => {
  const event = envelope('post.updated', { post: post() });
  t.is(slackBody(event, { ...SITE, publicUrl: 'https://feedback.example.org/' }).text, `“<${URL_}|Dark mode>” was edited`);
});

test('a user without a name is shown by username', (t) => {
  const event = envelope('vote.created', { post: post(), vote: vote({ ...grace, name: '' }) });
  t.is(slackBody(event, SITE).text, `3 votes on “<${URL_}|Dark mode>” (+1 by grace)`);
});

test('Slack: control characters of titles, names, site title and roadmap names are escaped, so no mention or link is made', (t) => {
  const hostile = post({ title: '<!channel> <http://evil|Click> & <@U123>' });
  const created = envelope('post.created', { post: hostile });
  t.is(
    slackBody(created, { ...SITE, title: 'Q&A <b>' }).text,
    `New idea on Q&amp;A &lt;b&gt;: <${URL_}|&lt;!channel&gt; &lt;http://evil|Click&gt; &amp; &lt;@U123&gt;> (by Ada)`,
  );
  const moved = envelope('post.status_changed', { post: post(), from: null, to: { ...inProgress, name: '<!here>' } });
  t.is(slackBody(moved, SITE).text, `“<${URL_}|Dark mode>” moved to &lt;!here&gt;`);
});

test('Slack: Markdown-looking titles, @everyone and newlines stay one line of literal text', (t) => {
  const title = '[x](http://evil) *bold*\n@everyone\r\n\r\n free   pizza';
  const event = envelope('post.updated', { post: post({ title }) });
  t.is(slackBody(event, SITE).text, `“<${URL_}|[x](http://evil) *bold* @everyone free pizza>” was edited`);
});

test('Discord: Markdown in titles is escaped and masked links cannot be injected', (t) => {
  const event = envelope('post.created', { post: post({ title: '[x](http://evil) *bold* __u__ ~~s~~ ||spoiler|| `code`' }) });
  t.is(
    discordBody(event, SITE).content,
    `New idea on Acme Feedback: [\\[x\\]\\(http\\://evil\\) \\*bold\\* \\_\\_u\\_\\_ \\~\\~s\\~\\~ \\|\\|spoiler\\|\\| \\\`code\\\`](${URL_}) (by Ada)`,
  );
});

test('Discord: @everyone, @here and <@…> mention no one and are shown broken', (t) => {
  const event = envelope('comment.created', {
    post: post({ title: '@everyone free pizza' }),
    comment: comment('@here look <@123456789> <@&42> <#7> <!channel>'),
    author: grace,
  });
  const body = discordBody(event, SITE);
  t.deepEqual(body.allowed_mentions, { parse: [] });
  t.is(
    body.content,
    `Grace commented on “[@${ZWSP}everyone free pizza](${URL_})”: @${ZWSP}here look \\<@123456789\\> \\<@&42\\> \\<\\#7\\> \\<!channel\\>`,
  );
});

test('Discord: a name cannot start a heading, a quote or a list at the head of the line', (t) => {
  const lines = ['1. Ada', '- Ada', '# Ada', '> Ada'].map(
    (name) => discordBody(envelope('comment.created', { post: post(), comment: comment('Hi'), author: { ...ada, name } }), SITE).content,
  );
  t.deepEqual(lines, [
    `1\\. Ada commented on “[Dark mode](${URL_})”: Hi`,
    `\\- Ada commented on “[Dark mode](${URL_})”: Hi`,
    `\\# Ada commented on “[Dark mode](${URL_})”: Hi`,
    `\\> Ada commented on “[Dark mode](${URL_})”: Hi`,
  ]);
});

test('Discord: a backslash in user text cannot undo an escape', (t) => {
  const event = envelope('post.updated', { post: post({ title: 'a\\](http://evil)' }) });
  t.is(discordBody(event, SITE).content, `“[a\\\\\\]\\(http\\://evil\\)](${URL_})” was edited`);
});

test('a comment is cut at 200 characters with an ellipsis, newlines flattened', (t) => {
  const body = `First line\n\nsecond line ${'x'.repeat(3_000)}`;
  const event = envelope('comment.created', { post: post(), comment: comment(body), author: grace });
  const excerpt = `First line second line ${'x'.repeat(200 - 23)}…`;
  t.is(slackBody(event, SITE).text, `Grace commented on “<${URL_}|Dark mode>”: ${excerpt}`);
  t.is(discordBody(event, SITE).content, `Grace commented on “[Dark mode](${URL_})”: ${excerpt}`);
});

test('cutting never splits a character outside the Basic Multilingual Plane', (t) => {
  const event = envelope('comment.created', { post: post(), comment: comment('😀'.repeat(1_500)), author: grace });
  t.is(slackBody(event, SITE).text, `Grace commented on “<${URL_}|Dark mode>”: ${'😀'.repeat(200)}…`);
});

test('bidi overrides and control characters are dropped, so user text cannot reorder the line', (t) => {
  const event = envelope('vote.created', { post: post({ title: 'Dark\u202e mode\u0007' }), vote: vote({ ...grace, name: 'Gr\u2066ace' }) });
  t.is(slackBody(event, SITE).text, `3 votes on “<${URL_}|Dark mode>” (+1 by Grace)`);
});

test('characters of the base URL that would end a link early are percent-encoded', (t) => {
  const event = envelope('post.updated', { post: post() });
  const site = { ...SITE, publicUrl: 'https://feedback.example.org/a|b(c)' };
  t.is(slackBody(event, site).text, '“<https://feedback.example.org/a%7Cb%28c%29/p/dark-mode-k3j9x|Dark mode>” was edited');
  t.is(discordBody(event, site).content, '“[Dark mode](https://feedback.example.org/a%7Cb%28c%29/p/dark-mode-k3j9x)” was edited');
});

test('Discord content never exceeds 2,000 characters', (t) => {
  const event = envelope('post.created', { post: post() });
  const content = discordBody(event, { ...SITE, publicUrl: `https://feedback.example.org/${'a'.repeat(2_500)}` }).content;
  t.is(content.length, 2_000);
  t.true(content.endsWith('a…'));
  t.true(content.startsWith('New idea on Acme Feedback: [Dark mode](https://feedback.example.org/aaa'));
});

test('the longest user texts the API accepts still fit in one Discord message, link intact', (t) => {
  const event = envelope('comment.created', {
    post: post({ title: '*'.repeat(200) }),
    comment: comment('_'.repeat(1_000)),
    author: { ...grace, name: `-${'a'.repeat(63)}` },
  });
  const { content } = discordBody(event, SITE);
  t.true(content.length <= 2_000);
  t.true(content.includes(`](${URL_})”: `));
  t.true(content.endsWith('\\_…'));
});

test('the 2,000-character cut never leaves half of a surrogate pair', (t) => {
  const event = envelope('post.created', { post: post() });
  // One of the two alignments puts a high surrogate right at the cut.
  for (const pad of ['', 'a']) {
    const { content } = discordBody(event, { ...SITE, publicUrl: `https://feedback.example.org/${pad}${'😀'.repeat(1_500)}` });
    t.true(content.length <= 2_000 && content.endsWith('😀…'));
    t.notThrows(() => encodeURIComponent(content), 'well-formed UTF-16');
  }
});
