import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { listJournals } from './lowdb/journal-files.js';

/**
 * Whether the data directory holds a JSON-file board someone used: users in `db.json`, or any
 * committed write in a journal file (a small board's rows live there until the next compaction).
 * A `db.json` with only the seed rows of a first start is not a board. Unreadable = used, to be safe.
 */
export async function holdsJsonFileData(dataDir: string): Promise<boolean> {
  for (const journal of await listJournals(dataDir).catch(() => [])) {
    if ((await stat(journal.path)).size > 0) return true;
  }
  let text: string;
  try {
    text = await readFile(join(dataDir, 'db.json'), 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'ENOTDIR';
  }
  try {
    const users = (JSON.parse(text) as { tables?: { users?: unknown } }).tables?.users;
    return !Array.isArray(users) || users.length > 0;
  } catch {
    return true;
  }
}
