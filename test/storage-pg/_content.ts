import { randomUUID } from 'node:crypto';
import type { ExecutionContext } from 'ava';
import pg from 'pg';
import {
  createActivitiesRepo,
  createBoardsRepo,
  createCommentsRepo,
  createPostsRepo,
  createRoadmapsRepo,
  createVotesRepo,
} from '../../src/storage/postgres/content/index.js';
import { migrate } from '../../src/storage/postgres/migrate.js';
import { at } from '../storage/_rows.js';
import { freshSchema } from './_pg.js';

/** The content repositories over a fresh schema migrated to the latest version, dropped after the test. */
export async function fresh(t: ExecutionContext, url: string) {
  const { url: schemaUrl } = await freshSchema(t, url);
  const pool = new pg.Pool({ connectionString: schemaUrl, max: 4 });
  t.teardown(() => pool.end());
  await migrate(pool);
  const addUser = async (): Promise<string> => {
    const id = randomUUID();
    await pool.query(
      `INSERT INTO users (id, email, email_lower, username, name, password_hash, is_owner, is_verified, is_blocked,
                          token_version, notes, created_at, updated_at)
       VALUES ($1, $2, $2, $1, 'User', 'hash', false, true, false, 0, NULL, $3, $3)`,
      [id, `${id}@example.org`, at(0)],
    );
    return id;
  };
  return {
    db: pool,
    addUser,
    boards: createBoardsRepo(pool),
    roadmaps: createRoadmapsRepo(pool),
    posts: createPostsRepo(pool),
    votes: createVotesRepo(pool),
    comments: createCommentsRepo(pool),
    activities: createActivitiesRepo(pool),
  };
}

