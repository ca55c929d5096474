/**
 * Crash-test child: `node --import tsx test/storage/_writer.ts <dataDir> <journalMaxBytes>`.
 * Opens the storage and commits transactions from several concurrent loops until killed. After
 * each transaction resolves (durable) it prints `<userId> <postId> <previousUserId>`: the user
 * and post were inserted together, and the previous user of that loop got tokenVersion 1.
 */
import { openStorage } from '../../src/storage/open.js';
import { silentLogger, testConfig } from './_config.js';
import { postRow, userRow } from './_rows.js';

const [dataDir, maxBytes] = process.argv.slice(2);
const storage = await openStorage(testConfig(dataDir!, { journalMaxBytes: Number(maxBytes) }), silentLogger);

async function commitLoop(): Promise<never> {
  let previous = '-';
  for (;;) {
    const user = userRow();
    const post = postRow(user.id);
    await storage.transaction(async (tx) => {
      await tx.users.insert(user);
      await tx.posts.insert(post);
      if (previous !== '-') await tx.users.update(previous, { tokenVersion: 1 });
    });
    process.stdout.write(`${user.id} ${post.id} ${previous}\n`); // synchronous on a pipe under Linux
    previous = user.id;
  }
}

await Promise.all([commitLoop(), commitLoop(), commitLoop(), commitLoop()]);
