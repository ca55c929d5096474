import type { ChangelogEntryView } from '../../services/changelog/views.js';
import type { CliRun } from '../io.js';
import type { AdminFlags } from './admin-options.js';
import { quoted } from './content-fields.js';
import { counted, printFields, printJson, printLines, printTable } from './output.js';
import { runAdminOperation } from './run-operation.js';

/** The work of `feedbackd changelog …`: run the operation, print the answer as text or JSON. */

export interface ListFlags extends AdminFlags {
  limit?: string;
  page?: string;
}

export interface PublishFlags extends AdminFlags {
  at?: string;
}

const CONTENT_WIDTH = 200;

/** `changelog list`: newest first, drafts and scheduled entries included. */
export async function listChangelogCommand(flags: ListFlags, run: CliRun): Promise<void> {
  const entries = (await runAdminOperation(flags, run, 'changelog.list', { limit: flags.limit, page: flags.page })) as ChangelogEntryView[];
  if (flags.json) return printJson(run.io, entries);
  const columns = [
    { title: 'ID', cell: (entry: ChangelogEntryView) => entry.entryId },
    { title: 'STATUS', cell: (entry: ChangelogEntryView) => entry.status },
    { title: 'WHEN', cell: (entry: ChangelogEntryView) => entry.publishedAt ?? entry.publishAt ?? '-' },
    { title: 'POSTS', cell: (entry: ChangelogEntryView) => String(entry.posts.length), alignRight: true },
    { title: 'TITLE', cell: (entry: ChangelogEntryView) => entry.title },
  ];
  printTable(run.io, columns, entries, 'No changelog entries.');
}

/** `changelog show <entry>`. */
export async function showChangelogCommand(ref: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const entry = (await runAdminOperation(flags, run, 'changelog.show', { entry: ref })) as ChangelogEntryView;
  if (flags.json) return printJson(run.io, entry);
  printFields(run.io, [
    ['ID', entry.entryId],
    ['Title', entry.title],
    ['Slug', entry.slug],
    ['Status', entry.status],
    ['Publish at', entry.publishAt ?? '-'],
    ['Published', entry.publishedAt ?? '-'],
    ['Labels', entry.labels.join(', ') || '-'],
    ['Posts', entry.posts.map((post) => `${post.slug} (${post.postId})`).join(', ') || '-'],
    ['Moves to', entry.moveToRoadmapId ?? '-'],
    ['Author', entry.author ? `${entry.author.username} (${entry.author.userId})` : '-'],
    ['Content', entry.contentMarkdown === null ? '-' : shortened(entry.contentMarkdown)],
  ]);
}

/** `changelog publish <entry> [--at <iso>]`. */
export async function publishChangelogCommand(ref: string, flags: PublishFlags, run: CliRun): Promise<void> {
  const entry = (await runAdminOperation(flags, run, 'changelog.publish', { entry: ref, at: flags.at })) as ChangelogEntryView;
  if (flags.json) return printJson(run.io, entry);
  if (entry.status === 'scheduled') printLines(run.io, `Scheduled ${quoted(entry.title)} (${entry.entryId}) for ${entry.publishAt}: serve publishes it then.`);
  else printLines(run.io, `Published ${quoted(entry.title)} (${entry.entryId}); serve mails the followers of its ${counted(entry.posts.length, 'post')}.`);
}

/** `changelog delete <entry>`. */
export async function deleteChangelogCommand(ref: string, flags: AdminFlags, run: CliRun): Promise<void> {
  const entry = (await runAdminOperation(flags, run, 'changelog.delete', { entry: ref })) as ChangelogEntryView;
  if (flags.json) return printJson(run.io, entry);
  printLines(run.io, `Deleted changelog entry ${quoted(entry.title)} (${entry.entryId}); its posts stay.`);
}

function shortened(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > CONTENT_WIDTH ? `${line.slice(0, CONTENT_WIDTH - 1)}…` : line;
}
