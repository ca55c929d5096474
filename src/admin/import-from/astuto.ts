import pg from 'pg';
import { checkAstutoSchema } from './astuto-schema.js';
import {
  type AstutoTenant,
  countRows,
  readBoards,
  readComments,
  readPosts,
  readStatuses,
  readTenants,
  readUsers,
  readVotes,
  type WithheldCounts,
} from './astuto-rows.js';
import { type SourceData, SourceError, type SourceInput, type SourceReader } from './source-model.js';

/*
 * Astuto (github.com/astuto/astuto, end of life January 2026), read from its PostgreSQL database:
 * `feedbackd import --from astuto postgres://user:password@host:5432/astuto_production`.
 *
 * The format comes from Astuto's repository at commit 9176b96167501762d9697c2e634da04bb58eb310
 * (31 October 2025, the last; release line 1.1.x): db/schema.rb (schema 2024_11_30_112415),
 * db/migrate/ (when each column came), app/models/*.rb (enums, validations, tenant scoping),
 * app/controllers/{posts,comments,registrations}_controller.rb (what is shown, what deleting an
 * account does). Details of each table are in astuto-rows.ts.
 *
 * Astuto is multi-tenant: one database holds one site per tenant (its subdomain), every row has
 * a tenant_id, and ids are unique across the database. The reader imports one tenant, whose
 * subdomain becomes SourceData.site: the only one, or the one named by a `tenant` parameter of
 * the URL (`postgres://…/astuto_production?tenant=acme`), which is taken off before connecting.
 * When the database holds several tenants and the URL names none, it refuses and lists them.
 *
 * Decisions:
 * - Pending and rejected posts (posts.approval_status, which only moderators see) are not
 *   imported, with their likes and comments, and are counted in leftOut: the shared model has no
 *   approval state, and importing them would publish what Astuto's moderators had not approved
 *   or had refused.
 * - Astuto has no "no status yet" status row (a post without one has post_status_id null, and
 *   no status is a tenant's default), so no SourceStatus is isDefault; such posts have statusId null.
 * - Astuto has no hidden boards; a private site (tenant_settings.is_private, only invited members
 *   see it) has every board hidden, so that nothing private becomes public.
 * - Deleted users (status deleted; since May 2024 Astuto also replaces their email by a random
 *   `…@deleted.com` and their name by "Deleted user") get email null and keep the name Astuto left.
 * - Comments marked as post updates become ordinary public comments (Astuto shows them to all).
 * - Texts are Markdown, as Astuto stores and renders them.
 *
 * Everything is read in one read-only, repeatable-read transaction (one snapshot, nothing
 * written), which is rolled back at the end.
 */
export const readAstuto: SourceReader = async (input: SourceInput): Promise<SourceData> => {
  const source = parseSource(input.source);
  const client = new pg.Client({ connectionString: source.connectionString, connectionTimeoutMillis: 10_000 });
  // A connection lost mid-read rejects the running query; this only keeps the event from crashing the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new SourceError(source.where, `cannot connect: ${messageOf(error)}`);
  }
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query("SET LOCAL TIME ZONE 'UTC'");
    return await readSite(client, source, input.onProgress ?? (() => undefined));
  } catch (error) {
    if (error instanceof SourceError) throw error;
    throw new SourceError(source.where, `cannot read: ${messageOf(error)}`);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
};

interface AstutoSource {
  /** The URL pg connects with: the source without its `tenant` parameter. */
  connectionString: string;
  /** The tenant's subdomain the URL asks for, if any. */
  tenant: string | null;
  /** The database for messages: `postgres://user@host:port/database`, never the password or parameters. */
  where: string;
}

function parseSource(source: string | undefined): AstutoSource {
  if (source === undefined || !/^postgres(ql)?:\/\//i.test(source)) {
    throw new SourceError('astuto', "the source must be the URL of Astuto's PostgreSQL database (postgres://user:password@host:5432/astuto_production)");
  }
  const queryAt = source.indexOf('?');
  const base = queryAt === -1 ? source : source.slice(0, queryAt);
  const params = queryAt === -1 ? [] : source.slice(queryAt + 1).split('&');
  // Split by hand rather than through URLSearchParams, which would re-encode the other parameters (libpq's `options`).
  const isTenant = (param: string) => param === 'tenant' || param.startsWith('tenant=');
  const tenantParam = params.find(isTenant);
  const kept = params.filter((param) => param !== '' && !isTenant(param));
  const tenant = tenantParam === undefined ? null : decodeParam(tenantParam.slice('tenant='.length)).trim().toLowerCase();
  return {
    connectionString: kept.length === 0 ? base : `${base}?${kept.join('&')}`,
    tenant: tenant === '' ? null : tenant,
    where: describe(base),
  };
}

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    throw new SourceError('astuto', `the tenant parameter "${value}" is not valid URL text`);
  }
}

function describe(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username === '' ? '' : `${parsed.username}@`;
    return `postgres://${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return 'postgres://(unreadable URL)';
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function readSite(client: pg.ClientBase, source: AstutoSource, progress: (what: string) => void): Promise<SourceData> {
  const facts = await checkAstutoSchema(client, source.where);
  const tenant = chooseTenant(await readTenants(client, facts), source);
  const { where } = source;

  const users = await readUsers(client, where, tenant.id);
  progress(`users ${users.users.length}`);
  const boards = await readBoards(client, where, tenant);
  const statuses = await readStatuses(client, where, tenant.id);
  progress(`boards ${boards.length}, statuses ${statuses.statuses.length}`);
  const userIds = new Set(users.users.map((user) => user.sourceId));
  const ids = { users: userIds, boards: new Set(boards.map((board) => board.sourceId)), statuses: new Set(statuses.statuses.map((status) => status.sourceId)) };
  const posts = await readPosts(client, where, tenant.id, facts, ids);
  progress(`posts ${posts.posts.length}`);
  const postIds = { imported: new Set(posts.posts.map((post) => post.sourceId)), withheld: posts.withheld };
  const votes = await readVotes(client, where, tenant.id, postIds, userIds);
  progress(`votes ${votes.votes.length}`);
  const comments = await readComments(client, where, tenant.id, postIds, userIds);
  progress(`comments ${comments.comments.length}`);

  const leftOut: string[] = [];
  for (const kind of ['pending', 'rejected'] as const) {
    const count = [...posts.withheld.values()].filter((value) => value === kind).length;
    if (count > 0) leftOut.push(withheldLine(kind, count, votes.withheld, comments.withheld));
  }
  if (comments.postUpdates > 0) {
    leftOut.push(`${plural(comments.postUpdates, 'post-update mark')} on comments: not imported (the comments are, as ordinary ones)`);
  }
  if (statuses.offRoadmap.length > 0) {
    leftOut.push(
      `${plural(statuses.offRoadmap.length, '"not on the roadmap" setting')} of statuses (${statuses.offRoadmap.join(', ')}): not imported (they become roadmaps like the others unless --status-map says none)`,
    );
  }
  if (users.blocked > 0) leftOut.push(`${plural(users.blocked, 'user block')}: not imported (the accounts come unblocked)`);
  if (users.team > 0) leftOut.push(`${plural(users.team, 'moderator, admin or owner role')}: not imported (those people come as ordinary accounts)`);
  for (const table of facts.countedTables) {
    const count = await countRows(client, table, tenant.id);
    if (count > 0) leftOut.push(`${plural(count, COUNTED_NAMES[table][0], COUNTED_NAMES[table][1])}: not imported`);
  }

  return {
    tool: 'astuto',
    site: tenant.subdomain,
    users: users.users,
    boards,
    statuses: statuses.statuses,
    tags: [],
    posts: posts.posts,
    votes: votes.votes,
    comments: comments.comments,
    changelog: [],
    leftOut,
  };
}

function chooseTenant(tenants: AstutoTenant[], source: AstutoSource): AstutoTenant {
  const subdomains = tenants.map((tenant) => tenant.subdomain).join(', ');
  if (source.tenant !== null) {
    const wanted = tenants.find((tenant) => tenant.subdomain.toLowerCase() === source.tenant);
    if (wanted === undefined) throw new SourceError(`${source.where}: table tenants`, `has no tenant with subdomain "${source.tenant}"; it has: ${subdomains || 'none'}`);
    return wanted;
  }
  const [only, ...others] = tenants;
  if (only === undefined) throw new SourceError(`${source.where}: table tenants`, 'is empty: this Astuto database holds no site');
  if (others.length > 0) {
    throw new SourceError(
      `${source.where}: table tenants`,
      `holds ${tenants.length} sites (${subdomains}): name the one to import with ?tenant=<subdomain> at the end of the URL`,
    );
  }
  return only;
}

const COUNTED_NAMES = {
  follows: ['follow (post subscription)', 'follows (post subscriptions)'],
  post_status_changes: ['post status change (status history)', 'post status changes (status history)'],
  webhooks: ['webhook', 'webhooks'],
  o_auths: ['OAuth sign-in provider', 'OAuth sign-in providers'],
  api_keys: ['API key', 'API keys'],
  invitations: ['invitation', 'invitations'],
} as const;

function withheldLine(kind: 'pending' | 'rejected', posts: number, votes: WithheldCounts, comments: WithheldCounts): string {
  const what = kind === 'pending' ? 'awaiting approval in Astuto' : "rejected by Astuto's moderators";
  return `${plural(posts, 'post')} ${what} (with ${plural(votes[kind], 'vote')} and ${plural(comments[kind], 'comment')}): not imported, as feedbackd would publish them`;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
