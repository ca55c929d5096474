import { useEffect, useRef, useState } from 'preact/hooks';
import { getModerationQueue, moderate } from '../api/endpoints.js';
import type { ModerationQueue } from '../api/types.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { TimeAgo } from '../components/time-ago.js';
import { plainExcerpt } from '../format.js';
import { useLoad } from '../use-load.js';

/*
 * Dashboard › Moderation (issue 31 §2): the posts and comments waiting for approval, oldest first,
 * or those marked spam. Each can be approved (and its author trusted), declined (deleted, the author
 * told by mail; and the author blocked) or marked spam. Keyboard: j/k move, a approve, t approve and
 * trust, d decline, b decline and block, s mark spam — never while typing in a field.
 */

type Approval = 'waiting' | 'spam';

/** One held item, post or comment, as the list shows it. */
interface Item {
  kind: 'posts' | 'comments';
  id: string;
  title: string;
  excerpt: string;
  author: string;
  createdAt: string;
  href: string;
}

type Action = 'approve' | 'trust' | 'decline' | 'block' | 'spam';

const KEYS: Record<string, Action> = {
  a: 'approve',
  t: 'trust',
  d: 'decline',
  b: 'block',
  s: 'spam',
};

const DONE: Record<Action, string> = {
  approve: 'Approved',
  trust: 'Approved, and its author is trusted now:',
  decline: 'Declined and deleted:',
  block: 'Declined, and its author is blocked:',
  spam: 'Marked as spam:',
};

function itemsOf(queue: ModerationQueue): Item[] {
  const posts: Item[] = queue.posts.map((post) => ({
    kind: 'posts',
    id: post.postId,
    title: post.title,
    excerpt: plainExcerpt(post.contentMarkdown ?? '', 160),
    author: post.author.name || post.author.username,
    createdAt: post.createdAt,
    href: `/p/${post.slug}`,
  }));
  const comments: Item[] = queue.comments.map(({ comment, author, post }) => ({
    kind: 'comments',
    id: comment.id,
    title: `Comment on “${post.title}”`,
    excerpt: plainExcerpt(comment.body, 160),
    author: author.name || author.username,
    createdAt: comment.created_at,
    href: `/p/${post.slug}`,
  }));
  return [...posts, ...comments].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** Whether a key press belongs to a field (or a shortcut of the browser), not to the queue. */
function typing(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function ModerationPage() {
  const [approval, setApproval] = useState<Approval>('waiting');
  const queue = useLoad(() => getModerationQueue(approval), [approval]);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const [current, setCurrent] = useState(0);
  const [busy, setBusy] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const items = queue.data ? itemsOf(queue.data) : [];

  async function act(item: Item, action: Action) {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const verb = action === 'trust' ? 'approve' : action === 'block' ? 'decline' : action;
      await moderate(item.kind, item.id, verb, action === 'trust' ? { trust: true } : action === 'block' ? { block: true } : {});
      setStatus(`${DONE[action]} “${item.title}”.`);
      queue.reload();
      // The navigation's count follows.
      window.dispatchEvent(new Event(DECIDED));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (current >= items.length && items.length > 0) setCurrent(items.length - 1);
  }, [items.length]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event) || items.length === 0) return;
      if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        const next = Math.min(Math.max(current + (event.key === 'j' ? 1 : -1), 0), items.length - 1);
        setCurrent(next);
        list.current?.querySelectorAll<HTMLElement>('.moderation-item')[next]?.focus();
        return;
      }
      const action = KEYS[event.key];
      const item = items[current];
      if (!action || !item) return;
      if (approval === 'spam' && action === 'spam') return;
      event.preventDefault();
      void act(item, action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const counts = queue.data?.counts;
  return (
    <section aria-labelledby="moderation-title" class="moderation">
      <h1 id="moderation-title">Moderation</h1>
      <p class="moderation__help">
        Posts and comments from people who must wait for approval. Keyboard: <kbd>j</kbd> and <kbd>k</kbd> move, <kbd>a</kbd> approves, <kbd>t</kbd> approves
        and trusts the author, <kbd>d</kbd> declines, <kbd>b</kbd> declines and blocks the author, <kbd>s</kbd> marks as spam.
      </p>
      <fieldset class="moderation__tabs">
        <legend class="visually-hidden">Show</legend>
        <button type="button" class="button" aria-pressed={approval === 'waiting'} onClick={() => setApproval('waiting')}>
          Waiting
          {counts ? ` (${counts.waitingPosts + counts.waitingComments})` : ''}
        </button>
        <button type="button" class="button" aria-pressed={approval === 'spam'} onClick={() => setApproval('spam')}>
          Spam{counts ? ` (${counts.spamPosts + counts.spamComments})` : ''}
        </button>
      </fieldset>
      <p role="status" class="moderation__status">
        {status}
      </p>
      {failure ? <ErrorNotice error={failure} /> : null}
      {queue.error ? (
        <ErrorNotice error={queue.error} onRetry={queue.reload} />
      ) : !queue.data ? (
        <Skeleton rows={3} label="Loading the queue" />
      ) : items.length === 0 ? (
        <p>{approval === 'waiting' ? 'Nothing is waiting for approval.' : 'Nothing is marked as spam.'}</p>
      ) : (
        <ol class="moderation__list dashboard-list" ref={list} aria-label={approval === 'waiting' ? 'Waiting for approval' : 'Marked as spam'}>
          {items.map((item, n) => (
            <li
              key={item.id}
              class={`moderation-item${n === current ? ' moderation-item--current' : ''}`}
              tabIndex={-1}
              aria-current={n === current ? 'true' : undefined}
              onFocus={() => setCurrent(n)}
            >
              <a href={item.href}>{item.title}</a>
              {item.excerpt ? <span class="moderation-item__excerpt">{item.excerpt}</span> : null}
              <span class="dashboard-list__meta">
                {item.kind === 'posts' ? 'Idea' : 'Comment'} by {item.author} · <TimeAgo iso={item.createdAt} />
              </span>
              <div class="moderation-item__actions">
                <button
                  type="button"
                  class="button button--primary"
                  disabled={busy}
                  aria-label={`Approve “${item.title}”`}
                  onClick={() => act(item, 'approve')}
                >
                  Approve
                </button>
                <button
                  type="button"
                  class="button"
                  disabled={busy}
                  aria-label={`Approve and trust “${item.title}” (${item.author})`}
                  onClick={() => act(item, 'trust')}
                >
                  Approve and trust
                </button>
                <button type="button" class="button button--danger" disabled={busy} aria-label={`Decline “${item.title}”`} onClick={() => act(item, 'decline')}>
                  Decline
                </button>
                <button
                  type="button"
                  class="button button--danger"
                  disabled={busy}
                  aria-label={`Decline and block “${item.title}” (${item.author})`}
                  onClick={() => act(item, 'block')}
                >
                  Decline and block
                </button>
                {approval === 'waiting' ? (
                  <button type="button" class="button" disabled={busy} aria-label={`Mark as spam “${item.title}”`} onClick={() => act(item, 'spam')}>
                    Mark as spam
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Sent on `window` after each decision, so the navigation's count follows. */
const DECIDED = 'feedbackd:moderation-decided';

/** The count of waiting items for the navigation's badge, or null while unknown (or not a moderator). */
export function useWaitingCount(enabled: boolean): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const load = () =>
      getModerationQueue('waiting').then(
        (queue) => setCount(queue.counts.waitingPosts + queue.counts.waitingComments),
        () => setCount(null),
      );
    load();
    window.addEventListener(DECIDED, load);
    return () => window.removeEventListener(DECIDED, load);
  }, [enabled]);
  return count;
}
