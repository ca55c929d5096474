import type { Migration } from './types.js';

/*
 * Migration 13 (issue 31, storage schema 10): tags and the tags of posts (issue 31 §1). A tag's
 * name is unique ignoring case (the index on lower(name), as the JSON-file engine keys it). A
 * deleted post or tag takes its links along. The links' (tag_id, post_id) key is what a tag filter
 * of `POST /posts/get` probes (EXISTS per asked tag); (post_id, tag_id) lists a page's tags.
 */
const sql = `
CREATE TABLE tags (
  id text COLLATE "C" NOT NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 40),
  color text COLLATE "C" NOT NULL,
  is_public boolean NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT tags__id PRIMARY KEY (id)
);
CREATE UNIQUE INDEX tags__name ON tags ((lower(name)));

CREATE TABLE post_tags (
  id text COLLATE "C" NOT NULL,
  post_id text COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  tag_id text COLLATE "C" NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  CONSTRAINT post_tags__id PRIMARY KEY (id),
  CONSTRAINT post_tags__post_tag UNIQUE (post_id, tag_id)
);
CREATE INDEX post_tags_by_tag ON post_tags (tag_id, post_id);
`;

export const TAGS_MIGRATION: Migration = { id: 13, name: 'tags', sql, rowSchema: 10 };
