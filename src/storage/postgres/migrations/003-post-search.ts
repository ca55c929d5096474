import { backfillPostWords } from './003-backfill.js';
import type { Migration } from './types.js';

/*
 * Migration 3: what searching posts and ordering them by votes need (API.md §8.1, §8.2).
 *
 * - `search_words`: the post's distinct search words (postSearchWords of title and content) and
 *   `title_words`: its title's words in order (searchWords), both computed in JavaScript, never by
 *   PostgreSQL's text parser, so both engines agree on what a word is.
 * - `votes_count`: the post's number of votes, kept by statement-level triggers on `votes` (with
 *   transition tables: one grouped UPDATE per statement), so every path that writes votes (the
 *   repositories, cascades from users and posts) keeps it right in the same transaction. Rows
 *   never write it; only the bulk loader, which counts the copy's votes itself, sets it directly.
 *   The backfill (003-backfill.ts) fills all three columns of existing posts.
 * - A GIN index on `post_search_vector(search_words)`, array_to_tsvector (immutable, so indexable)
 *   wrapped to give the planner its true cost: a query word is a prefix lexeme (`'dar':*`), a
 *   similar post's word an exact one; the tsquery is built in JavaScript and cast with
 *   `::tsquery`, which parses no words. B-tree indexes give the votes order a page without
 *   sorting the table, for all posts, per board and per roadmap.
 * - For similar posts (§8.2), ranked level by level: a hash index on `title_words` finds a
 *   title's exact duplicates, a GIN index on `post_search_vector(title_words)` the posts sharing
 *   one or several of its words.
 *
 * The trigger function pins the search_path in force when the migration ran (the schema the
 * tables were created in), so it updates the right `posts` whatever the deleting connection's path.
 */
const sql = `
ALTER TABLE posts
  ADD COLUMN search_words text[] NOT NULL DEFAULT '{}',
  ADD COLUMN title_words text[] NOT NULL DEFAULT '{}',
  ADD COLUMN votes_count integer NOT NULL DEFAULT 0;

CREATE FUNCTION posts_count_votes() RETURNS trigger
LANGUAGE plpgsql
SET search_path FROM CURRENT
AS $fn$
BEGIN
  -- Set by the bulk loader (load-snapshot.ts) for its transaction: it writes posts with their counts.
  IF current_setting('feedbackd.votes_precounted', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE posts SET votes_count = 0 WHERE votes_count <> 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE posts p
       SET votes_count = p.votes_count - gone.n
      FROM (SELECT post_id, count(*)::int AS n FROM removed_votes GROUP BY post_id) gone
     WHERE p.id = gone.post_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE posts p
       SET votes_count = p.votes_count + came.n
      FROM (SELECT post_id, count(*)::int AS n FROM added_votes GROUP BY post_id) came
     WHERE p.id = came.post_id;
  END IF;
  RETURN NULL;
END
$fn$;

-- PostgreSQL allows transition tables only on single-event triggers, hence one trigger per event.
CREATE TRIGGER votes_count_insert AFTER INSERT ON votes
  REFERENCING NEW TABLE AS added_votes
  FOR EACH STATEMENT EXECUTE FUNCTION posts_count_votes();
CREATE TRIGGER votes_count_delete AFTER DELETE ON votes
  REFERENCING OLD TABLE AS removed_votes
  FOR EACH STATEMENT EXECUTE FUNCTION posts_count_votes();
CREATE TRIGGER votes_count_update AFTER UPDATE ON votes
  REFERENCING OLD TABLE AS removed_votes NEW TABLE AS added_votes
  FOR EACH STATEMENT EXECUTE FUNCTION posts_count_votes();
CREATE TRIGGER votes_count_truncate AFTER TRUNCATE ON votes
  FOR EACH STATEMENT EXECUTE FUNCTION posts_count_votes();

CREATE INDEX posts_votes_idx ON posts (votes_count DESC, created_at DESC, id DESC);
CREATE INDEX posts_board_votes_idx ON posts (board_id, votes_count DESC, created_at DESC, id DESC);
CREATE INDEX posts_roadmap_votes_idx ON posts (roadmap_id, votes_count DESC, created_at DESC, id DESC);
-- array_to_tsvector as the planner should cost it: building a post's tsvector takes about 1 µs,
-- ten times reading the row, yet the built-in function counts as one operator (0.0025). Costed
-- so, a common word (in 6% of 100k posts) was filtered by a sequential scan, 2x slower than
-- the index; at this cost the planner reads the index. PL/pgSQL, as a SQL function would be
-- inlined and lose its cost.
CREATE FUNCTION post_search_vector(words text[]) RETURNS tsvector
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 100
AS $fn$
BEGIN
  RETURN pg_catalog.array_to_tsvector(words);
END
$fn$;
CREATE INDEX posts_search_idx ON posts USING gin (post_search_vector(search_words));
-- Similar posts (post-search.ts similarStepSql): exact duplicates of a title by equality (a hash
-- index: equality is all it is asked, it is less than half a B-tree's size and has no limit on
-- a row's size), posts sharing title words from the title's own GIN index. That one without a
-- pending list: every vote rewrites its post's row, so each vote queued the title's entries
-- there and every search scanned them (55 pages after 5,000 votes at 100k posts: 4.7 ms instead
-- of 3.2 for a title of common words); written at once, they cost a vote about 7 µs more.
CREATE INDEX posts_title_words_idx ON posts USING hash (title_words);
CREATE INDEX posts_title_search_idx ON posts USING gin (post_search_vector(title_words)) WITH (fastupdate = off);
`;

export const POST_SEARCH_MIGRATION: Migration = { id: 3, name: 'post-search', sql, backfill: backfillPostWords, rowSchema: 2 };
