import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { readOrCreateSecret } from '../../src/config/secret.js';
import type { Config } from '../../src/config/types.js';
import { slugBase } from '../../src/services/posts.js';
import { randomBase36 } from '../../src/services/text.js';
import { createTokenSigner } from '../../src/services/tokens.js';
import { openStorage } from '../../src/storage/open.js';
import { EVERYONE_ROLE_ID } from '../../src/storage/seed.js';
import type { Repositories, UserRow } from '../../src/storage/types.js';

const BATCH = 1_000;

export interface SeedPlan {
  users: number;
  posts: number;
  votes: number;
  boards: number;
}

export interface Seeded {
  ownerToken: string;
  /** An access token for every seeded user (the owner first). */
  userTokens: string[];
  postIds: string[];
}

/** Fills a data dir through the storage layer in large transactions, then closes it (snapshot written). */
export async function seed(config: Config, plan: SeedPlan): Promise<Seeded> {
  const storage = await openStorage(config, pino({ level: 'silent' }));
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  const iso = (offset: number) => new Date(start + offset * 1000).toISOString();
  const users: UserRow[] = [];
  for (let i = 0; i < plan.users; i++) users.push(userRow(i, iso(i)));
  await inBatches(storage, users, async (tx, user) => {
    await tx.users.insert(user);
    await tx.userRoles.insert({ id: randomUUID(), userId: user.id, roleId: EVERYONE_ROLE_ID, createdAt: user.createdAt });
  });
  const boardIds: string[] = [];
  await storage.transaction(async (tx) => {
    for (let i = 0; i < plan.boards; i++) {
      const board = await tx.boards.insert({
        id: randomUUID(), name: `Board ${i}`, url: `board-${i}`, color: '2f6fdb', display: true,
        viewVoters: true, createdAt: iso(i), updatedAt: iso(i),
      });
      boardIds.push(board.id);
    }
  });
  const postIds = Array.from({ length: plan.posts }, () => randomUUID());
  await inBatches(storage, postIds, async (tx, id, i) => {
    const slugId = randomBase36(20);
    const title = `Seeded idea number ${i}`;
    await tx.posts.insert({
      id, title, slug: `${slugBase(title)}-${slugId}`, slugId, contentMarkdown: 'Some **markdown** body text.',
      userId: users[i % users.length]!.id, boardId: boardIds[i % boardIds.length] ?? null, roadmapId: null,
      createdAt: iso(plan.users + i), updatedAt: iso(plan.users + i),
    });
  });
  const votePairs = Array.from({ length: plan.votes }, (_, i) => i);
  await inBatches(storage, votePairs, async (tx, i) => {
    // Distinct (user, post) pairs: user i mod U votes on post (i div U) spread over the posts.
    const user = users[i % users.length]!;
    const post = postIds[(Math.floor(i / users.length) * 37 + i) % postIds.length]!;
    if (await tx.votes.getByUserAndPost(user.id, post)) return;
    await tx.votes.insert({ id: randomUUID(), userId: user.id, postId: post, createdAt: iso(plan.users + plan.posts + i) });
  });
  await storage.close();
  const secret = await readOrCreateSecret(config.dataDir);
  const signer = createTokenSigner(secret, 3600);
  const userTokens = users.map((user) => signer.sign(user));
  return { ownerToken: userTokens[0]!, userTokens, postIds };
}

function userRow(i: number, now: string): UserRow {
  return {
    id: randomUUID(), email: `user${i}@example.org`, username: `user${i}_${randomBase36(8)}`, name: `User ${i}`,
    passwordHash: 'not-a-login', isOwner: i === 0, isVerified: true, isBlocked: false, tokenVersion: 0,
    notes: null, createdAt: now, updatedAt: now,
  };
}

async function inBatches<T>(
  storage: { transaction<R>(work: (tx: Repositories) => Promise<R>): Promise<R> },
  items: T[],
  write: (tx: Repositories, item: T, index: number) => Promise<void>,
): Promise<void> {
  for (let from = 0; from < items.length; from += BATCH) {
    await storage.transaction(async (tx) => {
      for (let i = from; i < Math.min(from + BATCH, items.length); i++) await write(tx, items[i]!, i);
    });
  }
}
