import type { Migration } from './types.js';

/*
 * Migration 11 (issue 30 §1, storage schema 8): the changelog. Its linked posts are a join table,
 * in the order the author gave; a deleted entry or post takes its links along. The author and the
 * roadmap to move posts to have no foreign key: an entry outlives both (publishing skips a roadmap
 * that is gone), like outbox events name users. A notification may now be `shipped`.
 */
const sql = `
CREATE TABLE changelog_entries (
  id text COLLATE "C" NOT NULL,
  slug text COLLATE "C" NOT NULL,
  title text NOT NULL,
  content_markdown text,
  labels text[] NOT NULL,
  status text NOT NULL CHECK (status IN ('draft', 'scheduled', 'published')),
  publish_at timestamptz,
  published_at timestamptz,
  move_to_roadmap_id text COLLATE "C",
  author_id text COLLATE "C" NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT changelog_entries__id PRIMARY KEY (id),
  CONSTRAINT changelog_entries__slug UNIQUE (slug)
);
CREATE INDEX changelog_entries_by_time ON changelog_entries ((COALESCE(published_at, publish_at, created_at)) DESC, id DESC);
CREATE INDEX changelog_entries_due ON changelog_entries (publish_at, id) WHERE status = 'scheduled';

CREATE TABLE changelog_links (
  id text COLLATE "C" NOT NULL,
  entry_id text COLLATE "C" NOT NULL REFERENCES changelog_entries (id) ON DELETE CASCADE,
  post_id text COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  position integer NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT changelog_links__id PRIMARY KEY (id),
  CONSTRAINT changelog_links__entry_post UNIQUE (entry_id, post_id)
);
CREATE INDEX changelog_links_by_post ON changelog_links (post_id);

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('status', 'comment', 'title', 'shipped'));
`;

export const CHANGELOG_MIGRATION: Migration = { id: 11, name: 'changelog', sql, rowSchema: 8 };
