/*
 * LogChimp's tables as its knex migrations leave them (github.com/logchimp/logchimp,
 * packages/server/src/database/migrations at 70dc37de968daecdc33265cc2d2d3de814dd6b73), written as
 * plain SQL from the migrations' facts: knex's `uuid` is uuid, `string(n)` varchar(n), `timestamp`
 * timestamptz, and the foreign keys keep LogChimp's ON DELETE rules. The permission seeds and
 * unused columns of the settings table are left out; the reader does not look at them.
 * The foreign keys that point at users are named so that a test can drop them, as someone
 * removing a user by hand would have to.
 */
export const LOGCHIMP_DDL = `
CREATE TABLE users (
  "userId" uuid PRIMARY KEY,
  name varchar(30),
  email varchar(320) NOT NULL UNIQUE,
  password varchar(72) NOT NULL,
  username varchar(30) NOT NULL UNIQUE,
  avatar text,
  "isVerified" boolean DEFAULT false,
  "isOwner" boolean DEFAULT false,
  "isBlocked" boolean DEFAULT false,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  notes text
);
CREATE TABLE boards (
  "boardId" uuid PRIMARY KEY,
  name varchar(50) NOT NULL,
  url varchar(50) NOT NULL UNIQUE,
  color varchar(6) NOT NULL,
  display boolean DEFAULT false,
  view_voters boolean DEFAULT true,
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE roadmaps (
  id uuid PRIMARY KEY,
  name varchar(50) NOT NULL,
  url varchar(50) NOT NULL UNIQUE,
  index integer NOT NULL,
  color varchar(6) NOT NULL,
  display boolean DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE posts (
  "postId" uuid PRIMARY KEY,
  title varchar(100) NOT NULL,
  slug varchar(150) NOT NULL UNIQUE,
  "slugId" varchar(20) NOT NULL,
  "contentMarkdown" text,
  "userId" uuid NOT NULL CONSTRAINT posts_userid_foreign REFERENCES users ("userId"),
  "createdAt" timestamptz NOT NULL DEFAULT now(),
  "updatedAt" timestamptz NOT NULL DEFAULT now(),
  "boardId" uuid REFERENCES boards ("boardId") ON DELETE SET NULL,
  roadmap_id uuid REFERENCES roadmaps (id) ON DELETE SET NULL
);
CREATE TABLE votes (
  "voteId" uuid PRIMARY KEY,
  "userId" uuid NOT NULL CONSTRAINT votes_userid_foreign REFERENCES users ("userId"),
  "postId" uuid NOT NULL REFERENCES posts ("postId") ON DELETE CASCADE,
  "createdAt" timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE posts_comments (
  id uuid PRIMARY KEY,
  parent_id uuid REFERENCES posts_comments (id),
  activity_id uuid NOT NULL,
  body varchar(1000) NOT NULL,
  is_edited boolean DEFAULT false,
  is_spam boolean DEFAULT false,
  is_internal boolean DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE TABLE posts_activity (
  id uuid PRIMARY KEY,
  type varchar(50) NOT NULL,
  posts_comments_id uuid REFERENCES posts_comments (id),
  post_id uuid NOT NULL REFERENCES posts ("postId"),
  author_id uuid NOT NULL CONSTRAINT posts_activity_author_id_foreign REFERENCES users ("userId"),
  created_at timestamptz NOT NULL
);
CREATE TABLE roles (
  id uuid PRIMARY KEY,
  name varchar(30) NOT NULL,
  description varchar(50),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  is_system smallint DEFAULT 0
);
CREATE TABLE roles_users (
  id uuid PRIMARY KEY,
  role_id uuid NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users ("userId") ON DELETE CASCADE
);
CREATE TABLE settings (
  title varchar(255),
  description varchar(255),
  logo varchar(255),
  icon varchar(255),
  "accentColor" varchar(6),
  "googleAnalyticsId" varchar(255),
  "isPoweredBy" boolean DEFAULT true,
  "allowSignup" boolean DEFAULT true,
  labs text DEFAULT '{}',
  developer_mode boolean DEFAULT false
);
CREATE TABLE "emailVerification" (
  email varchar(320) PRIMARY KEY REFERENCES users (email) ON DELETE CASCADE,
  token varchar(320) NOT NULL UNIQUE,
  "createdAt" timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE "resetPassword" (
  email varchar(320) PRIMARY KEY REFERENCES users (email) ON DELETE CASCADE,
  token varchar(320) NOT NULL UNIQUE,
  "createdAt" timestamptz NOT NULL DEFAULT now()
);
`;

/** The constraints a person deleting a LogChimp user by hand has to drop first. */
export const USER_FOREIGN_KEYS = [
  ['posts', 'posts_userid_foreign'],
  ['votes', 'votes_userid_foreign'],
  ['posts_activity', 'posts_activity_author_id_foreign'],
] as const;
