/*
 * Merge and unmerge over random vote sets (issue 30 §2), on both engines: for each of 50 seeded
 * cases, random people vote on a source and a target, the source is merged (the target's votes must
 * be the union, one per person), some people take their vote back on the target, and the source is
 * unmerged (each post must hold exactly the votes the rules give back, ids and times included).
 */
import { randomUUID } from 'node:crypto';
import test from 'ava';
import { systemActor } from '../../src/admin/system-actor.js';
import { mergePost, unmergePost } from '../../src/services/merges/merge-post.js';
import type { PostRow, Storage, UserRow, VoteRow } from '../../src/storage/types.js';
import { createMember, createPostAt, OWNER } from '../_helpers/personas.js';
import { startTestServer } from '../_helpers/server.js';

const CASES = 50;
const PEOPLE = 8;

/** mulberry32: a small seeded generator, so a failing case can be replayed from its seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], random: () => number, chance: number): T[] {
  return items.filter(() => random() < chance);
}

async function votesOf(storage: Storage, postId: string): Promise<Map<string, VoteRow>> {
  const page = await storage.votes.pageByPost(postId, { direction: 'asc', limit: 100, from: { offset: 0 } });
  return new Map((page?.rows ?? []).map((vote) => [vote.userId, vote]));
}

async function countOf(storage: Storage, postId: string): Promise<number> {
  return (await storage.votes.summarize([postId], 0, null)).get(postId)?.count ?? -1;
}

async function castVotes(storage: Storage, post: PostRow, voters: readonly UserRow[], second: number): Promise<Map<string, VoteRow>> {
  const votes = new Map<string, VoteRow>();
  for (const [n, voter] of voters.entries()) {
    const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, second, n)).toISOString();
    votes.set(voter.id, await storage.transaction((tx) => tx.votes.insert({ id: randomUUID(), userId: voter.id, postId: post.id, createdAt })));
  }
  return votes;
}

/** The votes of `expected` whose people are not in `removed`, as a map by user. */
function without(expected: ReadonlyMap<string, VoteRow>, removed: ReadonlySet<string>): Map<string, VoteRow> {
  return new Map([...expected].filter(([userId]) => !removed.has(userId)));
}

function sorted(votes: ReadonlyMap<string, VoteRow>) {
  return [...votes.values()].map(({ id, userId, createdAt }) => ({ id, userId, createdAt })).sort((a, b) => (a.userId < b.userId ? -1 : 1));
}

test(`${CASES} random vote sets: the merge unites them once per person, unmerge gives each post back exactly its own`, async (t) => {
  t.timeout(120_000);
  const server = await startTestServer();
  t.teardown(server.close);
  const { ctx } = server;
  await server.request('POST', '/auth/setup', { body: OWNER });
  const owner = (await ctx.storage.users.getOwner())!;
  const people: UserRow[] = [];
  for (let n = 0; n < PEOPLE; n++) people.push((await createMember(ctx, { email: `voter${n}@example.org` })).user);
  const actor = systemActor();

  for (let seed = 1; seed <= CASES; seed++) {
    const random = seeded(seed);
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, seed)).toISOString();
    const source = await createPostAt(ctx, owner, { title: `Source ${seed}`, createdAt: at });
    const target = await createPostAt(ctx, owner, { title: `Target ${seed}`, createdAt: at });
    const sourceVotes = await castVotes(ctx.storage, source, pick(people, random, 0.5), seed);
    const targetVotes = await castVotes(ctx.storage, target, pick(people, random, 0.5), seed);
    const label = `seed ${seed}`;

    await mergePost(ctx, actor, source.id, { into: target.id });
    const union = new Map([...sourceVotes, ...targetVotes]);
    const merged = await votesOf(ctx.storage, target.id);
    // Someone who voted on both keeps their target vote; the others' source votes moved as they were.
    t.deepEqual(sorted(merged), sorted(new Map([...union].map(([userId]) => [userId, { ...(targetVotes.get(userId) ?? sourceVotes.get(userId)!), postId: target.id }]))), label);
    t.is(await countOf(ctx.storage, target.id), union.size, label);
    t.is(await ctx.storage.posts.get(source.id), undefined, label);

    const takenBack = new Set(pick([...merged.keys()], random, 0.3));
    for (const userId of takenBack) await ctx.storage.transaction((tx) => tx.votes.delete(merged.get(userId)!.id));

    await unmergePost(ctx, actor, source.id);
    t.deepEqual(await ctx.storage.posts.get(source.id), source, label);
    t.deepEqual(sorted(await votesOf(ctx.storage, source.id)), sorted(without(sourceVotes, takenBack)), label);
    t.deepEqual(sorted(await votesOf(ctx.storage, target.id)), sorted(without(targetVotes, takenBack)), label);
    t.is(await countOf(ctx.storage, source.id), without(sourceVotes, takenBack).size, label);
    t.is(await countOf(ctx.storage, target.id), without(targetVotes, takenBack).size, label);
  }
});
