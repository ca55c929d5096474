import type { Migration } from '../migrations/types.js';

/*
 * Migration 2: the content tables (boards, roadmaps, posts, votes, comments, activity).
 *
 * Conventions are those of migration 1: ids are text in the "C" collation, so (created_at, id)
 * sorts by byte, exactly as the JSON-file engine compares strings; timestamps are `timestamptz`
 * (the contract's millisecond ISO strings round-trip through `Date#toISOString()`).
 * `name_lower` is the name lower-cased by the application (JavaScript's rule, whatever the
 * database locale): name search and its order use it.
 * Unique constraints are named `<table>__<rule>` in snake_case (primary keys `<table>__id`); the
 * engine reports them as the contract's `<table>.<rule>` (`votes__user_post` → `votes.userPost`).
 * Foreign keys: a post's author must exist (RESTRICT); deleting a board or roadmap unlinks its
 * posts (SET NULL); deleting a post takes its votes, comments and activity along (CASCADE).
 * Deleting a comment takes its replies (the thread below it) and its activity entry along
 * (CASCADE); the links from a reply to its parent and from an entry to its comment are checked
 * at commit, so a transaction may write a reply or an entry before the comment it names.
 */
const sql = `
CREATE TABLE boards (
  id text COLLATE "C" NOT NULL CONSTRAINT boards__id PRIMARY KEY,
  name text NOT NULL,
  name_lower text COLLATE "C" NOT NULL,
  url text NOT NULL,
  color text NOT NULL,
  display boolean NOT NULL,
  view_voters boolean NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT boards__url UNIQUE (url)
);
CREATE INDEX boards_created_idx ON boards (created_at, id);
CREATE INDEX boards_displayed_created_idx ON boards (created_at, id) WHERE display;
CREATE INDEX boards_name_idx ON boards (name_lower, created_at, id);

CREATE TABLE roadmaps (
  id text COLLATE "C" NOT NULL CONSTRAINT roadmaps__id PRIMARY KEY,
  name text NOT NULL,
  name_lower text COLLATE "C" NOT NULL,
  url text NOT NULL,
  color text NOT NULL,
  "index" integer NOT NULL,
  display boolean NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT roadmaps__url UNIQUE (url),
  CONSTRAINT roadmaps__index UNIQUE ("index") DEFERRABLE INITIALLY IMMEDIATE
);
CREATE INDEX roadmaps_name_idx ON roadmaps (name_lower, created_at, id);

CREATE TABLE posts (
  id text COLLATE "C" NOT NULL CONSTRAINT posts__id PRIMARY KEY,
  title text NOT NULL,
  slug text NOT NULL,
  slug_id text NOT NULL,
  content_markdown text,
  user_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  board_id text COLLATE "C" REFERENCES boards (id) ON DELETE SET NULL,
  roadmap_id text COLLATE "C" REFERENCES roadmaps (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT posts__slug UNIQUE (slug)
);
CREATE INDEX posts_created_idx ON posts (created_at, id);
CREATE INDEX posts_board_idx ON posts (board_id, created_at, id);
CREATE INDEX posts_roadmap_idx ON posts (roadmap_id, created_at, id);
CREATE INDEX posts_user_idx ON posts (user_id, created_at, id);

CREATE TABLE votes (
  id text COLLATE "C" NOT NULL CONSTRAINT votes__id PRIMARY KEY,
  user_id text COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  post_id text COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  CONSTRAINT votes__user_post UNIQUE (user_id, post_id)
);
CREATE INDEX votes_post_idx ON votes (post_id, created_at, id);

CREATE TABLE comments (
  id text COLLATE "C" NOT NULL CONSTRAINT comments__id PRIMARY KEY,
  post_id text COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  parent_id text COLLATE "C" REFERENCES comments (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  user_id text COLLATE "C" NOT NULL REFERENCES users (id),
  body text NOT NULL,
  is_internal boolean NOT NULL,
  is_edited boolean NOT NULL,
  is_spam boolean NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX comments_post_idx ON comments (post_id, created_at, id);
CREATE INDEX comments_parent_idx ON comments (parent_id, created_at, id);
CREATE INDEX comments_user_idx ON comments (user_id, created_at, id);

CREATE TABLE activities (
  id text COLLATE "C" NOT NULL CONSTRAINT activities__id PRIMARY KEY,
  post_id text COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  comment_id text COLLATE "C" NOT NULL REFERENCES comments (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  type text NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT activities__comment UNIQUE (comment_id)
);
CREATE INDEX activities_post_idx ON activities (post_id, created_at, id);
`;

export const CONTENT_MIGRATION: Migration = { id: 2, name: 'content', sql, rowSchema: 2 };
