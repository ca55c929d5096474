import { randomUUID } from 'node:crypto';
import { copyFile, rm } from 'node:fs/promises';
import { pino } from 'pino';
import { readOrCreateSecret, secretFilePath } from '../../src/config/secret.js';
import type { Config } from '../../src/config/types.js';
import { slugBase } from '../../src/services/posts.js';
import { randomBase36 } from '../../src/services/text.js';
import { createTokenSigner } from '../../src/services/tokens.js';
import { openStorage } from '../../src/storage/open.js';
import { writeSnapshot } from '../../src/storage/restore.js';
import { EVERYONE_ROLE_ID } from '../../src/storage/seed.js';
import type { PostRow, Repositories, UserRow, VoteRow } from '../../src/storage/types.js';
import { Corpus } from './corpus.js';
import { Random } from './random.js';
import { type PostText, TextGenerator } from './text.js';
import { forEachVoter, voteCounts } from './vote-spread.js';

const BATCH = 1_000;
/** One seed for every realistic data set: runs and engines see the same posts and votes. */
const SEED = 20_260_101;
/** The share of posts carrying each seeded tag (realistic plans). */
const TAG_SHARES = [0.3, 0.2, 0.1, 0.05, 0.03, 0.02, 0.01, 0.005, 0.002, 0.001];
const FIXED_TEXT: PostText = { title: '', contentMarkdown: 'Some **markdown** body text.' };

/** How much to seed. */
export interface SeedPlan {
  users: number;
  posts: number;
  votes: number;
  boards: number;
  /**
   * Varied text (text.ts) and a skewed vote spread (vote-spread.ts), with ids from a seeded PRNG.
   * Absent or false: "Seeded idea number i", one fixed content and an even vote spread, as the
   * figures measured before search existed (kept comparable).
   */
  realistic?: boolean;
}

/** What the loads need to know of the seeded rows. */
export interface Seeded {
  ownerToken: string;
  /** An access token for every seeded user (the owner first). */
  userTokens: string[];
  postIds: string[];
  boardIds: string[];
  /** Tags (issue 31 §1), most carried first: only for a realistic plan. */
  tagIds: string[];
  /** The posts' words, indexed: only for a realistic plan. */
  corpus?: Corpus;
}

/**
 * Fills a data dir through the storage layer in large transactions, then closes it (snapshot
 * written). With a database URL in `config` the rows are then bulk-loaded into that database, as
 * `migrate-data` would: row by row PostgreSQL takes minutes for 100k posts and 200k votes.
 */
export async function seed(config: Config, plan: SeedPlan): Promise<Seeded> {
  if (config.databaseUrl === null) return seedDataDir(config, plan);
  // Seeded as JSON files beside the data dir, then copied: a data dir records the one database it belongs to.
  const jsonDir = `${config.dataDir}-json`;
  try {
    const seeded = await seedDataDir({ ...config, dataDir: jsonDir, databaseUrl: null }, plan);
    await copyIntoDatabase({ ...config, dataDir: jsonDir, databaseUrl: null }, config);
    // The tokens were signed with the seeding dir's secret: the server signs and checks with it too.
    await copyFile(secretFilePath(jsonDir), secretFilePath(config.dataDir));
    return seeded;
  } finally {
    await rm(jsonDir, { recursive: true, force: true });
  }
}

async function copyIntoDatabase(from: Config, to: Config): Promise<void> {
  const storage = await openStorage(from, pino({ level: 'silent' }));
  try {
    await writeSnapshot(to, await storage.snapshot(), { replace: false });
  } finally {
    await storage.close();
  }
}

async function seedDataDir(config: Config, plan: SeedPlan): Promise<Seeded> {
  const random = new Random(SEED);
  const newId = plan.realistic ? () => random.uuid() : randomUUID;
  const storage = await openStorage(config, pino({ level: 'silent' }));
  const users = Array.from({ length: plan.users }, (_, i) => userRow(i, iso(i), newId()));
  await inBatches(storage, users, async (tx, user) => {
    await tx.users.insert(user);
    await tx.userRoles.insert({ id: newId(), userId: user.id, roleId: EVERYONE_ROLE_ID, createdAt: user.createdAt });
  });
  const boardIds = Array.from({ length: plan.boards }, () => newId());
  await storage.transaction(async (tx) => {
    for (const [i, id] of boardIds.entries()) {
      await tx.boards.insert({
        id, name: `Board ${i}`, description: null, url: `board-${i}`, color: '2f6fdb', display: true,
        viewVoters: true, createdAt: iso(i), updatedAt: iso(i),
      });
    }
  });
  // Tags for a realistic plan: tag k is on a share TAG_SHARES[k] of the posts (from 30% to 0.1%).
  const tagIds = plan.realistic ? TAG_SHARES.map(() => newId()) : [];
  await storage.transaction(async (tx) => {
    for (const [i, id] of tagIds.entries()) {
      await tx.tags.insert({ id, name: `Tag ${i}`, color: '1e90ff', public: i % 4 !== 3, createdAt: iso(i), updatedAt: iso(i) });
    }
  });
  const postIds = Array.from({ length: plan.posts }, () => newId());
  const corpus = plan.realistic ? new Corpus() : undefined;
  const texts = plan.realistic ? new TextGenerator(SEED) : undefined;
  await inBatches(storage, postIds, async (tx, id, i) => {
    const text = texts?.post() ?? { ...FIXED_TEXT, title: `Seeded idea number ${i}` };
    corpus?.add(text);
    const slugId = plan.realistic ? random.base36(20) : randomBase36(20);
    await tx.posts.insert(postRow(text, {
      id, slugId, userId: users[i % users.length]!.id, boardId: boardIds[i % boardIds.length] ?? null,
      createdAt: iso(plan.users + i),
    }));
    for (const [k, tagId] of tagIds.entries()) {
      if (random.next() < TAG_SHARES[k]!) await tx.postTags.insert({ id: newId(), postId: id, tagId, createdAt: iso(plan.users + i) });
    }
  });
  const at = (i: number) => iso(plan.users + plan.posts + i);
  if (plan.realistic) await inBatches(storage, skewedVotes(plan, users, postIds, random), async (tx, vote, i) => {
    await tx.votes.insert({ ...vote, id: newId(), createdAt: at(i) });
  });
  else await inBatches(storage, Array.from({ length: plan.votes }, (_, i) => i), async (tx, i) => {
    // Distinct (user, post) pairs: user i mod U votes on post (i div U) spread over the posts.
    const user = users[i % users.length]!;
    const post = postIds[(Math.floor(i / users.length) * 37 + i) % postIds.length]!;
    if (await tx.votes.getByUserAndPost(user.id, post)) return;
    await tx.votes.insert({ id: randomUUID(), userId: user.id, postId: post, createdAt: at(i) });
  });
  await storage.close();
  const secret = await readOrCreateSecret(config.dataDir);
  const signer = createTokenSigner(secret, 3600);
  const userTokens = users.map((user) => signer.sign(user));
  return { ownerToken: userTokens[0]!, userTokens, postIds, boardIds, tagIds, corpus };
}

const START = Date.parse('2026-01-01T00:00:00.000Z');

function iso(offset: number): string {
  return new Date(START + offset * 1000).toISOString();
}

/** Distinct (user, post) pairs by construction: no lookup per vote while seeding. */
function skewedVotes(plan: SeedPlan, users: UserRow[], postIds: string[], random: Random): Pick<VoteRow, 'userId' | 'postId'>[] {
  const counts = voteCounts(postIds.length, users.length, plan.votes, random);
  const votes: Pick<VoteRow, 'userId' | 'postId'>[] = [];
  postIds.forEach((postId, post) => {
    forEachVoter(counts[post]!, users.length, random, (user) => votes.push({ userId: users[user]!.id, postId }));
  });
  return votes;
}

function postRow(text: PostText, row: Pick<PostRow, 'id' | 'slugId' | 'userId' | 'boardId' | 'createdAt'>): PostRow {
  const slug = `${slugBase(text.title)}-${row.slugId}`;
  return { ...row, title: text.title, slug, contentMarkdown: text.contentMarkdown, roadmapId: null, updatedAt: row.createdAt };
}

function userRow(i: number, now: string, id: string): UserRow {
  return {
    id, email: `user${i}@example.org`, username: `user${i}_${randomBase36(8)}`, name: `User ${i}`,
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
