import type { ItemDecision } from '../../admin/moderation-operations.js';
import type { ModerationQueue } from '../../services/moderation/queue.js';
import type { CliRun } from '../io.js';
import type { AdminFlags } from './admin-options.js';
import { quoted } from './content-fields.js';
import { printJson, printLines } from './output.js';
import { runAdminOperation } from './run-operation.js';

/** The work of `feedbackd moderation …` (issue 31 §2): run the operation, print the answer as text or JSON. */

export interface QueueFlags extends AdminFlags {
  spam?: boolean;
  page?: string;
  limit?: string;
}

export interface ApproveFlags extends AdminFlags {
  trust?: boolean;
}

export interface DeclineFlags extends AdminFlags {
  block?: boolean;
}

/** `moderation list`: the waiting (or --spam) posts and comments, oldest first. */
export async function listQueueCommand(flags: QueueFlags, run: CliRun): Promise<void> {
  const queue = (await runAdminOperation(flags, run, 'moderation.list', { spam: flags.spam === true, page: flags.page, limit: flags.limit })) as ModerationQueue;
  if (flags.json) return printJson(run.io, queue);
  const what = queue.approval === 'spam' ? 'marked spam' : 'waiting for approval';
  const { counts } = queue;
  const total = queue.approval === 'spam' ? counts.spamPosts + counts.spamComments : counts.waitingPosts + counts.waitingComments;
  if (total === 0) return printLines(run.io, `Nothing is ${what}.`);
  const lines = [`${total} ${total === 1 ? 'item' : 'items'} ${what}, oldest first:`];
  for (const post of queue.posts) lines.push(`  post     ${post.postId}  ${post.createdAt}  ${post.author.name}: ${quoted(post.title)}`);
  for (const { comment, author, post } of queue.comments) lines.push(`  comment  ${comment.id}  ${comment.created_at}  ${author.name} on ${quoted(post.title)}: ${quoted(comment.body)}`);
  printLines(run.io, ...lines);
}

/** `moderation approve <item> [--trust]`. */
export async function approveCommand(item: string, flags: ApproveFlags, run: CliRun): Promise<void> {
  const decision = (await runAdminOperation(flags, run, 'moderation.approve', { item, trust: flags.trust === true })) as ItemDecision;
  if (flags.json) return printJson(run.io, decision);
  printLines(run.io, `Approved ${decision.kind} ${decision.id}${decision.author?.isTrusted && flags.trust ? '; its author is trusted now' : ''}.`);
}

/** `moderation decline <item> [--block]`. */
export async function declineCommand(item: string, flags: DeclineFlags, run: CliRun): Promise<void> {
  const decision = (await runAdminOperation(flags, run, 'moderation.decline', { item, block: flags.block === true })) as ItemDecision;
  if (flags.json) return printJson(run.io, decision);
  printLines(run.io, `Declined ${decision.kind} ${decision.id}: deleted, its author told by mail${decision.author?.isBlocked && flags.block ? ' and blocked' : ''}.`);
}
