import type { ServiceContext } from '../services/context.js';
import { deleteChangelogEntry, listChangelog, showChangelogEntry } from '../services/changelog/entries.js';
import { publishChangelogEntry } from '../services/changelog/publish.js';
import type { ChangelogEntryView } from '../services/changelog/views.js';
import type { OperationArgs, OperationTable } from './operations.js';
import { systemActor } from './system-actor.js';

/**
 * `feedbackd changelog …`: `entry` names an entry by id or slug. The system sees drafts and
 * scheduled entries and every linked post, through the same services as `/api/v1/changelog`.
 * Publishing by the system still moves posts and records events as the entry's author.
 */
export const CHANGELOG_OPERATIONS: OperationTable = {
  'changelog.list': (ctx, args) => listEntries(ctx, args),
  'changelog.show': (ctx, args) => showEntry(ctx, args),
  'changelog.publish': (ctx, args) => publishEntry(ctx, args),
  'changelog.delete': (ctx, args) => deleteEntry(ctx, args),
};

/** A page of entries, newest first, drafts and scheduled ones included; `limit` and `page` follow the API's rules. */
async function listEntries(ctx: ServiceContext, args: OperationArgs): Promise<ChangelogEntryView[]> {
  const query = { ...(args.limit === undefined ? {} : { limit: String(args.limit) }), ...(args.page === undefined ? {} : { page: String(args.page) }) };
  return (await listChangelog(ctx, systemActor(), query)).entries;
}

function showEntry(ctx: ServiceContext, args: OperationArgs): Promise<ChangelogEntryView> {
  return showChangelogEntry(ctx, systemActor(), String(args.entry ?? ''));
}

/** Now, or at `at` (an ISO 8601 time with a zone) when that is in the future. */
async function publishEntry(ctx: ServiceContext, args: OperationArgs): Promise<ChangelogEntryView> {
  const entry = await showEntry(ctx, args);
  return publishChangelogEntry(ctx, systemActor(), entry.entryId, { publishAt: args.at ?? null });
}

/** Deletes the entry and its links; answers with the entry as it was. */
async function deleteEntry(ctx: ServiceContext, args: OperationArgs): Promise<ChangelogEntryView> {
  const entry = await showEntry(ctx, args);
  await deleteChangelogEntry(ctx, systemActor(), entry.entryId);
  return entry;
}
