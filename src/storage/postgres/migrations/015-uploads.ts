import type { Migration } from './types.js';

/*
 * Migration 15 (issue 31, storage schema 12): uploaded images (issue 31 §3). A row per image
 * (content-addressed: the id is the sha256 hex of the stored bytes) and its bytes in a table of
 * their own, so that every server of a cluster serves the same images, and reading rows (lists,
 * quotas, copies) never drags the bytes along. No foreign keys, as for subscriptions: the bytes
 * are written before their row and removed after it.
 */
const sql = `
CREATE TABLE uploads (
  id text COLLATE "C" NOT NULL,
  type text COLLATE "C" NOT NULL CHECK (type IN ('png', 'jpeg', 'gif', 'webp')),
  width integer NOT NULL,
  height integer NOT NULL,
  size integer NOT NULL,
  user_id text COLLATE "C" NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT uploads__id PRIMARY KEY (id)
);
CREATE INDEX uploads_by_user ON uploads (user_id, created_at);
CREATE INDEX uploads_by_age ON uploads (created_at, id);

CREATE TABLE upload_bytes (
  id text COLLATE "C" NOT NULL,
  data bytea NOT NULL,
  CONSTRAINT upload_bytes__id PRIMARY KEY (id)
);
`;

export const UPLOADS_MIGRATION: Migration = { id: 15, name: 'uploads', sql, rowSchema: 12 };
