import { createHash, randomUUID } from 'node:crypto';
import { writeConfigFile } from '../../src/config/data-dir.js';
import { createLogger } from '../../src/logger.js';
import { requestPasswordReset } from '../../src/services/password-reset.js';
import { openStorage } from '../../src/storage/open.js';
import type { DatabaseSnapshot, Storage } from '../../src/storage/types.js';
import { testConfig } from '../_helpers/config.js';
import { openBoard, type SeededBoard, seedBoard } from '../admin/backup-fixtures.js';

/**
 * A stopped board with something in every table: seedBoard's users, roles, board, roadmap, posts,
 * votes, comments and settings, a password reset (a mail token and a mail log entry), a webhook
 * endpoint, a subscription, a single sign-on secret with a linked identity, a sign-in provider,
 * a published changelog entry linking a post, a post merged into another, and a config.json.
 */
export async function seedEveryTable(dataDir: string): Promise<SeededBoard> {
  const seeded = await seedBoard(dataDir);
  const ctx = await openBoard(dataDir);
  try {
    await requestPasswordReset(ctx, { email: 'bob@example.org' });
    await addNoticeRows(ctx.storage, seeded.owner.id);
  } finally {
    await ctx.close(); // waits for the mail, and so its log entry
  }
  await writeConfigFile(dataDir, { mailOutbox: true, publicUrl: 'https://feedback.example.org' });
  return seeded;
}

/** A webhook endpoint, and the owner's subscription to a post (the queues are never copied). */
async function addNoticeRows(storage: Storage, ownerId: string): Promise<void> {
  const now = new Date().toISOString();
  const [post] = await storage.posts.query({ visibleBoardsOnly: false, direction: 'asc', offset: 0, limit: 1 });
  await storage.webhookEndpoints.insert({
    id: randomUUID(),
    url: 'https://hooks.example.org/feedback',
    format: 'json',
    events: ['post.created'],
    secret: 'a-webhook-signing-secret',
    allowPrivate: false,
    description: null,
    enabled: true,
    failingSince: null,
    disabledReason: null,
    createdAt: now,
    updatedAt: now,
  });
  await storage.subscriptions.insert({ id: randomUUID(), userId: ownerId, postId: post!.id, subscribed: true, createdAt: now, updatedAt: now });
  await storage.ssoSecrets.insert({ id: randomUUID(), secret: `ssosec_${'k'.repeat(43)}`, createdAt: now, lastUsedAt: null });
  // Any user will do for the copy (the service would refuse the owner, the rows do not care).
  await storage.linkedIdentities.insert({ id: randomUUID(), userId: ownerId, provider: 'sso', subject: 'customer-1', avatarUrl: null, createdAt: now, lastUsedAt: now });
  await storage.authProviders.insert({
    id: 'acme',
    kind: 'oidc',
    name: 'Acme',
    issuer: 'https://id.acme.example',
    clientId: 'client-1',
    clientSecret: 'a-provider-client-secret',
    allowedDomains: ['acme.com'],
    allowTeam: false,
    enabled: true,
    createdAt: now,
  });
  const entryId = randomUUID();
  await storage.changelogEntries.insert({
    id: entryId,
    slug: 'dark-mode-shipped-abc123',
    title: 'Dark mode shipped',
    contentMarkdown: 'At **last**.',
    labels: ['new'],
    status: 'published',
    publishAt: null,
    publishedAt: now,
    moveToRoadmapId: null,
    authorId: ownerId,
    createdAt: now,
    updatedAt: now,
  });
  await storage.changelogLinks.insert({ id: randomUUID(), entryId, postId: post!.id, position: 0, createdAt: now });
  // A merged post as its row keeps it (issue 30 §2): out of `posts`, with what its merge moved.
  const merged = { ...post!, id: randomUUID(), title: 'Night theme', slug: 'night-theme-m3rg3d', slugId: 'm3rg3d' };
  const moves = { votes: [{ id: randomUUID(), userId: ownerId, createdAt: now, moved: false }], commentIds: [], subscriptions: [], addedSubscriptionIds: [] };
  await storage.postMerges.insert({ id: merged.id, intoPostId: post!.id, post: merged, moves, mergedBy: ownerId, createdAt: now });
  // An uploaded image (issue 31 §3): its row, and its bytes beside it.
  const image = Buffer.from('not decoded here: the bytes only need to travel');
  const imageId = createHash('sha256').update(image).digest('hex');
  await storage.uploadBytes.write(imageId, image);
  await storage.uploads.insert({ id: imageId, type: 'png', width: 1, height: 1, size: image.length, userId: ownerId, createdAt: now });
  // A private tag on the post (issue 31 §1).
  const tagId = randomUUID();
  await storage.tags.insert({ id: tagId, name: 'Churn risk', color: 'aa0000', public: false, createdAt: now, updatedAt: now });
  await storage.postTags.insert({ id: randomUUID(), postId: post!.id, tagId, createdAt: now });
}

/** The whole database of a data directory (or, with a URL, of that database), each table ordered by id. */
export async function storedSnapshot(dataDir: string, databaseUrl: string | null = null): Promise<DatabaseSnapshot> {
  const storage = await openStorage(testConfig(dataDir, { databaseUrl }), createLogger('silent'));
  try {
    const snapshot = await storage.snapshot();
    const tables = Object.fromEntries(
      Object.entries(snapshot.tables).map(([name, rows]) => [name, [...rows].sort((a, b) => (a.id < b.id ? -1 : 1))]),
    );
    return { ...snapshot, tables: tables as unknown as DatabaseSnapshot['tables'] };
  } finally {
    await storage.close();
  }
}

/** Every table holds rows (the copy is not trivially equal). */
export function tablesWithoutRows(snapshot: DatabaseSnapshot): string[] {
  return Object.entries(snapshot.tables)
    .filter(([, rows]) => rows.length === 0)
    .map(([name]) => name);
}
