import { fsyncDir, removeFile } from './fs-durable.js';
import type { JournalWriter } from './journal-writer.js';
import { listJournals } from './journal-files.js';
import type { MemoryDb } from './memory-db.js';
import type { SnapshotFile } from './snapshot-file.js';
import type { WriteLock } from './write-lock.js';

/** What a compaction works on. */
export interface CompactionParts {
  dataDir: string;
  db: MemoryDb;
  journal: JournalWriter;
  snapshot: SnapshotFile;
  lock: WriteLock;
}

/**
 * Writes a new snapshot and drops the journal files it covers.
 * Between transactions: copy the row lists (cheap, rows are immutable) and switch the journal to a
 * fresh file, so older files hold only entries the copy contains. Then, without the lock, write
 * the snapshot in pieces, and only once it is durable delete the older journal files. A crash at
 * any point leaves an old or new snapshot plus every journal entry newer than it.
 */
export async function compactDatabase(parts: CompactionParts): Promise<void> {
  const { dataDir, db, journal, snapshot, lock } = parts;
  await lock.acquire();
  let copy: ReturnType<MemoryDb['toDocument']>;
  let rotated: Promise<void>;
  try {
    copy = db.toDocument();
    rotated = journal.rotate();
  } finally {
    lock.release();
  }
  await rotated;
  const firstKept = journal.fileNumber;
  await snapshot.save(copy);
  for (const file of await listJournals(dataDir)) {
    if (file.n < firstKept) await removeFile(file.path);
  }
  await fsyncDir(dataDir);
}
