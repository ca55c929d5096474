import type { ServiceContext } from '../services/context.js';

/** What `doctor` learns about the storage from the process that holds it. */
export interface StorageStatus {
  engine: string;
  writable: boolean;
  users: number;
  posts: number;
}

/** The `doctor.storage` operation: reads two counts (so reading works) and asks whether writes are accepted. */
export async function storageStatus(ctx: ServiceContext): Promise<StorageStatus> {
  const { storage } = ctx;
  const [users, posts] = await Promise.all([storage.users.count(), storage.posts.count()]);
  return { engine: storage.engine, writable: await storage.isWritable(), users, posts };
}
