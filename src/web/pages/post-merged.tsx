import { useRef, useState } from 'preact/hooks';
import { unmergePost } from '../api/endpoints.js';
import type { MergedFrom, MergedPost, PostDetail } from '../api/types.js';
import { pageHref } from '../embed/mode.js';
import { t, tx } from '../i18n/t.js';
import { can, useSession } from '../session.js';
import { ConfirmDialog } from './post-confirm.js';

// A merge made on this page leads to the target's page, which loads the target afresh (without
// `mergedFrom`): the note it should show is handed over here, once.
const arrivals = new Map<string, MergedFrom>();

/** Remembers that the page of `target` is next, reached by merging `from` into it. */
export function rememberMergeArrival(target: PostDetail): void {
  if (target.mergedFrom) arrivals.set(target.postId, target.mergedFrom);
}

/** The post merged into `post` on the way here: from its answer (an old link), or from a merge just made. */
export function takeMergeArrival(post: PostDetail): MergedFrom | null {
  const handed = arrivals.get(post.postId) ?? null;
  arrivals.delete(post.postId);
  return post.mergedFrom ?? handed;
}

/** Quietly, under the title: why the address changed. */
export function MergedNote({ from }: { from: MergedFrom }) {
  // The title goes in as a part, not a parameter, so braces in it stay text.
  return <p class="post__merged-note">{tx('post.mergedNote', { title: from.title })}</p>;
}

interface MergedHereProps {
  post: PostDetail;
  /** A post was given back: the caller reads this one again (its votes and comments changed). */
  onUnmerged: (restored: PostDetail) => void;
}

/** "Merged here: “Night theme” — Unmerge", for those who may merge; Unmerge asks once. */
export function MergedHere({ post, onUnmerged }: MergedHereProps) {
  const session = useSession();
  const [asking, setAsking] = useState<{ merged: MergedPost; trigger: HTMLButtonElement } | null>(null);
  const [restored, setRestored] = useState<PostDetail | null>(null);
  const done = useRef<HTMLParagraphElement>(null);
  if (!can(session, 'post:merge')) return null;
  const merged = post.mergedPosts ?? [];
  if (merged.length === 0 && !restored) return null;

  const unmerge = async (item: MergedPost) => {
    const back = await unmergePost(item.postId);
    setRestored(back);
    onUnmerged(back);
  };
  return (
    <section class="post__merged" aria-label={t('post.mergedSection')}>
      {merged.length > 0 && (
        <div class="post__merged-row">
          <span id="merged-here">{t('post.mergedHere')}</span>{' '}
          <ul class="post__merged-list" aria-labelledby="merged-here">
            {merged.map((item) => (
              <li key={item.postId}>
                {tx('post.mergedItem', {
                  title: item.title,
                  unmerge: (
                    <button
                      type="button"
                      class="link-button"
                      aria-label={t('post.unmergeNamed', { title: item.title })}
                      onClick={(event) => setAsking({ merged: item, trigger: event.currentTarget })}
                    >
                      {t('post.unmerge')}
                    </button>
                  ),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p ref={done} class="post__merged-done" role="status" tabIndex={-1}>
        {restored && tx('post.unmerged', { idea: <a href={pageHref(`/p/${restored.slug}`)}>{t('post.quotedTitle', { title: restored.title })}</a> })}
      </p>
      {asking && (
        <ConfirmDialog
          question={t('post.unmergeQuestion', { title: asking.merged.title })}
          confirmLabel={t('post.unmerge')}
          pendingLabel={t('post.unmerging')}
          onConfirm={() => unmerge(asking.merged)}
          onDone={() => {
            setAsking(null);
            // The Unmerge button pressed is gone with its row: focus goes to the words saying what happened.
            done.current?.focus();
          }}
          onCancel={() => {
            asking.trigger.focus();
            setAsking(null);
          }}
        />
      )}
    </section>
  );
}
