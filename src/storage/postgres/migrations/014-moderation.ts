import type { Migration } from './types.js';

/*
 * Migration 14 (issue 31, storage schema 11): the approval queue and spam (issue 31 §2).
 *
 * Posts and comments gain `approval`: NULL (every existing row, and new rows that never waited)
 * or 'approved' mean approved, 'waiting' and 'spam' hide the row from everyone but its author and
 * moderators. A nullable column without a default is added without rewriting the table. The lists
 * keep their indexes: "approval IS NULL OR approval = 'approved'" is a filter on the rows those
 * indexes find (nearly all of them pass). The queue reads the few hidden rows through partial
 * indexes in (created_at, id) order. Users gain `is_trusted` (NULL = false, like notifications_off).
 */
const sql = `
ALTER TABLE posts ADD COLUMN approval text CONSTRAINT posts_approval_check CHECK (approval IN ('approved', 'waiting', 'spam'));
ALTER TABLE comments ADD COLUMN approval text CONSTRAINT comments_approval_check CHECK (approval IN ('approved', 'waiting', 'spam'));
ALTER TABLE users ADD COLUMN is_trusted boolean;
CREATE INDEX posts_held ON posts (created_at, id) WHERE approval IN ('waiting', 'spam');
CREATE INDEX comments_held ON comments (created_at, id) WHERE approval IN ('waiting', 'spam');
`;

export const MODERATION_MIGRATION: Migration = { id: 14, name: 'moderation', sql, rowSchema: 11 };
