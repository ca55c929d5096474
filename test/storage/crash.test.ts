import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import test, { type ExecutionContext } from 'ava';
import { openStorage } from '../../src/storage/open.js';
import { silentLogger, tempDir, testConfig } from './_config.js';

const ROUNDS = 24;
const writerScript = new URL('./_writer.ts', import.meta.url).pathname;

interface Acknowledged {
  userId: string;
  postId: string;
  previousUserId: string;
}

/** Starts the writer, kills it with SIGKILL a random moment after its first acknowledgement, returns what it acknowledged. */
async function runAndKill(dataDir: string, journalMaxBytes: number, maxDelayMs: number): Promise<Acknowledged[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', writerScript, dataDir, String(journalMaxBytes)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit'); // a reaped child: its pid no longer looks alive to the lock
  let output = '';
  let killScheduled = false;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    output += chunk;
    if (killScheduled) return;
    killScheduled = true;
    setTimeout(() => child.kill('SIGKILL'), Math.random() * maxDelayMs);
  });
  const [code, signal] = (await exited) as [number | null, string | null];
  if (signal !== 'SIGKILL') throw new Error(`writer ended by itself (code ${code})`);
  const complete = output.slice(0, output.lastIndexOf('\n') + 1);
  return complete
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [userId, postId, previousUserId] = line.split(' ') as [string, string, string];
      return { userId, postId, previousUserId };
    });
}

test('kill -9 at random moments never loses an acknowledged write nor breaks the database', async (t) => {
  t.timeout(55_000);
  const dataDir = join(await tempDir(t), 'data');
  const acknowledged: Acknowledged[] = [];
  let midCompaction = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // Small journal limits make compactions frequent, so kills also land in the middle of them.
    const journalMaxBytes = [1_000, 8_000, 64_000][round % 3]!;
    acknowledged.push(...(await runAndKill(dataDir, journalMaxBytes, 250)));
    if (await killedMidCompaction(dataDir)) midCompaction++;
    // Every third round the next writer itself opens what the kill left (replay, torn-line cut).
    if (round % 3 !== 1) await verify(t, dataDir, acknowledged, round);
  }
  t.log(`${acknowledged.length} acknowledged transactions; ${midCompaction} kills left a compaction unfinished`);
  t.true(acknowledged.length > ROUNDS, `acknowledged ${acknowledged.length} transactions`);
  t.false((await readdir(dataDir)).includes('db.json.tmp'));
});

/** Opens what the kill left and checks every acknowledged transaction is there, whole. */
async function verify(t: ExecutionContext, dataDir: string, acknowledged: Acknowledged[], round: number): Promise<void> {
  const storage = await openStorage(testConfig(dataDir), silentLogger);
  try {
    const users = await storage.users.getMany(acknowledged.map((a) => a.userId));
    const posts = await storage.posts.getMany(acknowledged.map((a) => a.postId));
    t.is(users.size, acknowledged.length, `round ${round}: acknowledged users all present`);
    t.is(posts.size, acknowledged.length, `round ${round}: acknowledged posts all present`);
    const notUpdated = acknowledged.filter((a) => a.previousUserId !== '-' && users.get(a.previousUserId)?.tokenVersion !== 1);
    t.deepEqual(notUpdated, [], `round ${round}: acknowledged updates present`);
    t.is(await storage.users.count(), await storage.posts.count(), 'users and posts only ever committed together');
  } finally {
    await storage.close();
  }
}

/** A temp snapshot or more than one journal file: the kill interrupted a compaction. */
async function killedMidCompaction(dataDir: string): Promise<boolean> {
  const names = await readdir(dataDir);
  return names.includes('db.json.tmp') || names.filter((name) => name.startsWith('journal-')).length > 1;
}
