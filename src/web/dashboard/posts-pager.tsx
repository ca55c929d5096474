import { formatNumber } from '../format.js';
import { PAGE_SIZE } from './posts-filter.js';

interface PostsPagerProps {
  page: number;
  /** Posts on this page. */
  shown: number;
  hasNext: boolean;
  onPage: (page: number) => void;
}

/** Previous and Next, and where in the list this page is; nothing when everything fits on one page. */
export function PostsPager({ page, shown, hasNext, onPage }: PostsPagerProps) {
  if (page === 1 && !hasNext) return null;
  const first = (page - 1) * PAGE_SIZE + 1;
  return (
    <nav class="posts-pager" aria-label="Pages of posts">
      {/* aria-disabled, not disabled: the button keeps the keyboard's focus on the first or last page. */}
      <button type="button" class="button" aria-disabled={page === 1} onClick={() => page > 1 && onPage(page - 1)}>
        Previous
      </button>
      <button type="button" class="button" aria-disabled={!hasNext} onClick={() => hasNext && onPage(page + 1)}>
        Next
      </button>
      <span class="posts-pager__where">
        Page {formatNumber(page)}
        {shown > 0 && ` · posts ${formatNumber(first)}–${formatNumber(first + shown - 1)}`}
      </span>
    </nav>
  );
}
