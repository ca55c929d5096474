/*
 * The round trip of issue 26: a board used by every feature through the API (and the operator's
 * mail test), on the engine of the run, is backed up by the `backup` operation and restored by the
 * `restore` command into a new data directory (and, on PostgreSQL, into a new database); the
 * restored board answers every read as the original did, table by table, and holds the same rows.
 * What waits to be sent (events, deliveries, queued mail) is never carried: a restored board starts
 * with empty queues and sends nothing again.
 */
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import sharp from 'sharp';
import type { ParsedMail } from 'mailparser';
import { startControlServer } from '../../src/admin/control-server.js';
import { testMessage } from '../../src/services/mail/messages.js';
import { MAIL_KINDS } from '../../src/storage/enumerations.js';
import { TEAM_ROLE_ID } from '../../src/storage/seed.js';
import type { DatabaseSnapshot, MailLogRow, Storage } from '../../src/storage/types.js';
import { TEST_SECRET } from '../_helpers/config.js';
import { TEST_ENGINE, testDatabaseUrl } from '../_helpers/engine.js';
import { createSchema } from '../_helpers/pg-schema.js';
import { OWNER } from '../_helpers/personas.js';
import { PICTURE_SERVER_CERT, type PictureServer, startPictureServer } from '../_helpers/picture-server.js';
import { startTestServer, type TestServer } from '../_helpers/server.js';
import { type SmtpSink, startSmtpSink } from '../_helpers/smtp-sink.js';
import { eventually, startWebhookReceiver } from '../_helpers/webhook-receiver.js';
import { runInProcess, tempDir } from '../cli/_cli.js';
import { productToken } from '../_helpers/sso-product.js';

/** Who and what the reads look at: tokens of every persona and the ids made along the way. */
interface UsedBoard {
  tokens: Record<'owner' | 'member' | 'moderator' | 'follower' | 'blocked', string>;
  ids: { posts: string[]; roles: string[]; users: string[]; webhooks: string[]; boards: string[]; roadmaps: string[]; changelog: string[]; tags: string[] };
  /** A token of the test product (issue 28), and the account it signed in (a linked identity). */
  sso: { token: string; userId: string };
  /** The member's password reset token, mailed and not used yet (a mail token row). */
  resetToken: string;
  /** A mailed sign-in link already used (a sign-in link row with its use). */
  usedLinkToken: string;
  /** The slug of a post merged into another (a merged post row). */
  mergedSlug: string;
  blockedLogin: { email: string; password: string };
}

const PASSWORD = 'a long enough password';

async function signUp(server: TestServer, email: string, name: string): Promise<{ id: string; token: string }> {
  const answer = await server.request('POST', '/auth/signup', { body: { email, password: PASSWORD, name } });
  if (answer.status !== 201) throw new Error(`signup ${email}: ${answer.text}`);
  return { id: answer.body.user.userId, token: answer.body.user.authToken };
}

/** Sends a request that must succeed; the answer's body. */
async function must(server: TestServer, method: string, path: string, token: string | undefined, body?: unknown) {
  const answer = await server.request(method, path, { token, body });
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  return answer.body;
}

function mailTo(sink: SmtpSink, address: string, subject: RegExp): ParsedMail | undefined {
  return sink.messages.find((mail) => {
    const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    return to?.value[0]?.address === address && subject.test(mail.subject ?? '');
  });
}

/** Accounts, roles, boards, roadmaps, posts, votes, comments and notes, settings, subscriptions, mail, webhooks, a blocked user. */
async function useEveryFeature(server: TestServer, sink: SmtpSink, hooks: { good: string; failing: string }, pictures: PictureServer): Promise<UsedBoard> {
  const setup = await must(server, 'POST', '/auth/setup', undefined, OWNER);
  const owner = setup.user.authToken as string;
  await must(server, 'PATCH', '/settings/site', owner, { title: 'Round trip', accentColor: '#7c3aed', gravatar: false });
  await must(server, 'PATCH', '/settings/labs', owner, { comments: true, voteOnBehalf: true });

  const member = await signUp(server, 'grace@example.org', 'Grace');
  const moderator = await signUp(server, 'alan@example.org', 'Alan');
  const follower = await signUp(server, 'edsger@example.org', 'Edsger');
  const blocked = await signUp(server, 'mallory@example.org', 'Mallory');
  await must(server, 'PATCH', `/users/${blocked.id}`, owner, { isBlocked: true });
  await must(server, 'PATCH', '/users/profile', member.token, { name: 'Grace Hopper' });
  await must(server, 'PATCH', '/auth/notifications', follower.token, { mail: false });

  const role = (await must(server, 'POST', '/roles', owner, { name: 'Moderators', description: 'Keep the board tidy' })).role;
  await must(server, 'PATCH', '/roles', owner, {
    id: role.id,
    permissions: ['post:update', 'roadmap:assign', 'comment:create', 'comment:view_internal', 'comment:create_internal', 'board:read'],
  });
  await must(server, 'PUT', `/roles/${role.id}/users/${moderator.id}`, owner);
  // The Team role every board starts with: given to a colleague (their comments carry isTeam), and edited.
  await must(server, 'PUT', `/roles/${TEAM_ROLE_ID}/users/${follower.id}`, owner);
  await must(server, 'PATCH', '/roles', owner, { id: TEAM_ROLE_ID, description: 'Our support crew' });

  const ideas = (await must(server, 'POST', '/boards', owner, { name: 'Ideas', url: 'ideas', display: true, description: 'What we could build' })).board;
  const hidden = (await must(server, 'POST', '/boards', owner, { name: 'Staff only', url: 'staff', display: false, view_voters: false })).board;
  await must(server, 'PATCH', '/boards', owner, { boardId: hidden.boardId, description: 'Only the team reads this' });
  const planned = (await must(server, 'POST', '/roadmaps', owner, { name: 'Planned', url: 'planned', display: true })).roadmap;
  const later = (await must(server, 'POST', '/roadmaps', owner, { name: 'Later', url: 'later', display: false })).roadmap;
  await must(server, 'PATCH', '/roadmaps/sort', owner, { from: { id: planned.id, index: planned.index }, to: { id: later.id, index: later.index } });

  const webhooks = [
    (await must(server, 'POST', '/webhooks', owner, { url: hooks.good, allowPrivate: true, description: 'Team chat' })).webhook,
    (await must(server, 'POST', '/webhooks', owner, { url: hooks.failing, allowPrivate: true, format: 'slack', events: ['post.created'] })).webhook,
  ];

  // Single sign-on: a secret, and a customer of the product signed in with it (a linked identity).
  const secret = (await must(server, 'POST', '/sso/secrets', owner)).secret;
  await must(server, 'PATCH', '/settings/site', owner, { ssoLoginUrl: 'https://app.example.com/login' });
  // The sites that may frame the widget (issue 29).
  await must(server, 'PATCH', '/settings/site', owner, { embedOrigins: ['https://app.example.com', 'http://127.0.0.2:3000'] });
  const ssoToken = productToken({ id: secret.secretId, secret: secret.secret }, { sub: 'customer-42', email: 'pat@example.com', name: 'Pat', avatarUrl: `${pictures.url}/avatar.png` }, { expiresIn: 3600 });
  const ssoUser = (await must(server, 'POST', '/auth/sso', undefined, { token: ssoToken })).user;
  // Its picture, fetched after the answer, is the customer's avatar: an upload their row names.
  await server.ctx.background.idle();
  if (!(await server.ctx.storage.users.get(ssoUser.userId))?.avatarUploadId) throw new Error('the sign-on picture was not fetched');
  // A sign-in provider, its client secret among the data directory's secrets.
  await must(server, 'POST', '/sso/providers', owner, {
    providerId: 'acme',
    name: 'Acme',
    issuer: 'https://id.acme.example',
    clientId: 'feedbackd',
    clientSecret: 'acme-client-secret',
    allowedDomains: ['acme.com'],
  });

  const post = async (token: string, body: Record<string, unknown>) => (await must(server, 'POST', '/posts', token, body)).post.postId as string;
  // An image uploaded and used in a post (issue 31 §3): its row and its bytes.
  const form = new FormData();
  const image = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#223344' } }).png().toBuffer();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'night.png');
  const uploaded = await fetch(`${server.url}/api/v1/uploads`, { method: 'POST', headers: { authorization: `Bearer ${member.token}` }, body: form });
  if (uploaded.status !== 201) throw new Error(`POST /uploads answered ${uploaded.status}: ${await uploaded.text()}`);
  const { upload } = (await uploaded.json()) as { upload: { url: string } };
  const darkMode = await post(member.token, { title: 'Dark mode', contentMarkdown: `Please, **at night**.\n\n![image](${upload.url})`, boardId: ideas.boardId });
  const export_ = await post(owner, { title: 'Export to CSV', boardId: hidden.boardId, roadmapId: later.id });
  const loose = await post(member.token, { title: 'No board at all' });
  const gone = await post(member.token, { title: 'Posted by mistake' });
  await must(server, 'DELETE', '/posts', member.token, { id: gone });

  await must(server, 'POST', '/votes', moderator.token, { postId: darkMode });
  // On a board that hides its voters: the moderator (no vote:assign) sees their own vote only.
  await must(server, 'POST', '/votes', moderator.token, { postId: export_ });
  await must(server, 'POST', '/votes', follower.token, { postId: darkMode });
  // The author's own vote comes with the post; taking it back is a feature too.
  await must(server, 'DELETE', '/votes', member.token, { postId: loose });
  await must(server, 'POST', `/posts/${loose}/votes/${moderator.id}`, owner);

  const comment = (body: Record<string, unknown>, token = owner, postId = darkMode) => must(server, 'POST', `/posts/${postId}/comments`, token, body);
  const first = (await comment({ body: 'We are looking at it' })).activity.comment;
  await comment({ body: 'Thank you!', parent_id: first.id }, member.token);
  await comment({ body: 'Needs a design first', is_internal: true }, moderator.token);
  const edited = (await comment({ body: 'Typo here' }, follower.token)).activity.comment;
  await must(server, 'PUT', `/posts/${darkMode}/comments/${edited.id}`, follower.token, { body: 'No typo here' });
  const removed = (await comment({ body: 'Off topic' }, follower.token, loose)).activity.comment;
  await must(server, 'DELETE', `/posts/${loose}/comments/${removed.id}`, owner);
  await comment({ body: 'Only the team sees this board' }, owner, export_);

  // A duplicate merged into Dark mode (issue 30 §2): its vote, comment and follower moved, kept to give back.
  const nightMode = (await must(server, 'POST', '/posts', follower.token, { title: 'Night mode', boardId: ideas.boardId })).post;
  await must(server, 'POST', '/votes', member.token, { postId: nightMode.postId });
  await comment({ body: 'Same as dark mode?' }, member.token, nightMode.postId);
  await must(server, 'PUT', `/posts/${nightMode.postId}/subscription`, moderator.token, { subscribed: true });
  await must(server, 'POST', `/posts/${nightMode.postId}/merge`, owner, { into: darkMode });

  await must(server, 'PUT', `/posts/${loose}/subscription`, follower.token, { subscribed: true });
  await must(server, 'PUT', `/posts/${darkMode}/subscription`, moderator.token, { subscribed: false });
  // A status change and a new title: the subscribers' notification mail.
  await must(server, 'PATCH', '/posts', moderator.token, { id: darkMode, roadmapId: planned.id, title: 'Dark mode everywhere' });

  // The changelog (issue 30): a published entry linking a public and a hidden board's post, a draft, a scheduled one.
  const entry = async (body: Record<string, unknown>) => (await must(server, 'POST', '/changelog', owner, body)).entry.entryId as string;
  const shipped = await entry({ title: 'Dark mode shipped', contentMarkdown: 'At **last**.', labels: ['new', 'fixed'], postIds: [darkMode, export_] });
  await must(server, 'POST', `/changelog/${shipped}/publish`, owner);
  const draftEntry = await entry({ title: 'Next up', postIds: [loose], moveToRoadmapId: later.id });
  const scheduledEntry = await entry({ title: 'Far future' });
  await must(server, 'POST', `/changelog/${scheduledEntry}/publish`, owner, { publishAt: '2099-01-01T00:00:00.000Z' });

  // Tags (issue 31 §1): a public and a private one on posts.
  const publicTag = (await must(server, 'POST', '/tags', owner, { name: 'Mobile', color: '#1e90ff' })).tag.tagId as string;
  const privateTag = (await must(server, 'POST', '/tags', owner, { name: 'Churn risk', color: 'aa0000', public: false })).tag.tagId as string;
  await must(server, 'PUT', `/posts/${darkMode}/tags`, owner, { tags: [publicTag, privateTag] });
  await must(server, 'PUT', `/posts/${export_}/tags`, owner, { tags: [privateTag] });

  await must(server, 'POST', '/auth/password/reset', undefined, { email: 'grace@example.org' });
  const reset = await eventually(async () => mailTo(sink, 'grace@example.org', /reset/i), 'the reset mail');
  const resetToken = /token=([^\s&"<>]+)/.exec(reset.text ?? '')![1]!;
  await must(server, 'POST', '/auth/magic-link', undefined, { email: 'ada@example.org', next: '/roadmap' });
  const linkMail = await eventually(async () => mailTo(sink, 'ada@example.org', /sign-in link/i), 'the sign-in link mail');
  const usedLinkToken = /token=([0-9a-f]{64})/.exec(linkMail.text ?? '')![1]!;
  await must(server, 'POST', '/auth/magic-link/login', undefined, { token: usedLinkToken });
  await server.ctx.mailer.send(testMessage({ siteTitle: 'Round trip', to: 'ada@example.org' }));
  // The site's default language and the owner's words per language (issue 33), set once the English
  // mails above are read: from here on the site's mails are German.
  await must(server, 'PATCH', '/settings/site', owner, { locale: 'de', texts: { de: { welcome: 'Willkommen!', newPostHint: 'Kurz und klar.' }, ja: { welcome: 'ようこそ' } } });

  // The approval queue (issue 31 §2): a newcomer's post and comment wait, a spam post is kept, a trusted user.
  await must(server, 'PATCH', '/settings/site', owner, { moderation: 'new-users' });
  const newcomer = await signUp(server, 'barbara@example.org', 'Barbara');
  await post(newcomer.token, { title: 'Waiting for approval', boardId: ideas.boardId });
  await comment({ body: 'A waiting comment' }, newcomer.token);
  const spam = await post(newcomer.token, { title: 'Cheap watches' });
  await must(server, 'POST', `/moderation/posts/${spam}/spam`, owner);
  await must(server, 'PATCH', `/users/${member.id}`, owner, { isTrusted: true });

  return {
    tokens: { owner, member: member.token, moderator: moderator.token, follower: follower.token, blocked: blocked.token },
    ids: {
      posts: [darkMode, export_, loose],
      roles: [role.id, TEAM_ROLE_ID],
      users: [member.id, moderator.id, follower.id, blocked.id],
      webhooks: webhooks.map((webhook) => webhook.webhookId),
      boards: [ideas.url, hidden.url],
      roadmaps: [planned.url, later.url],
      changelog: [shipped, draftEntry, scheduledEntry],
      tags: [publicTag, privateTag],
    },
    sso: { token: ssoToken, userId: ssoUser.userId },
    resetToken: decodeURIComponent(resetToken),
    usedLinkToken,
    mergedSlug: nightMode.slug,
    blockedLogin: { email: 'mallory@example.org', password: PASSWORD },
  };
}

/**
 * Waits until the worker has sent everything and mailed every kind of mail, the owner's circuit
 * alert included, and the mail sent after an answer (sign-up confirmations) has gone: a kind seen
 * once may still have more mails on the way.
 */
async function settle(server: TestServer): Promise<void> {
  const { storage } = server.ctx;
  await server.ctx.background.idle();
  await eventually(async () => {
    const snapshot = await storage.snapshot();
    const kinds = new Set((snapshot.tables.mailLog as readonly MailLogRow[]).map((row) => row.kind));
    const idle = (await storage.notifications.count()) === 0 && (await storage.outbox.count()) === 0;
    return idle && MAIL_KINDS.every((kind) => kinds.has(kind)) ? true : undefined;
  }, 'every kind of mail sent and the queues empty', 20_000);
}

/** Every read of the API, by the table it shows, as a person of each kind sees it. */
async function readEveryTable(server: TestServer, board: UsedBoard): Promise<Record<string, unknown>> {
  const { tokens, ids } = board;
  const get = async (method: string, path: string, token?: string, body?: unknown) => {
    const answer = await server.request(method, path, { token, body });
    return { status: answer.status, body: answer.body };
  };
  const each = <T>(items: readonly T[], read: (item: T) => Promise<unknown>) => Promise.all(items.map(read));
  const everyone = Object.values(tokens);
  return {
    settings: await Promise.all([get('GET', '/settings/site'), get('GET', '/settings/labs'), get('GET', '/auth/setup')]),
    users: await Promise.all([
      get('GET', '/users', tokens.owner),
      get('GET', '/dashboard/summary', tokens.owner),
      each(everyone, (token) => get('GET', '/users/profile', token)),
      each(everyone, (token) => get('GET', '/users/permissions', token)),
      get('POST', '/auth/login', undefined, board.blockedLogin),
    ]),
    roles: await Promise.all([get('GET', '/roles', tokens.owner), each(ids.roles, (id) => get('GET', `/roles/${id}`, tokens.owner))]),
    boards: await Promise.all([
      get('GET', '/boards'),
      get('GET', '/boards/get', tokens.owner),
      each(ids.boards, (url) => get('GET', `/boards/${url}`, tokens.owner)),
    ]),
    roadmaps: await Promise.all([get('GET', '/roadmaps'), get('GET', '/roadmaps', tokens.owner)]),
    posts: await Promise.all([
      each([undefined, ...everyone], (token) => get('POST', '/posts/get', token, {})),
      get('POST', '/posts/get', tokens.owner, { orderBy: 'votes', created: 'asc' }),
      each(everyone, (token) => get('POST', '/posts/get', token, { mine: 'voted' })),
      each(everyone, (token) => get('POST', '/posts/get', token, { mine: 'posted' })),
      each(ids.posts, (postId) => get('POST', '/posts/slug', tokens.owner, { postId })),
    ]),
    votes: await each(ids.posts, (postId) => get('GET', `/posts/${postId}/votes`, tokens.owner)),
    comments: await Promise.all([
      each(ids.posts, (postId) => get('GET', `/posts/${postId}/activity?visibility=public,internal`, tokens.owner)),
      each(ids.posts, (postId) => get('GET', `/posts/${postId}/activity`)),
    ]),
    subscriptions: await each(everyone, (token) => each(ids.posts, (postId) => get('GET', `/posts/${postId}/subscription`, token))),
    notificationChoices: await each(everyone, (token) => get('GET', '/auth/notifications', token)),
    mailTokens: await get('POST', '/auth/password/validateToken', undefined, { token: board.resetToken }),
    signInLinks: await get('POST', '/auth/magic-link/login', undefined, { token: board.usedLinkToken }),
    webhooks: await Promise.all([get('GET', '/webhooks', tokens.owner), each(ids.webhooks, (id) => get('GET', `/webhooks/${id}`, tokens.owner))]),
    ssoSecrets: await get('GET', '/sso/secrets', tokens.owner),
    authProviders: await Promise.all([get('GET', '/sso/providers', tokens.owner), get('GET', '/auth/providers')]),
    changelog: await Promise.all([
      each([undefined, ...everyone], (token) => get('GET', '/changelog', token)),
      each(ids.changelog, (id) => get('GET', `/changelog/${id}`, tokens.owner)),
      get('GET', `/changelog?postId=${ids.posts[0]}`),
    ]),
    postMerges: await get('POST', '/posts/slug', tokens.owner, { slug: board.mergedSlug }),
    tags: await Promise.all([
      each([undefined, ...everyone], (token) => get('GET', '/tags', token)),
      each([undefined, ...everyone], (token) => each(ids.tags, (tagId) => get('POST', '/posts/get', token, { tags: [tagId] }))),
    ]),
  };
}

/** The deliveries of every endpoint, as the owner lists them. */
async function deliveries(server: TestServer, board: UsedBoard): Promise<unknown[][]> {
  const lists = board.ids.webhooks.map((id) => server.request('GET', `/webhooks/${id}/deliveries`, { token: board.tokens.owner }));
  return (await Promise.all(lists)).map((answer) => answer.body.deliveries as unknown[]);
}

/** Every table a backup carries, each ordered by id. */
async function storedTables(storage: Storage): Promise<DatabaseSnapshot['tables']> {
  const { tables } = await storage.snapshot();
  return Object.fromEntries(
    Object.entries(tables).map(([name, rows]) => [name, [...rows].sort((a, b) => (a.id < b.id ? -1 : 1))]),
  ) as unknown as DatabaseSnapshot['tables'];
}

/**
 * `feedbackd backup` as the operator runs it while the board serves: through the server's control
 * socket for a data directory, by opening the database itself on PostgreSQL.
 */
async function backUp(t: ExecutionContext, server: TestServer, file: string) {
  const { databaseUrl, dataDir } = server.ctx.config;
  if (databaseUrl !== null) {
    return runInProcess(['backup', '--data', dataDir, '--database', databaseUrl, '--out', file, '--json'], { env: { FEEDBACKD_SECRET: TEST_SECRET } });
  }
  const control = await startControlServer(server.ctx);
  t.teardown(control.close);
  return runInProcess(['backup', '--data', dataDir, '--out', file, '--json']);
}

/** A copy of the backed-up board: the command that makes it, and where it is served from. */
interface Copy {
  name: string;
  command: string[];
  dataDir: string;
  databaseUrl: string | null;
}

/**
 * `restore` into a new data directory, and `migrate-data` from there into another (which copies
 * the same rows); in the PostgreSQL run, the same two into new databases as well.
 */
async function copiesOf(file: string, root: string): Promise<Copy[]> {
  const restored = join(root, 'restored');
  const copied = join(root, 'copied');
  const copies: Copy[] = [
    { name: 'restore into a new data directory', command: ['restore', file, '--data', restored], dataDir: restored, databaseUrl: null },
    { name: 'migrate-data into another', command: ['migrate-data', '--data', restored, '--to', copied], dataDir: copied, databaseUrl: null },
  ];
  if (TEST_ENGINE !== 'postgres') return copies;
  const [restoreSchema, copySchema] = await Promise.all([createSchema(testDatabaseUrl()), createSchema(testDatabaseUrl())]);
  schemasToDrop.push(restoreSchema, copySchema);
  const pgData = join(root, 'restored-pg');
  copies.push(
    {
      name: 'restore into a new PostgreSQL database',
      command: ['restore', file, '--data', pgData, '--database', restoreSchema.url],
      dataDir: pgData,
      databaseUrl: restoreSchema.url,
    },
    // The directory now belongs to that database, as its operator would then serve it.
    {
      name: 'migrate-data into another database',
      command: ['migrate-data', '--data', restored, '--to', copySchema.url],
      dataDir: restored,
      databaseUrl: copySchema.url,
    },
  );
  return copies;
}

const schemasToDrop: Array<{ drop(): Promise<void> }> = [];
test.after.always(async () => {
  for (const schema of schemasToDrop) await schema.drop();
});

test('a board used by every feature backs up and restores identically: every read answers the same, every table holds the same rows', async (t) => {
  t.timeout(60_000);
  const sink = await startSmtpSink();
  t.teardown(sink.close);
  const good = await startWebhookReceiver();
  const failing = await startWebhookReceiver(() => 503);
  t.teardown(good.close);
  t.teardown(failing.close);
  // The failing endpoint is turned off soon, so the owner's alert mail is in the mail log too.
  const pictures = await startPictureServer();
  t.teardown(pictures.close);
  const server = await startTestServer(
    { smtpUrl: sink.url, webhookCircuitAfterMs: 150, avatarFetchAllowPrivate: true },
    { worker: true, avatarFetchCa: PICTURE_SERVER_CERT },
  );
  t.teardown(server.close);
  const board = await useEveryFeature(server, sink, { good: good.url, failing: failing.url }, pictures);
  await settle(server);

  const before = await readEveryTable(server, board);
  const tables = await storedTables(server.ctx.storage);
  t.deepEqual(
    Object.entries(tables).filter(([, rows]) => rows.length === 0).map(([name]) => name),
    [],
    'every table a backup carries holds rows',
  );
  const sentBefore = await deliveries(server, board);
  t.true(sentBefore.every((list) => list.length > 0), 'both endpoints have deliveries');

  const root = await tempDir(t);
  const file = join(root, 'backup.json');
  const backup = await backUp(t, server, file);
  t.is(backup.code, 0, backup.stderr);
  t.deepEqual(JSON.parse(backup.stdout).counts, Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, rows.length])));

  // One at a time: a served data directory is locked, and the last copy moves the first directory's board.
  const copies = await copiesOf(file, root);
  for (const copy of copies) {
    const made = await runInProcess(copy.command);
    t.is(made.code, 0, `${copy.name}: ${made.stderr}`);
    const restored = await startTestServer({ dataDir: copy.dataDir, databaseUrl: copy.databaseUrl });
    t.teardown(restored.close);
    const after = await readEveryTable(restored, board);
    for (const table of Object.keys(before)) t.deepEqual(after[table], before[table], `${copy.name}: the API's ${table}`);
    const restoredTables = await storedTables(restored.ctx.storage);
    for (const table of Object.keys(tables)) t.deepEqual(restoredTables[table], tables[table], `${copy.name}: stored ${table}`);
    const none = board.ids.webhooks.map(() => []);
    t.deepEqual(await deliveries(restored, board), none, `${copy.name}: no delivery is carried, so none is sent again`);
    // On the last copy only: signing in moves the secret's and the identity's last use, and a later copy is made from this one.
    if (copy === copies.at(-1)) {
      const again = await restored.request('POST', '/auth/sso', { body: { token: board.sso.token } });
      t.is(again.body.user?.userId, board.sso.userId, `${copy.name}: the restored secret and linked identity sign the same person in`);
    }
    await restored.close();
  }
});
