import { CONTENT_MIGRATION } from '../content/migration.js';
import { CORE_MIGRATION } from './001-core.js';
import { POST_SEARCH_MIGRATION } from './003-post-search.js';
import { USER_SEARCH_MIGRATION } from './004-user-search.js';
import { NOTICES_MIGRATION } from './005-notices.js';
import type { Migration } from './types.js';

export type { Migration } from './types.js';

/**
 * Every migration, in the order they are applied; ids are 1, 2, 3… without gaps. A migration that
 * has shipped is never edited: schema changes come as new entries.
 */
export const MIGRATIONS: readonly Migration[] = [
  CORE_MIGRATION,
  // Boards, roadmaps, posts, votes, comments and activity: written with the content repositories.
  CONTENT_MIGRATION,
  // Search words and vote counts of posts (API.md §8.1, §8.2).
  POST_SEARCH_MIGRATION,
  // The lower-cased name `GET /users?query=` searches.
  USER_SEARCH_MIGRATION,
  // Notifications and webhooks (issue 17): the outbox, endpoints, deliveries, subscriptions, notifications.
  NOTICES_MIGRATION,
];
