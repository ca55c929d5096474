import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import type { Config } from '../../src/config/types.js';
import { openStorage } from '../../src/storage/open.js';
import type { Storage } from '../../src/storage/types.js';
import { CONNECTIONS, DURATION, describe, luaString, runWrkScript } from './load.js';

/** Voters per vote load: 200, as in the figures measured at 10k posts before, whatever the data set's user count. */
const VOTERS = 200;

/**
 * POST /votes then DELETE /votes over the same sequence of (voter, post) pairs: 200 voters × the
 * posts in order, so nearly every request is a real durable write (pairs seeded with a vote
 * answer 409/404). Needs wrk: its Lua script gives every request its own voter and post.
 */
export async function reportVotes(api: string, tokens: string[], postIds: string[], size: string): Promise<void> {
  for (const method of ['POST', 'DELETE']) {
    const result = await runWrkScript(voteScript(method, tokens.slice(0, VOTERS), postIds), `${api}/votes`);
    console.log(describe(`${method} /votes (durable write) at ${size} posts`, result, 'answered 409/404 (pair already voted / not voted)'));
  }
}

function voteScript(method: string, tokens: string[], postIds: string[]): string[] {
  return [
    `local tokens = { ${tokens.map(luaString).join(', ')} }`,
    `local posts = { ${postIds.map(luaString).join(', ')} }`,
    'local i = 0',
    'request = function()',
    '  i = i + 1',
    '  local token = tokens[(i % #tokens) + 1]',
    '  local post = posts[(math.floor(i / #tokens) % #posts) + 1]',
    `  return wrk.format("${method}", nil, { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }, '{"postId":"' .. post .. '"}')`,
    'end',
  ];
}

/**
 * Without wrk, vote add and remove are measured one layer down: durable storage transactions from
 * 32 concurrent writers (the server stopped).
 */
export async function measureVotes(config: Config, postIds: string[], size: string): Promise<void> {
  const storage = await openStorage(config, pino({ level: 'silent' }));
  const voters = await someUsers(storage);
  let done = 0;
  const until = performance.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, writer) => {
      for (let i = 0; performance.now() < until; i++) {
        const userId = voters[(writer + i * CONNECTIONS) % voters.length]!;
        const postId = postIds[(writer * 7919 + i) % postIds.length]!;
        await storage.transaction(async (tx) => {
          const vote = await tx.votes.getByUserAndPost(userId, postId);
          if (vote) await tx.votes.delete(vote.id);
          else await tx.votes.insert({ id: randomUUID(), userId, postId, createdAt: new Date().toISOString() });
        });
        done++;
      }
    }),
  );
  await storage.close();
  console.log(`vote add/remove at ${size} posts (durable storage transactions, ${CONNECTIONS} writers): ${(done / DURATION).toFixed(0)} per s`);
}

async function someUsers(storage: Storage): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < VOTERS; i++) {
    const user = await storage.users.getByEmail(`user${i}@example.org`);
    if (user) ids.push(user.id);
  }
  return ids;
}
