import pg from 'pg';
import type { SourceData } from '../../../src/admin/import-from/source-model.js';
import { createSchema } from '../../_helpers/pg-schema.js';
import { ASTUTO_DDL } from './astuto-ddl.js';

/*
 * An Astuto database built from code in a fresh PostgreSQL schema (tables from astuto-ddl.ts),
 * with two sites (tenants) so that the reader's tenant filter is proven: `acme`, public, the
 * full one, and `beta`, private (tenant_settings.is_private), small. Rows of the two interleave in
 * id order, as they would in one Astuto database. Everything is deterministic.
 *
 * `acme` holds three boards (English, Japanese, Arabic names), every kind of status (roadmap ones,
 * one kept off the roadmap, posts without status), Markdown, a post with 2,102 likes, two deleted
 * users (posts, likes, comments), a blocked user, an anonymous post, nested replies, post-update
 * comments, a pending and a rejected post (with likes and comments), and rows of the tables
 * feedbackd does not take. Astuto has no tags and no per-board privacy: `beta`'s board is the
 * hidden one, through its private site.
 */

type Value = string | number | boolean | null;
type Row = Record<string, Value>;

const ACME = 1;
const BETA = 2;
const VOTERS = 2_100;
const FIRST_VOTER = 1_000;

/** A fixed time `minutes` after 1 March 2023 09:00 UTC, with milliseconds, as Astuto's columns hold it (UTC). */
function at(minutes: number, ms = 0): string {
  return new Date(Date.UTC(2023, 2, 1, 9, 0, 0, ms) + minutes * 60_000).toISOString();
}

interface World {
  tenants: Row[];
  tenant_settings: Row[];
  users: Row[];
  boards: Row[];
  post_statuses: Row[];
  posts: Row[];
  likes: Row[];
  comments: Row[];
  follows: Row[];
  post_status_changes: Row[];
  webhooks: Row[];
  o_auths: Row[];
  api_keys: Row[];
  invitations: Row[];
}

/** The tables in the order their foreign keys allow inserting them. */
const TABLE_ORDER: readonly (keyof World)[] = [
  'tenants',
  'tenant_settings',
  'users',
  'boards',
  'post_statuses',
  'posts',
  'likes',
  'comments',
  'follows',
  'post_status_changes',
  'webhooks',
  'o_auths',
  'api_keys',
  'invitations',
];

function user(id: number, tenant: number, email: string, fullName: string | null, role: number | null, status: number | null, minutes: number): Row {
  const time = at(minutes);
  return { id, email, full_name: fullName, role, status, tenant_id: tenant, created_at: time, updated_at: time, encrypted_password: '$2a$12$fixture' };
}

function post(id: number, tenant: number, title: string, description: string | null, board: number, status: number | null, author: number | null, minutes: number, approval = 0): Row {
  const time = at(minutes, 250);
  return { id, title, description, board_id: board, post_status_id: status, user_id: author, tenant_id: tenant, approval_status: approval, created_at: time, updated_at: time };
}

function comment(id: number, post: number, author: number, body: string, parent: number | null, minutes: number, isPostUpdate = false): Row {
  const time = at(minutes, 500);
  const tenant = post === 9 ? BETA : ACME;
  return { id, post_id: post, user_id: author, body, parent_id: parent, is_post_update: isPostUpdate, tenant_id: tenant, created_at: time, updated_at: time };
}

function world(): World {
  const users: Row[] = [
    user(1, ACME, 'ayaka@acme.example', '田中 彩花', 3, 0, 0),
    user(2, ACME, 'omar@acme.example', 'عمر الفاروق', 1, 0, 1),
    user(3, ACME, 'Zoe@Acme.example', 'Zoë 🚀', 0, 0, 2),
    // Deleted as registrations_controller#destroy does: random address, "Deleted user".
    user(4, ACME, 'q7RkX2mP9sLd4TfA@deleted.com', 'Deleted user', 0, 2, 3),
    user(5, ACME, 'cheap-watches@spam.example', 'Spam Bot', 0, 1, 4),
    // An account from before users.status and users.role existed, without a full name.
    user(6, ACME, 'old-timer@acme.example', null, null, null, 5),
    user(7, ACME, 'Zx81Pq0LmN3vB6cD@deleted.com', 'Deleted user', 0, 2, 6),
    user(8, BETA, 'owner@beta.example', 'Beta Owner', 3, 0, 7),
    // The same person on the other site: Astuto's emails are unique per tenant only.
    user(9, BETA, 'ayaka@acme.example', 'Ayaka', 0, 0, 8),
  ];
  for (let i = 0; i < VOTERS; i++) {
    const n = String(i + 1).padStart(4, '0');
    users.push(user(FIRST_VOTER + i, ACME, `voter${n}@acme.example`, `Voter ${n}`, 0, 0, 10 + i));
  }

  const boardDescription = 'Tell us what to build next.\n\n- **Markdown** _works_ here\n- [links](https://acme.example) too';
  const boards: Row[] = [
    { id: 1, name: 'Feature Requests', description: boardDescription, order: 1, tenant_id: ACME, slug: 'feature-requests' },
    { id: 2, name: '要望', description: null, order: 0, tenant_id: ACME, slug: 'yobo' },
    { id: 3, name: 'Beta ideas', description: 'Only for invited testers', order: 0, tenant_id: BETA, slug: 'beta-ideas' },
    { id: 4, name: 'اقتراحات', description: 'شاركنا أفكارك 💡', order: 2, tenant_id: ACME, slug: 'iqtirahat' },
  ].map((board, index) => ({ ...board, created_at: at(-1000 + index, 125), updated_at: at(-1000 + index) }));

  const post_statuses: Row[] = [
    { id: 1, name: 'Planned', color: '#0096ff', order: 0, show_in_roadmap: true, tenant_id: ACME },
    { id: 2, name: 'In Progress', color: '#9437FF', order: 1, show_in_roadmap: true, tenant_id: ACME },
    { id: 3, name: 'Planned', color: '#0096ff', order: 0, show_in_roadmap: true, tenant_id: BETA },
    { id: 4, name: '完了 ✅', color: '#6c7', order: 2, show_in_roadmap: true, tenant_id: ACME },
    { id: 5, name: 'Rejected', color: '#ff2600', order: 3, show_in_roadmap: false, tenant_id: ACME },
  ].map((status) => ({ ...status, created_at: at(-900), updated_at: at(-900) }));

  const darkMode = 'Please add a **dark mode**.\n\n```css\n:root { color-scheme: dark; }\n```\n\n1. less glare\n2. saves battery';
  const posts: Row[] = [
    post(1, ACME, 'Dark mode 🌙', darkMode, 1, 1, 1, 100),
    post(2, ACME, 'ダークモードの改善', '夜に使うと目が疲れます。*ぜひ*お願いします。', 2, 2, 3, 200),
    post(3, ACME, 'دعم اللغة العربية', 'نحتاج إلى دعم الكتابة من اليمين إلى اليسار.', 4, 4, 2, 300),
    post(4, ACME, 'Export to CSV', 'Duplicate of [#1](/posts/1)?', 1, 5, 4, 400),
    // Anonymous feedback: no author, no description, no status.
    post(5, ACME, 'Anonymous idea', null, 2, null, null, 500),
    post(6, ACME, 'Keyboard shortcuts', '', 4, null, 7, 600),
    post(7, ACME, 'Please approve me', 'Waiting for a moderator', 1, null, 3, 700, 1),
    post(8, ACME, 'Buy cheap watches', 'http://spam.example', 1, null, 5, 800, 2),
    post(9, BETA, 'Beta post', 'Private *feedback*', 3, 3, 8, 900),
  ];

  const likes: Row[] = [];
  const like = (post: number, author: number, minutes: number, ms: number) => {
    const time = at(minutes, ms);
    likes.push({ id: likes.length + 1, post_id: post, user_id: author, tenant_id: post === 9 ? BETA : ACME, created_at: time, updated_at: time });
  };
  like(1, 1, 101, 0);
  like(1, 4, 102, 0);
  like(2, 3, 201, 0);
  like(9, 8, 901, 0);
  like(2, 4, 202, 0);
  like(2, 5, 203, 0);
  like(2, 6, 204, 0);
  like(3, 1, 301, 0);
  like(9, 9, 902, 0);
  like(4, 4, 401, 0);
  like(6, 7, 601, 0);
  like(6, 2, 602, 0);
  like(7, 1, 701, 0);
  like(7, 3, 702, 0);
  like(8, 5, 801, 0);
  for (let i = 0; i < VOTERS; i++) like(1, FIRST_VOTER + i, 1_000 + i, i % 1000);

  const comments: Row[] = [
    comment(1, 1, 2, 'We are on it! **Planned** for the next release.', null, 110, true),
    comment(2, 1, 3, 'Yay 🎉 ありがとう', 1, 111),
    comment(3, 1, 4, 'A reply from someone who left, to a reply.', 2, 112),
    comment(4, 2, 1, '日本語のコメント、ありがとうございます。', null, 210),
    comment(5, 3, 7, 'تعليق من مستخدم محذوف', null, 310),
    comment(6, 9, 8, 'Beta *comment*', null, 910),
    comment(7, 3, 2, 'رد على التعليق 👍', 5, 311),
    comment(8, 7, 1, 'Looks good, approving soon', null, 710),
    comment(9, 7, 3, 'Thanks!', 8, 711),
    comment(10, 4, 1, 'Closing as a duplicate:\n\n> see #1', null, 410, true),
  ];

  const stamped = (row: Row, minutes: number): Row => ({ ...row, created_at: at(minutes), updated_at: at(minutes) });
  return {
    tenants: [
      stamped({ id: ACME, site_name: 'Acme Feedback', subdomain: 'acme', status: 0 }, -2000),
      stamped({ id: BETA, site_name: 'Beta', subdomain: 'beta', status: 0 }, -1999),
    ],
    tenant_settings: [stamped({ id: 1, tenant_id: ACME, is_private: false }, -2000), stamped({ id: 2, tenant_id: BETA, is_private: true }, -1999)],
    users,
    boards,
    post_statuses,
    posts,
    likes,
    comments,
    follows: [
      stamped({ id: 1, user_id: 1, post_id: 1, tenant_id: ACME }, 100),
      stamped({ id: 2, user_id: 8, post_id: 9, tenant_id: BETA }, 900),
      stamped({ id: 3, user_id: 3, post_id: 2, tenant_id: ACME }, 200),
      stamped({ id: 4, user_id: 3, post_id: 1, tenant_id: ACME }, 111),
    ],
    post_status_changes: [
      stamped({ id: 1, user_id: 1, post_id: 1, post_status_id: 1, tenant_id: ACME }, 120),
      stamped({ id: 2, user_id: 1, post_id: 2, post_status_id: 2, tenant_id: ACME }, 220),
      stamped({ id: 3, user_id: 8, post_id: 9, post_status_id: 3, tenant_id: BETA }, 920),
      stamped({ id: 4, user_id: 2, post_id: 3, post_status_id: 1, tenant_id: ACME }, 320),
      stamped({ id: 5, user_id: 2, post_id: 3, post_status_id: 4, tenant_id: ACME }, 330),
      stamped({ id: 6, user_id: 1, post_id: 4, post_status_id: 5, tenant_id: ACME }, 420),
    ],
    webhooks: [stamped({ id: 1, name: 'Slack', url: 'encrypted-by-rails', tenant_id: ACME }, 50)],
    o_auths: [
      stamped({ id: 1, name: 'GitHub', ...oauthFields(), tenant_id: ACME }, 60),
      // A hosted Astuto's site-wide default provider: no tenant's own.
      stamped({ id: 2, name: 'Google', ...oauthFields(), tenant_id: null }, 61),
    ],
    api_keys: [
      stamped({ id: 1, tenant_id: ACME, user_id: 1, common_token_prefix: 'tkn_admin_', random_token_prefix: 'Ab12Cd', token_digest: 'd1' }, 70),
      stamped({ id: 2, tenant_id: BETA, user_id: 8, common_token_prefix: 'tkn_admin_', random_token_prefix: 'Ef34Gh', token_digest: 'd2' }, 71),
    ],
    invitations: [
      stamped({ id: 1, email: 'new1@acme.example', token_digest: 'i1', tenant_id: ACME }, 80),
      stamped({ id: 2, email: 'new2@acme.example', token_digest: 'i2', tenant_id: ACME }, 81),
    ],
  };
}

function oauthFields(): Row {
  return {
    client_id: 'id',
    client_secret: 'secret',
    authorize_url: 'https://auth.example/authorize',
    token_url: 'https://auth.example/token',
    profile_url: 'https://auth.example/me',
    scope: 'email',
    json_user_email_path: 'email',
  };
}

/** Inserts rows (all with the same columns) in batches under PostgreSQL's parameter limit. */
async function insertRows(client: pg.ClientBase, table: string, rows: Row[]): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const columns = Object.keys(first);
  const batch = Math.floor(10_000 / columns.length);
  for (let start = 0; start < rows.length; start += batch) {
    const slice = rows.slice(start, start + batch);
    const values: Value[] = [];
    const tuples = slice.map((row) => `(${columns.map((column) => `$${values.push(row[column] ?? null)}`).join(', ')})`);
    await client.query(`INSERT INTO ${table} (${columns.map((column) => `"${column}"`).join(', ')}) VALUES ${tuples.join(', ')}`, values);
  }
}

/** What the reader must answer for one tenant of the world, built from the rows above. */
function expectedFor(rows: World, tenantId: number, options: { approvalKnown: boolean }): SourceData {
  const mine = (row: Row) => row.tenant_id === tenantId;
  const id = (value: Value | undefined) => (value === null || value === undefined ? null : String(value));
  const tenant = rows.tenants.find((row) => row.id === tenantId)!;
  const isPrivate = rows.tenant_settings.find((row) => row.tenant_id === tenantId)?.is_private === true;
  const imported = (row: Row) => !options.approvalKnown || row.approval_status === 0;
  const posts = rows.posts.filter(mine);
  const keptPosts = new Set(posts.filter(imported).map((row) => row.id));
  const comments = rows.comments.filter(mine);
  const likes = rows.likes.filter(mine);
  const users = rows.users.filter(mine);
  const statuses = rows.post_statuses.filter(mine).sort((a, b) => Number(a.order) - Number(b.order));
  const byOrder = (a: Row, b: Row) => Number(a.order) - Number(b.order) || Number(a.id) - Number(b.id);
  const expandColor = (color: string) => (color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color).toLowerCase();

  const leftOut: string[] = [];
  const s = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  if (options.approvalKnown) {
    for (const [kind, what] of [
      [1, 'awaiting approval in Astuto'],
      [2, "rejected by Astuto's moderators"],
    ] as const) {
      const held = new Set(posts.filter((row) => row.approval_status === kind).map((row) => row.id));
      if (held.size === 0) continue;
      const heldVotes = likes.filter((row) => held.has(row.post_id)).length;
      const heldComments = comments.filter((row) => held.has(row.post_id)).length;
      leftOut.push(`${s(held.size, 'post')} ${what} (with ${s(heldVotes, 'vote')} and ${s(heldComments, 'comment')}): not imported, as feedbackd would publish them`);
    }
  }
  const updates = comments.filter((row) => row.is_post_update === true && keptPosts.has(row.post_id)).length;
  if (updates > 0) leftOut.push(`${s(updates, 'post-update mark')} on comments: not imported (the comments are, as ordinary ones)`);
  const offRoadmap = statuses.filter((row) => row.show_in_roadmap === false).map((row) => row.name);
  if (offRoadmap.length > 0) {
    leftOut.push(`${s(offRoadmap.length, '"not on the roadmap" setting')} of statuses (${offRoadmap.join(', ')}): not imported (they become roadmaps like the others unless --status-map says none)`);
  }
  const blocked = users.filter((row) => row.status === 1).length;
  if (blocked > 0) leftOut.push(`${s(blocked, 'user block')}: not imported (the accounts come unblocked)`);
  const team = users.filter((row) => typeof row.role === 'number' && row.role > 0).length;
  if (team > 0) leftOut.push(`${s(team, 'moderator, admin or owner role')}: not imported (those people come as ordinary accounts)`);
  const counted: [keyof World, string, string][] = [
    ['follows', 'follow (post subscription)', 'follows (post subscriptions)'],
    ['post_status_changes', 'post status change (status history)', 'post status changes (status history)'],
    ['webhooks', 'webhook', 'webhooks'],
    ['o_auths', 'OAuth sign-in provider', 'OAuth sign-in providers'],
    ['api_keys', 'API key', 'API keys'],
    ['invitations', 'invitation', 'invitations'],
  ];
  for (const [table, one, many] of counted) {
    const n = rows[table].filter(mine).length;
    if (n > 0) leftOut.push(`${s(n, one, many)}: not imported`);
  }

  return {
    tool: 'astuto',
    site: String(tenant.subdomain),
    users: users.map((row) => ({
      sourceId: String(row.id),
      email: row.status === 2 ? null : String(row.email),
      name: row.full_name === null ? '' : String(row.full_name),
      createdAt: String(row.created_at),
    })),
    boards: rows.boards
      .filter(mine)
      .sort(byOrder)
      .map((row) => ({ sourceId: String(row.id), name: String(row.name), description: row.description === null ? null : String(row.description), hidden: isPrivate, createdAt: String(row.created_at) })),
    statuses: statuses.map((row) => ({ sourceId: String(row.id), name: String(row.name), color: expandColor(String(row.color)), isDefault: false })),
    tags: [],
    posts: posts.filter(imported).map((row) => ({
      sourceId: String(row.id),
      title: String(row.title),
      content: row.description === null ? null : String(row.description),
      boardId: String(row.board_id),
      statusId: id(row.post_status_id),
      authorId: id(row.user_id),
      createdAt: String(row.created_at),
      tagIds: [],
    })),
    votes: likes.filter((row) => keptPosts.has(row.post_id)).map((row) => ({ postId: String(row.post_id), userId: String(row.user_id), createdAt: String(row.created_at) })),
    comments: comments
      .filter((row) => keptPosts.has(row.post_id))
      .map((row) => ({
        sourceId: String(row.id),
        postId: String(row.post_id),
        parentId: id(row.parent_id),
        authorId: String(row.user_id),
        body: String(row.body),
        createdAt: String(row.created_at),
        internal: false,
      })),
    changelog: [],
    leftOut,
  };
}

export interface AstutoFixture {
  /** The schema's URL (search_path set), naming no tenant: refused, since it holds two. */
  url: string;
  /** `url` with `tenant=acme`: the full site. */
  source: string;
  expected: SourceData;
  /** The private site, `beta`. */
  second: { source: string; expected: SourceData };
  /** `acme` as an Astuto from before July 2024 (no posts.approval_status) reads it: every post published. */
  expectedWithoutApproval: SourceData;
  drop(): Promise<void>;
}

/** Builds the Astuto database in a fresh schema of the PostgreSQL database at `databaseUrl`. */
export async function buildAstutoFixture(databaseUrl: string): Promise<AstutoFixture> {
  const schema = await createSchema(databaseUrl);
  const rows = world();
  await withClient(schema.url, async (client) => {
    await client.query(ASTUTO_DDL);
    for (const table of TABLE_ORDER) await insertRows(client, table, rows[table]);
  });
  return {
    url: schema.url,
    source: `${schema.url}&tenant=acme`,
    expected: expectedFor(rows, ACME, { approvalKnown: true }),
    second: { source: `${schema.url}&tenant=BETA`, expected: expectedFor(rows, BETA, { approvalKnown: true }) },
    expectedWithoutApproval: expectedFor(rows, ACME, { approvalKnown: false }),
    drop: schema.drop,
  };
}

/** Runs `work` with a client on `url` (search_path already set by it). */
export async function withClient<T>(url: string, work: (client: pg.ClientBase) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Rails writes UTC; the fixture's ISO strings are stored as the UTC wall time.
    await client.query("SET TIME ZONE 'UTC'");
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Ways to damage the fixture's database, each with the place the reader's refusal must name.
 * All but the dropped table and column are rows Astuto's constraints allow but its models never
 * write (another tenant's board, a reply on another post…).
 */
export const ASTUTO_DAMAGES = {
  'post title blank': { sql: "UPDATE posts SET title = '   ' WHERE id = 2", names: 'table posts row id=2 field "title"' },
  "post on another tenant's board": { sql: 'UPDATE posts SET board_id = 3 WHERE id = 5', names: 'table posts row id=5 field "board_id"' },
  'post status unknown to Astuto': { sql: 'UPDATE posts SET approval_status = 7 WHERE id = 3', names: 'table posts row id=3 field "approval_status"' },
  'reply on another post': { sql: 'UPDATE comments SET parent_id = 4 WHERE id = 2', names: 'table comments row id=2 field "parent_id"' },
  'comment body missing': { sql: 'UPDATE comments SET body = NULL WHERE id = 7', names: 'table comments row id=7 field "body"' },
  'user email not an address': { sql: "UPDATE users SET email = 'zoe at acme' WHERE id = 3", names: 'table users row id=3 field "email"' },
  "like by another tenant's user": { sql: 'UPDATE likes SET user_id = 8 WHERE id = 3', names: 'table likes row id=3 field "user_id"' },
  'status colour not a colour': { sql: "UPDATE post_statuses SET color = 'blue' WHERE id = 2", names: 'table post_statuses row id=2 field "color"' },
  'likes table dropped': { sql: 'DROP TABLE likes CASCADE', names: 'table likes is missing' },
  'comments.parent_id dropped': { sql: 'ALTER TABLE comments DROP COLUMN parent_id CASCADE', names: 'table comments: column parent_id is missing' },
} as const;

export type AstutoDamage = keyof typeof ASTUTO_DAMAGES;

export async function damageAstuto(url: string, damage: AstutoDamage): Promise<void> {
  await withClient(url, (client) => client.query(ASTUTO_DAMAGES[damage].sql));
}

/** Makes the fixture an Astuto from before July 2024, which had no posts.approval_status. */
export async function dropApprovalStatus(url: string): Promise<void> {
  await withClient(url, (client) => client.query('ALTER TABLE posts DROP COLUMN approval_status'));
}

/** Another tool's database (LogChimp-like tables: posts, users, boards without tenants) in a fresh schema. */
export async function buildOtherToolDatabase(databaseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = await createSchema(databaseUrl);
  await withClient(schema.url, (client) =>
    client.query(`
      CREATE TABLE users (user_id uuid PRIMARY KEY, email varchar NOT NULL, name varchar, created_at timestamptz NOT NULL);
      CREATE TABLE boards (board_id uuid PRIMARY KEY, name varchar NOT NULL, url varchar NOT NULL, display boolean, created_at timestamptz NOT NULL);
      CREATE TABLE posts (post_id uuid PRIMARY KEY, title varchar NOT NULL, content text, board_id uuid, user_id uuid, created_at timestamptz NOT NULL);
    `),
  );
  return { url: schema.url, drop: schema.drop };
}

/** Leaves only `acme` in the database, as most self-hosted Astutos are: one tenant. */
export async function keepOnlyAcme(url: string): Promise<void> {
  const tables = ['comments', 'likes', 'follows', 'post_status_changes', 'api_keys', 'invitations', 'webhooks', 'o_auths', 'posts', 'boards', 'post_statuses', 'users', 'tenant_settings'];
  await withClient(url, async (client) => {
    for (const table of tables) await client.query(`DELETE FROM ${table} WHERE tenant_id = $1`, [BETA]);
    await client.query('DELETE FROM tenants WHERE id = $1', [BETA]);
  });
}
