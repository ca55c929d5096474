import test from 'ava';
import { freshStorage } from './_config.js';
import { at, postRow, userRow, voteRow } from './_rows.js';

test('summarize: newest votes first (ties by id), count, the viewer’s vote, empty posts', async (t) => {
  const { storage } = await freshStorage(t);
  const users = await Promise.all(Array.from({ length: 5 }, () => storage.users.insert(userRow())));
  const post = await storage.posts.insert(postRow(users[0]!.id));
  const quiet = await storage.posts.insert(postRow(users[0]!.id));
  const times = [1, 3, 3, 2, 0];
  const votes = [];
  for (const [i, user] of users.entries()) votes.push(await storage.votes.insert(voteRow(user.id, post.id, { createdAt: at(times[i]!) })));
  const byNewest = [...votes].sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
  const summaries = await storage.votes.summarize([post.id, quiet.id], 3, users[4]!.id);
  t.deepEqual(summaries.get(post.id), { recent: byNewest.slice(0, 3), count: 5, viewerVote: votes[4]! });
  t.deepEqual(summaries.get(quiet.id), { recent: [], count: 0, viewerVote: null });
  const anonymous = await storage.votes.summarize([post.id], 10, null);
  t.is(anonymous.get(post.id)?.viewerVote, null);
  t.is(anonymous.get(post.id)?.recent.length, 5);
});

test('votes by user and post; deleting a vote updates the summary', async (t) => {
  const { storage } = await freshStorage(t);
  const user = await storage.users.insert(userRow());
  const post = await storage.posts.insert(postRow(user.id));
  const vote = await storage.votes.insert(voteRow(user.id, post.id));
  t.deepEqual(await storage.votes.getByUserAndPost(user.id, post.id), vote);
  t.is(await storage.votes.getByUserAndPost(user.id, 'other'), undefined);
  await storage.votes.delete(vote.id);
  t.is(await storage.votes.getByUserAndPost(user.id, post.id), undefined);
  t.deepEqual((await storage.votes.summarize([post.id], 6, user.id)).get(post.id), { recent: [], count: 0, viewerVote: null });
});
