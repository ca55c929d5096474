import { CONTENT_MIGRATION } from '../content/migration.js';
import { CORE_MIGRATION } from './001-core.js';
import { POST_SEARCH_MIGRATION } from './003-post-search.js';
import { USER_SEARCH_MIGRATION } from './004-user-search.js';
import { NOTICES_MIGRATION } from './005-notices.js';
import { TEAM_ROLE_MIGRATION } from './006-team-role.js';
import { BOARD_DESCRIPTION_MIGRATION } from './007-board-description.js';
import { SIGN_IN_LINKS_MIGRATION } from './008-sign-in-links.js';
import { SIGN_IN_MIGRATION } from './009-sign-in.js';
import { AUTH_PROVIDERS_MIGRATION } from './010-auth-providers.js';
import { CHANGELOG_MIGRATION } from './011-changelog.js';
import { POST_MERGES_MIGRATION } from './012-post-merges.js';
import { TAGS_MIGRATION } from './013-tags.js';
import { MODERATION_MIGRATION } from './014-moderation.js';
import { UPLOADS_MIGRATION } from './015-uploads.js';
import { USER_AVATARS_MIGRATION } from './016-user-avatars.js';
import { USER_LOCALES_MIGRATION } from './017-user-locales.js';
import { SITE_LANGUAGE_MIGRATION } from './018-site-language.js';
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
  // The Team role (issue 27).
  TEAM_ROLE_MIGRATION,
  // Board descriptions (issue 27).
  BOARD_DESCRIPTION_MIGRATION,
  // Mailed sign-in links (issue 28).
  SIGN_IN_LINKS_MIGRATION,
  // Single sign-on secrets and linked identities (issue 28).
  SIGN_IN_MIGRATION,
  // OpenID Connect providers (issue 28 §2).
  AUTH_PROVIDERS_MIGRATION,
  // The changelog and its linked posts (issue 30 §1).
  CHANGELOG_MIGRATION,
  // Merged posts (issue 30 §2).
  POST_MERGES_MIGRATION,
  // Tags and the tags of posts (issue 31 §1).
  TAGS_MIGRATION,
  // The approval queue and spam (issue 31 §2).
  MODERATION_MIGRATION,
  // Uploaded images (issue 31 §3).
  UPLOADS_MIGRATION,
  // Users' avatars fetched from a sign-in's picture (issue 28).
  USER_AVATARS_MIGRATION,
  // Each user's language, which their mails follow (issue 33).
  USER_LOCALES_MIGRATION,
  // The site's default language and the owner's words per language (issue 33).
  SITE_LANGUAGE_MIGRATION,
];

/** The storage schema version the rows of a database follow once migration `id` is its newest (0: none). */
export function rowSchemaAt(id: number): number {
  return MIGRATIONS.find((migration) => migration.id === id)?.rowSchema ?? 0;
}
