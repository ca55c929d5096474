/*
 * Astuto's tables as its db/schema.rb declares them (astuto/astuto at commit
 * 9176b96167501762d9697c2e634da04bb58eb310, schema version 2024_11_30_112415): every table the
 * importer reads or counts, with the columns it uses, their types, NOT NULLs and defaults, the
 * foreign keys, plus a few other columns so that the rows look like Astuto's. Rails creates
 * `bigserial` ids and `timestamp(6) without time zone` times holding UTC.
 */
export const ASTUTO_DDL = `
CREATE TABLE tenants (
  id bigserial PRIMARY KEY,
  site_name varchar NOT NULL,
  site_logo varchar,
  subdomain varchar NOT NULL,
  locale varchar DEFAULT 'en',
  custom_domain varchar,
  created_at timestamp(6) NOT NULL,
  updated_at timestamp(6) NOT NULL,
  status integer
);
CREATE TABLE tenant_settings (
  id bigserial PRIMARY KEY,
  brand_display integer DEFAULT 0 NOT NULL,
  tenant_id bigint NOT NULL REFERENCES tenants,
  created_at timestamp(6) NOT NULL,
  updated_at timestamp(6) NOT NULL,
  root_board_id integer DEFAULT 0 NOT NULL,
  custom_css text,
  allow_anonymous_feedback boolean DEFAULT true NOT NULL,
  feedback_approval_policy integer DEFAULT 0 NOT NULL,
  is_private boolean DEFAULT false NOT NULL
);
CREATE TABLE users (
  id bigserial PRIMARY KEY,
  email varchar DEFAULT '' NOT NULL,
  encrypted_password varchar DEFAULT '' NOT NULL,
  confirmed_at timestamp(6),
  created_at timestamp(6) NOT NULL,
  updated_at timestamp(6) NOT NULL,
  role integer,
  full_name varchar,
  notifications_enabled boolean DEFAULT true NOT NULL,
  status integer,
  tenant_id bigint NOT NULL REFERENCES tenants,
  has_set_password boolean DEFAULT true NOT NULL,
  recap_notification_frequency integer DEFAULT 0 NOT NULL
);
CREATE UNIQUE INDEX index_users_on_email_and_tenant_id ON users (email, tenant_id);
CREATE TABLE boards (
  id bigserial PRIMARY KEY,
  name varchar NOT NULL,
  description text,
  created_at timestamp(6) NOT NULL,
  updated_at timestamp(6) NOT NULL,
  "order" integer NOT NULL,
  tenant_id bigint NOT NULL REFERENCES tenants,
  slug varchar
);
CREATE TABLE post_statuses (
  id bigserial PRIMARY KEY,
  name varchar NOT NULL,
  color varchar NOT NULL,
  created_at timestamp(6) NOT NULL,
  updated_at timestamp(6) NOT NULL,
  "order" integer NOT NULL,
  show_in_roadmap boolean DEFAULT false NOT NULL,
  tenant_id bigint NOT NULL REFERENCES tenants
);
CREATE TABLE posts (
  id bigserial PRIMARY KEY,
  title varchar NOT NULL,
  description text,
  board_id bigint NOT NULL REFERENCES boards,
  user_id bigint REFERENCES users,
  post_status_id bigint REFERENCES post_statuses,
  created_at timestamp(6) NOT NULL,
  updated_at timestamp(6) NOT NULL,
  tenant_id bigint NOT NULL REFERENCES tenants,
  slug varchar,
  approval_status integer DEFAULT 0 NOT NULL
);
CREATE TABLE likes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users,
  post_id bigint NOT NULL REFERENCES posts,
  created_at timestamp(6) NOT NULL,
  updated_at timestamp(6) NOT NULL,
  tenant_id bigint NOT NULL REFERENCES tenants
);
CREATE UNIQUE INDEX index_likes_on_user_id_and_post_id ON likes (user_id, post_id);
CREATE TABLE comments (
  id bigserial PRIMARY KEY,
  body text,
  user_id bigint NOT NULL REFERENCES users,
  post_id bigint NOT NULL REFERENCES posts,
  parent_id bigint REFERENCES comments,
  created_at timestamp(6) NOT NULL,
  updated_at timestamp(6) NOT NULL,
  is_post_update boolean DEFAULT false NOT NULL,
  tenant_id bigint NOT NULL REFERENCES tenants
);
CREATE TABLE follows (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users,
  post_id bigint NOT NULL REFERENCES posts,
  created_at timestamp(6) NOT NULL,
  updated_at timestamp(6) NOT NULL,
  tenant_id bigint NOT NULL REFERENCES tenants
);
CREATE TABLE post_status_changes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users,
  post_id bigint NOT NULL REFERENCES posts,
  post_status_id bigint REFERENCES post_statuses,
  created_at timestamp(6) NOT NULL,
  updated_at timestamp(6) NOT NULL,
  tenant_id bigint NOT NULL REFERENCES tenants
);
CREATE TABLE webhooks (
  id bigserial PRIMARY KEY,
  name varchar NOT NULL,
  is_enabled boolean DEFAULT false NOT NULL,
  trigger integer DEFAULT 0 NOT NULL,
  url varchar NOT NULL,
  http_method integer DEFAULT 0 NOT NULL,
  tenant_id bigint NOT NULL REFERENCES tenants,
  created_at timestamp(6) NOT NULL,
  updated_at timestamp(6) NOT NULL
);
CREATE TABLE o_auths (
  id bigserial PRIMARY KEY,
  name varchar NOT NULL,
  is_enabled boolean DEFAULT false NOT NULL,
  client_id varchar NOT NULL,
  client_secret varchar NOT NULL,
  authorize_url varchar NOT NULL,
  token_url varchar NOT NULL,
  profile_url varchar NOT NULL,
  scope varchar NOT NULL,
  json_user_email_path varchar NOT NULL,
  tenant_id bigint REFERENCES tenants,
  created_at timestamp(6) NOT NULL,
  updated_at timestamp(6) NOT NULL
);
CREATE TABLE api_keys (
  id bigserial PRIMARY KEY,
  tenant_id bigint NOT NULL REFERENCES tenants,
  user_id bigint NOT NULL REFERENCES users,
  common_token_prefix varchar NOT NULL,
  random_token_prefix varchar NOT NULL,
  token_digest varchar NOT NULL,
  created_at timestamp(6) NOT NULL,
  updated_at timestamp(6) NOT NULL
);
CREATE TABLE invitations (
  id bigserial PRIMARY KEY,
  email varchar NOT NULL,
  token_digest varchar NOT NULL,
  accepted_at timestamp(6),
  tenant_id bigint NOT NULL REFERENCES tenants,
  created_at timestamp(6) NOT NULL,
  updated_at timestamp(6) NOT NULL
);
`;
