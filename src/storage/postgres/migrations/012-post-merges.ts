import type { Migration } from './types.js';

/*
 * Migration 12 (issue 30 §2, storage schema 9): merged posts. A merged post leaves `posts` (so no
 * list, search or count needs a new condition) and is kept here as it was, with what the merge
 * moved, until it is unmerged. `post` and `moves` are json, not jsonb, like the outbox's facts:
 * rows read back as they were written. No foreign keys, as for subscriptions: the services delete
 * a target's merges with it, on both engines alike. Notifications gain the kind `merged`.
 */
const sql = `
CREATE TABLE post_merges (
  id text COLLATE "C" NOT NULL,
  into_post_id text COLLATE "C" NOT NULL,
  post json NOT NULL,
  moves json NOT NULL,
  merged_by text COLLATE "C",
  created_at timestamptz NOT NULL,
  CONSTRAINT post_merges__id PRIMARY KEY (id)
);
CREATE UNIQUE INDEX post_merges__slug ON post_merges ((post->>'slug') COLLATE "C");
CREATE INDEX post_merges_by_target ON post_merges (into_post_id, created_at, id);

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('status', 'comment', 'title', 'shipped', 'merged'));
`;

export const POST_MERGES_MIGRATION: Migration = { id: 12, name: 'post-merges', sql, rowSchema: 9 };
