import type { Repositories } from './types.js';

/** Rows per table, by the contract's table names (`userRoles`). */
export type RowCounts = Record<string, number>;

/** The rows of every table of the contract that a snapshot carries, counted through the repositories (any engine). */
export async function countRows(repos: Repositories): Promise<RowCounts> {
  return {
    users: await repos.users.count(),
    roles: await repos.roles.count(),
    userRoles: await repos.userRoles.count(),
    boards: await repos.boards.count(),
    roadmaps: await repos.roadmaps.count(),
    posts: await repos.posts.count(),
    votes: await repos.votes.count(),
    comments: await repos.comments.count(),
    activities: await repos.activities.count(),
    mailTokens: await repos.mailTokens.count(),
    // The mail log has no count: it is short (the newest 1,000 entries are kept).
    mailLog: (await repos.mailLog.list(Number.MAX_SAFE_INTEGER)).length,
    // Not the queues (outbox, deliveries, notifications): like a snapshot, a count describes what a copy carries.
    webhookEndpoints: await repos.webhookEndpoints.count(),
    subscriptions: await repos.subscriptions.count(),
    ssoSecrets: await repos.ssoSecrets.count(),
    linkedIdentities: await repos.linkedIdentities.count(),
    authProviders: await repos.authProviders.count(),
    changelogEntries: await repos.changelogEntries.count(),
    changelogLinks: await repos.changelogLinks.count(),
    postMerges: await repos.postMerges.count(),
    tags: await repos.tags.count(),
    postTags: await repos.postTags.count(),
    uploads: await repos.uploads.count(),
  };
}

/** The rows of each table of a snapshot. */
export function snapshotCounts(tables: Readonly<Record<string, ReadonlyArray<unknown>>>): RowCounts {
  return Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, rows.length]));
}

/** Singular and plural of what a table's rows are, for people. */
const NOUNS: Readonly<Record<string, readonly [string, string]>> = {
  userRoles: ['role assignment', 'role assignments'],
  activities: ['activity entry', 'activity entries'],
  mailTokens: ['mail token', 'mail tokens'],
  mailLog: ['mail log entry', 'mail log entries'],
  webhookEndpoints: ['webhook endpoint', 'webhook endpoints'],
  ssoSecrets: ['single sign-on secret', 'single sign-on secrets'],
  linkedIdentities: ['linked identity', 'linked identities'],
  authProviders: ['sign-in provider', 'sign-in providers'],
  changelogEntries: ['changelog entry', 'changelog entries'],
  changelogLinks: ['changelog link', 'changelog links'],
  postMerges: ['merged post', 'merged posts'],
  tags: ['tag', 'tags'],
  postTags: ['tag of a post', 'tags of posts'],
  uploads: ['uploaded image', 'uploaded images'],
};

/** `3 users, 12 posts`: the tables holding rows, for a message (`no rows` when none does). */
export function describeRows(counts: Readonly<RowCounts>): string {
  const parts = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([name, count]) => {
      const [one, many] = NOUNS[name] ?? [name.replace(/s$/, ''), name];
      return `${count} ${count === 1 ? one : many}`;
    });
  return parts.length === 0 ? 'no rows' : parts.join(', ');
}
