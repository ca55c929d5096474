import type { ComponentChildren, RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Post } from '../api/types.js';
import { useLoad } from '../use-load.js';
import { ErrorNotice } from './notice.js';
import { PostCard } from './post-card.js';
import { Skeleton } from './skeleton.js';
import { t } from '../i18n/t.js';

interface PostPagesProps {
  /** One page of posts, counted from 1; a page shorter than `pageSize` is the last. */
  fetchPage: (page: number) => Promise<Post[]>;
  pageSize: number;
  /** Shown when the first page is empty. */
  empty: ComponentChildren;
  /** Whom and where the cards name besides status, counts and date: the author, not the board, by default. */
  cards?: { showBoard?: boolean; showAuthor?: boolean };
  /**
   * What the previous list of the same place showed: kept on screen, dimmed, while this one's
   * first page loads, so changing a filter never blinks an empty page.
   */
  lastShown?: RefObject<Post[]>;
}

/**
 * A list of post cards with "Load more". Mount it with a key per query: a new key starts again
 * at page 1.
 */
export function PostPages({ fetchPage, pageSize, empty, cards, lastShown }: PostPagesProps) {
  const [pages, setPages] = useState(1);
  // The posts of the pages before `pages`; the current page's come from `load`.
  const [earlier, setEarlier] = useState<Post[]>([]);
  const load = useLoad(() => fetchPage(pages).then((posts) => ({ page: pages, posts })), [pages]);
  // The answer is only this page's once it says so: right after "Load more", `load` still holds the previous one.
  const current = !load.loading && load.data?.page === pages ? load.data.posts : null;
  const posts = current ? [...earlier, ...current] : earlier;
  const listRef = useFocusFirstNew(posts.length);
  const loadMore = () => {
    setEarlier(posts);
    listRef.firstNew.current = posts.length;
    setPages(pages + 1);
  };
  const pending = current === null && !load.error;
  const previous = lastShown?.current ?? [];
  const stale = pending && pages === 1 && previous.length > 0 ? previous : null;
  useEffect(() => {
    if (!pending && lastShown) lastShown.current = posts;
  });
  const shown = stale ?? posts;
  const hasMore = current?.length === pageSize;
  return (
    <>
      <p class="visually-hidden" aria-live="polite">
        {pending ? '' : t(hasMore ? 'board.ideasShownMore' : 'board.ideasShown', { count: posts.length })}
      </p>
      {shown.length > 0 && (
        <ul class={stale ? 'post-list post-list--stale' : 'post-list'} aria-busy={stale !== null} ref={listRef.list}>
          {shown.map((post) => (
            <PostCard key={post.postId} post={post} {...cards} />
          ))}
        </ul>
      )}
      {load.error ? (
        <ErrorNotice error={load.error} onRetry={load.reload} />
      ) : pending && pages === 1 ? (
        stale === null && <Skeleton label={t('board.loadingIdeas')} />
      ) : posts.length === 0 ? (
        empty
      ) : (
        (hasMore || pending) && <LoadMore pending={pending} onClick={loadMore} />
      )}
    </>
  );
}

/**
 * Once "Load more" has brought posts past `firstNew`, focus goes to the first new title, so a
 * keyboard user reads on from there instead of from wherever the button was.
 */
function useFocusFirstNew(count: number) {
  const list = useRef<HTMLUListElement>(null);
  const firstNew = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || count <= index) return;
    firstNew.current = null;
    list.current?.querySelectorAll<HTMLAnchorElement>('.post-card__title a')[index]?.focus();
  }, [count]);
  return { list, firstNew };
}

function LoadMore({ pending, onClick }: { pending: boolean; onClick: () => void }) {
  // aria-disabled, not disabled: a disabled button drops the keyboard focus.
  return (
    <p class="load-more">
      <button type="button" class="button" aria-disabled={pending} onClick={pending ? undefined : onClick}>
        {pending ? t('board.loadingMore') : t('board.loadMore')}
      </button>
    </p>
  );
}
