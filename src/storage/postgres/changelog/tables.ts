import type { ChangelogEntryRow, ChangelogLinkRow } from '../../types.js';
import type { CoreTable } from '../core/table.js';

/* How the tables of migration 11 (changelog, issue 30) store the contract's rows. */

export const CHANGELOG_ENTRIES: CoreTable<ChangelogEntryRow> = {
  table: 'changelog_entries',
  name: 'changelogEntries',
  columns: {
    id: 'id',
    slug: 'slug',
    title: 'title',
    contentMarkdown: 'content_markdown',
    labels: 'labels',
    status: 'status',
    publishAt: 'publish_at',
    publishedAt: 'published_at',
    moveToRoadmapId: 'move_to_roadmap_id',
    authorId: 'author_id',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
};

export const CHANGELOG_LINKS: CoreTable<ChangelogLinkRow> = {
  table: 'changelog_links',
  name: 'changelogLinks',
  columns: { id: 'id', entryId: 'entry_id', postId: 'post_id', position: 'position', createdAt: 'created_at' },
};
