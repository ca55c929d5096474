import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { strToU8, unzipSync, type Zippable, zipSync } from 'fflate';
import type { SourceComment, SourceData, SourcePost, SourceTag, SourceUser } from '../../../src/admin/import-from/source-model.js';
import {
  DELETED,
  DELETED_POST,
  DUPLICATE,
  type FiderPost,
  type FiderSite,
  type FiderUser,
  fiderSite,
  rfc3339,
  VISITOR,
} from './fider-site.js';

/*
 * Fider's exports, written from code as Fider writes them (learnt from getfider/fider at
 * 67c52826, v0.36.0+): backup.zip as app/pkg/backup makes it (every table of the site as a JSON
 * list of rows with all their columns, keys in Go's sorted order, `<`, `>` and `&` escaped as Go
 * escapes them, then blobs/<key>), and posts.csv as app/pkg/csv makes it (Go's encoding/csv).
 * `expected` is what a reader must answer, worked out here from the site, not by the reader.
 */

const STATUS_NAMES = ['open', 'started', 'completed', 'declined', 'planned', 'duplicate', 'deleted'];

/** Fider's backup.zip of a public site (`acme`), or of a private one (`lab`) with `{ isPrivate: true }`. */
export async function buildFiderFixture(dir: string, options: { isPrivate?: boolean } = {}): Promise<{ source: string; expected: SourceData }> {
  const site = fiderSite({ isPrivate: options.isPrivate ?? false });
  const source = join(dir, 'backup.zip');
  await writeFile(source, zipSync(backupEntries(site)));
  return { source, expected: expectedFromBackup(site) };
}

/** Fider's posts CSV of the public site. */
export async function buildFiderCsvFixture(dir: string): Promise<{ source: string; expected: SourceData }> {
  const site = fiderSite({ isPrivate: false });
  const source = join(dir, 'posts.csv');
  await writeFile(source, postsCsv(site));
  return { source, expected: expectedFromCsv(site) };
}

// ——— backup.zip ———

type Row = Record<string, unknown>;

function backupTables(site: FiderSite): Record<string, Row[]> {
  const t = site.tenant.id;
  return {
    attachments: site.attachments.map((a) => ({ id: a.id, tenant_id: t, post_id: a.postId, comment_id: a.commentId, user_id: a.userId, attachment_bkey: a.bkey })),
    comments: site.comments.map((c) => ({
      id: c.id,
      content: c.content,
      post_id: c.postId,
      user_id: c.userId,
      created_at: c.createdAt,
      tenant_id: t,
      edited_at: c.editedAt,
      edited_by_id: c.editedAt === null ? null : c.userId,
      deleted_at: c.deletedAt,
      deleted_by_id: c.deletedAt === null ? null : c.userId,
      is_approved: c.isApproved,
    })),
    email_verifications: [],
    notifications: [],
    oauth_providers: [],
    posts: site.posts.map((p) => ({
      id: p.id,
      title: p.title,
      description: p.description,
      tenant_id: t,
      created_at: p.createdAt,
      user_id: p.userId,
      number: p.number,
      status: p.status,
      slug: p.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      response: p.response,
      response_user_id: p.responseUserId,
      response_date: p.responseDate,
      original_id: p.originalId,
      language: 'english',
      is_approved: p.isApproved,
      // A tsvector is scanned as bytes, which the backup writes as text.
      search: `'${p.number}':1A`,
    })),
    post_subscribers: site.subscribers.map((s) => ({ user_id: s.userId, post_id: s.postId, created_at: s.createdAt, updated_at: s.createdAt, status: 1, tenant_id: t })),
    post_tags: site.postTags.map((pt) => ({ tag_id: pt.tagId, post_id: pt.postId, created_at: pt.createdAt, created_by_id: 100, tenant_id: t })),
    post_votes: site.votes.map((v) => ({ user_id: v.userId, post_id: v.postId, created_at: v.createdAt, tenant_id: t })),
    tags: site.tags.map((g) => ({ id: g.id, tenant_id: t, name: g.name, slug: g.slug, color: g.color, is_public: g.isPublic, created_at: g.createdAt })),
    tenants: [
      {
        id: t,
        name: site.tenant.name,
        subdomain: site.tenant.subdomain,
        created_at: site.tenant.createdAt,
        cname: '',
        invitation: '',
        welcome_message: site.tenant.welcomeMessage,
        status: 1,
        is_private: site.tenant.isPrivate,
        custom_css: '',
        logo_bkey: 'logos/acme.png',
        locale: 'en',
        is_email_auth_allowed: true,
        is_feed_enabled: true,
        prevent_indexing: false,
        allowed_schemes: '',
        is_moderation_enabled: true,
        is_pro: false,
        welcome_header: null,
        scheduled_deletion_at: null,
        deletion_requested_by: null,
        deletion_cancel_key: null,
        description_template: '',
      },
    ],
    user_providers: site.userProviders.map((u) => ({ user_id: u.userId, provider: u.provider, provider_uid: u.providerUid, created_at: u.createdAt, tenant_id: t })),
    users: site.users.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      created_at: u.createdAt,
      tenant_id: t,
      role: u.role,
      status: u.status,
      api_key: null,
      api_key_date: null,
      avatar_type: 2,
      avatar_bkey: '',
      email_supressed_at: null,
      is_trusted: false,
      security_stamp: `stamp-${u.id}`,
    })),
    user_settings: [],
  };
}

/** json.Marshal of a []map[string]any: keys sorted, HTML characters and line separators escaped. */
export function goJson(rows: Row[]): string {
  const sorted = rows.map((row) => (typeof row === 'object' && row !== null ? Object.fromEntries(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : 1))) : row));
  return JSON.stringify(sorted)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function backupEntries(site: FiderSite, change?: (tables: Record<string, Row[]>) => void): Zippable {
  const tables = backupTables(site);
  change?.(tables);
  const entries: Zippable = {};
  for (const [table, rows] of Object.entries(tables)) entries[`${table}.json`] = strToU8(goJson(rows));
  for (const [key, content] of Object.entries(site.blobs)) entries[`blobs/${key}`] = content;
  return entries;
}

function expectedFromBackup(site: FiderSite): SourceData {
  const kept = site.posts.filter((p) => p.status !== DELETED_POST && p.isApproved);
  const keptIds = new Set(kept.map((p) => p.id));
  const droppedIds = new Set(site.posts.filter((p) => !keptIds.has(p.id)).map((p) => p.id));
  const numberOf = new Map(site.posts.map((p) => [p.id, String(p.number)]));
  const slugOf = new Map(site.tags.map((g) => [g.id, g.slug]));
  const boardId = String(site.tenant.id);
  const posts: SourcePost[] = kept.map((p) => ({
    sourceId: String(p.number),
    title: p.title,
    content: p.description,
    boardId,
    statusId: STATUS_NAMES[p.status]!,
    authorId: String(p.userId),
    createdAt: p.createdAt,
    tagIds: site.postTags.filter((pt) => pt.postId === p.id).map((pt) => slugOf.get(pt.tagId)!),
  }));
  const liveComments = site.comments.filter((c) => keptIds.has(c.postId) && c.deletedAt === null);
  const comments: SourceComment[] = [
    ...kept.flatMap((p) => responseComment(p, p.responseUserId === null ? null : String(p.responseUserId), p.responseDate ?? p.createdAt)),
    ...liveComments.map((c) => ({
      sourceId: String(c.id),
      postId: numberOf.get(c.postId)!,
      parentId: null,
      authorId: String(c.userId),
      body: c.content ?? '',
      createdAt: c.createdAt,
      internal: !c.isApproved,
    })),
  ];
  const droppedVotes = site.votes.filter((v) => droppedIds.has(v.postId)).length;
  const droppedComments = site.comments.filter((c) => droppedIds.has(c.postId)).length;
  const deletedComments = site.comments.filter((c) => keptIds.has(c.postId) && c.deletedAt !== null).length;
  return {
    tool: 'fider',
    site: site.tenant.subdomain,
    users: site.users.map(expectedUser),
    boards: [
      {
        sourceId: boardId,
        name: site.tenant.name,
        // Plain text here: the Markdown's heading mark goes, its lines join.
        description: site.tenant.welcomeMessage === null ? null : site.tenant.welcomeMessage.replace('## ', '').replace(/\n+/g, ' '),
        hidden: site.tenant.isPrivate,
        createdAt: site.tenant.createdAt,
      },
    ],
    statuses: expectedStatuses(posts),
    tags: site.tags.map((g): SourceTag => ({ sourceId: g.slug, name: g.name, color: `#${g.color.toLowerCase()}`, isPrivate: !g.isPublic })),
    posts,
    votes: site.votes.filter((v) => keptIds.has(v.postId)).map((v) => ({ postId: numberOf.get(v.postId)!, userId: String(v.userId), createdAt: v.createdAt })),
    comments,
    changelog: [],
    images: site.attachments.map((a) => ({ ref: `fider-image:${a.bkey}`, bytes: site.blobs[a.bkey]! })),
    leftOut: [
      `${site.posts.filter((p) => p.status === DELETED_POST).length} deleted posts: not imported (Fider shows them to no one)`,
      `${site.posts.filter((p) => p.status !== DELETED_POST && !p.isApproved).length} posts awaiting moderation: not imported (Fider has not published them)`,
      `${droppedVotes} votes and ${droppedComments} comments of those posts: not imported`,
      `${deletedComments} deleted comments: not imported (Fider shows them to no one)`,
      `${kept.filter((p) => p.originalId !== null).length} duplicate links (post → original): not imported (the post keeps its "duplicate" status)`,
      `${Object.keys(site.blobs).length - site.attachments.length} stored files under blobs/ that are not attachments (avatars, logo): not imported`,
      `${site.subscribers.length} post subscriptions: not imported`,
      `${site.users.filter((u) => u.role > VISITOR).length} administrators and collaborators: their roles are not imported`,
      '1 blocked users: their block is not imported (they become ordinary accounts)',
      `${site.userProviders.length} sign-in links to OAuth providers: not imported`,
    ],
  };
}

function expectedUser(u: FiderUser): SourceUser {
  return { sourceId: String(u.id), email: u.status === DELETED || u.email === '' ? null : u.email, name: u.name, createdAt: u.createdAt };
}

/** Fider's statuses the posts are in, in Fider's order, and `open` (the default) always. */
function expectedStatuses(posts: SourcePost[]): SourceData['statuses'] {
  return STATUS_NAMES.slice(0, DELETED_POST)
    .filter((name) => name === 'open' || posts.some((post) => post.statusId === name))
    .map((name) => ({ sourceId: name, name: `${name[0]!.toUpperCase()}${name.slice(1)}`, color: null, isDefault: name === 'open' }));
}

/** A status response with words becomes a public comment of the responder's. */
function responseComment(p: FiderPost, authorId: string | null, createdAt: string): SourceComment[] {
  if (p.response === null || p.response.trim() === '') return [];
  return [{ sourceId: `response-${p.number}`, postId: String(p.number), parentId: null, authorId, body: p.response, createdAt, internal: false }];
}

// ——— posts.csv ———

/** Go's encoding/csv: a field is quoted when it holds a comma, a quote, a line break, or starts with a space. */
export function goCsvLine(fields: string[]): string {
  return `${fields.map((field) => (field !== '' && (/[",\r\n]/.test(field) || /^\s/u.test(field)) ? `"${field.replace(/"/g, '""')}"` : field)).join(',')}\n`;
}

const CSV_HEADER = ['number', 'title', 'description', 'created_at', 'created_by', 'votes_count', 'comments_count', 'status', 'responded_by', 'responded_at', 'response', 'original_number', 'original_title', 'tags'];

/** The posts the CSV export lists: GetAllPosts' "all" view (no duplicates, no deleted), newest id first. */
function csvPosts(site: FiderSite): FiderPost[] {
  return site.posts.filter((p) => p.status !== DUPLICATE && p.status !== DELETED_POST).sort((a, b) => b.id - a.id);
}

function postsCsv(site: FiderSite): string {
  const nameOf = new Map(site.users.map((u) => [u.id, u.name]));
  const slugOf = new Map(site.tags.map((g) => [g.id, g.slug]));
  const lines = [goCsvLine(CSV_HEADER)];
  for (const p of csvPosts(site)) {
    const responded = p.response !== null;
    const original = responded && p.originalId !== null ? site.posts.find((o) => o.id === p.originalId) : undefined;
    lines.push(
      goCsvLine([
        String(p.number),
        p.title,
        p.description ?? '',
        rfc3339(p.createdAt),
        nameOf.get(p.userId)!,
        String(site.votes.filter((v) => v.postId === p.id).length),
        String(site.comments.filter((c) => c.postId === p.id && c.deletedAt === null && c.isApproved).length),
        STATUS_NAMES[p.status]!,
        responded && p.responseUserId !== null ? nameOf.get(p.responseUserId)! : '',
        responded && p.responseDate !== null ? rfc3339(p.responseDate) : '',
        p.response ?? '',
        original ? String(original.number) : '',
        original ? original.title : '',
        site.postTags
          .filter((pt) => pt.postId === p.id)
          .map((pt) => slugOf.get(pt.tagId)!)
          .join(', '),
      ]),
    );
  }
  return lines.join('');
}

function expectedFromCsv(site: FiderSite): SourceData {
  const listed = csvPosts(site);
  const nameOf = new Map(site.users.map((u) => [u.id, u.name]));
  const users = new Map<string, SourceUser>();
  const person = (userId: number | null, time: string): string | null => {
    const name = userId === null ? '' : nameOf.get(userId)!;
    if (name === '') return null;
    const known = users.get(name);
    if (known === undefined) users.set(name, { sourceId: `name:${name}`, email: null, name, createdAt: time });
    else if (time < known.createdAt) known.createdAt = time;
    return `name:${name}`;
  };
  const slugOf = new Map(site.tags.map((g) => [g.id, g.slug]));
  const posts: SourcePost[] = [];
  const comments: SourceComment[] = [];
  for (const p of listed) {
    const createdAt = rfc3339(p.createdAt);
    posts.push({
      sourceId: String(p.number),
      title: p.title,
      content: p.description ?? '',
      boardId: 'posts-csv',
      statusId: STATUS_NAMES[p.status]!,
      authorId: person(p.userId, createdAt),
      createdAt,
      tagIds: site.postTags.filter((pt) => pt.postId === p.id).map((pt) => slugOf.get(pt.tagId)!),
      voteCount: site.votes.filter((v) => v.postId === p.id).length,
    });
    const respondedAt = p.responseDate === null ? createdAt : rfc3339(p.responseDate);
    for (const response of responseComment(p, null, respondedAt)) comments.push({ ...response, authorId: person(p.responseUserId, respondedAt) });
  }
  const tagSlugs = [...new Set(posts.flatMap((p) => p.tagIds))];
  const voteTotal = posts.reduce((sum, p) => sum + (p.voteCount ?? 0), 0);
  const commentTotal = listed.reduce((sum, p) => sum + site.comments.filter((c) => c.postId === p.id && c.deletedAt === null && c.isApproved).length, 0);
  return {
    tool: 'fider',
    site: 'posts-csv',
    users: [...users.values()],
    boards: [{ sourceId: 'posts-csv', name: 'Fider', description: null, hidden: true, createdAt: posts.map((p) => p.createdAt).sort()[0]! }],
    statuses: expectedStatuses(posts),
    tags: tagSlugs.map((slug) => ({ sourceId: slug, name: slug, color: null, isPrivate: true })),
    posts,
    votes: [],
    comments,
    changelog: [],
    leftOut: [
      'the site\'s name and privacy: not in the posts CSV (its posts go to one hidden board, "Fider")',
      `${users.size} people's emails: not in the posts CSV (names only; nobody is matched with an existing account)`,
      `${voteTotal} votes' voters and dates: not in the posts CSV (only each post's count)`,
      `${commentTotal} comments: not in the posts CSV (only their count; Fider's backup.zip has them)`,
      `${tagSlugs.length} tags' names, colours and privacy: not in the posts CSV (slugs only; imported private, named by slug)`,
    ],
  };
}

// ——— damaged and foreign files ———

/** The backup cut short, as an interrupted download leaves it. */
export async function writeTruncatedBackup(dir: string): Promise<string> {
  const whole = zipSync(backupEntries(fiderSite({ isPrivate: false })));
  const source = join(dir, 'backup-truncated.zip');
  await writeFile(source, whole.subarray(0, Math.floor(whole.length * 0.6)));
  return source;
}

/** The backup with one table changed (a wrong field, a missing row…) by `change`. */
export async function writeChangedBackup(dir: string, name: string, change: (tables: Record<string, Row[]>) => void): Promise<string> {
  const source = join(dir, name);
  await writeFile(source, zipSync(backupEntries(fiderSite({ isPrivate: false }), change)));
  return source;
}

/** The backup without one of its table files. */
export async function writeBackupWithout(dir: string, table: string): Promise<string> {
  const entries = unzipSync(zipSync(backupEntries(fiderSite({ isPrivate: false }))));
  delete entries[`${table}.json`];
  const source = join(dir, `backup-without-${table}.zip`);
  await writeFile(source, zipSync(entries));
  return source;
}

/** The posts CSV with one cell replaced (`row` counts as a spreadsheet does, the header being row 1). */
export async function writeChangedCsv(dir: string, row: number, column: string, value: string): Promise<string> {
  const site = fiderSite({ isPrivate: false });
  const lines = postsCsv(site);
  const source = join(dir, `posts-${column}.csv`);
  // Rebuilt from the records rather than by editing text, so quoted line breaks stay whole.
  const records = parse(lines) as string[][];
  records[row - 1]![CSV_HEADER.indexOf(column)] = value;
  await writeFile(source, records.map(goCsvLine).join(''));
  return source;
}

/** Files that are not Fider's: Canny's posts CSV, a feedbackd backup, a zip of another tool, a JSON export. */
export async function writeForeignFiles(dir: string): Promise<Record<'cannyCsv' | 'feedbackdBackup' | 'otherZip' | 'jsonExport', string>> {
  const files = {
    cannyCsv: join(dir, 'canny-posts.csv'),
    feedbackdBackup: join(dir, 'feedbackd-backup.json.gz'),
    otherZip: join(dir, 'other.zip'),
    jsonExport: join(dir, 'export.json'),
  };
  await writeFile(files.cannyCsv, 'Title,Details,Author Name,Author Email,Votes,Status,Board,Created At\nDark mode,Please,Zoë,zoe@example.net,3,open,Feature Requests,2024-01-02\n');
  await writeFile(files.feedbackdBackup, gzipSync(JSON.stringify({ format: 'feedbackd-backup', version: 1, tables: {} })));
  await writeFile(files.otherZip, zipSync({ 'data/boards.json': strToU8('[]'), 'posts.csv': strToU8('id,title\n1,x\n') }));
  await writeFile(files.jsonExport, JSON.stringify({ format: 'feedbackd-export', posts: [] }));
  return files;
}
