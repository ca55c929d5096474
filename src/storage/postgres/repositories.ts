import type { Repositories } from '../types.js';
import {
  createActivitiesRepo,
  createBoardsRepo,
  createCommentsRepo,
  createPostsRepo,
  createRoadmapsRepo,
  createVotesRepo,
} from './content/index.js';
import { createMailLogRepo, createMailTokensRepo } from './core/mail.js';
import { createSettingsRepo } from './core/settings.js';
import { createRolesRepo, createUserRolesRepo, createUsersRepo } from './core/users.js';
import {
  createNotificationsRepo,
  createOutboxRepo,
  createSubscriptionsRepo,
  createWebhookDeliveriesRepo,
  createWebhookEndpointsRepo,
} from './notices/index.js';
import { createPostMergesRepo } from './merges/repos.js';
import { createPostTagsRepo, createTagsRepo } from './tags/repos.js';
import { createUploadsRepo } from './uploads/repos.js';
import type { Queryable } from './queryable.js';
import { createChangelogEntriesRepo, createChangelogLinksRepo } from './changelog/repos.js';
import { createAuthProvidersRepo, createLinkedIdentitiesRepo, createSsoSecretsRepo } from './sign-in/repos.js';

/**
 * PostgreSQL text cannot hold NUL, so nothing stored can equal or start with a value containing one:
 * a read with such a parameter (a lookup key from a URL, say) finds nothing instead of failing.
 */
function nulSafe(db: Queryable): Queryable {
  return {
    query(text, params) {
      const hasNul = params?.some((value) => typeof value === 'string' && value.includes('\u0000'));
      if (hasNul && /^\s*SELECT\b/i.test(text)) return Promise.resolve({ rows: [], rowCount: 0 });
      return db.query(text, params);
    },
  };
}

/** Every repository of the contract over one connection (a pool outside transactions, a client inside). */
export function createRepositories(connection: Queryable): Repositories {
  const db = nulSafe(connection);
  return {
    users: createUsersRepo(db),
    roles: createRolesRepo(db),
    userRoles: createUserRolesRepo(db),
    boards: createBoardsRepo(db),
    roadmaps: createRoadmapsRepo(db),
    posts: createPostsRepo(db),
    votes: createVotesRepo(db),
    comments: createCommentsRepo(db),
    activities: createActivitiesRepo(db),
    settings: createSettingsRepo(db),
    mailTokens: createMailTokensRepo(db),
    mailLog: createMailLogRepo(db),
    outbox: createOutboxRepo(db),
    webhookEndpoints: createWebhookEndpointsRepo(db),
    webhookDeliveries: createWebhookDeliveriesRepo(db),
    subscriptions: createSubscriptionsRepo(db),
    notifications: createNotificationsRepo(db),
    ssoSecrets: createSsoSecretsRepo(db),
    linkedIdentities: createLinkedIdentitiesRepo(db),
    authProviders: createAuthProvidersRepo(db),
    changelogEntries: createChangelogEntriesRepo(db),
    changelogLinks: createChangelogLinksRepo(db),
    postMerges: createPostMergesRepo(db),
    tags: createTagsRepo(db),
    postTags: createPostTagsRepo(db),
    uploads: createUploadsRepo(db),
  };
}
