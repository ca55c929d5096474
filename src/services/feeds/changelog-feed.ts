import { listChangelog } from '../changelog/entries.js';
import type { ChangelogEntryView } from '../changelog/views.js';
import type { ServiceContext } from '../context.js';

/** How many of the newest entries the changelog's feed holds. */
export const CHANGELOG_FEED_SIZE = 20;

/**
 * The newest published entries, as a visitor who is not signed in sees them: feed readers never
 * sign in, so drafts never show and linked ideas on hidden boards are left out.
 */
export async function changelogFeed(ctx: ServiceContext): Promise<ChangelogEntryView[]> {
  return (await listChangelog(ctx, null, { limit: String(CHANGELOG_FEED_SIZE) })).entries;
}
