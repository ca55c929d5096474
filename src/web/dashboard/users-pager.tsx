import { formatNumber } from '../format.js';
import { USERS_PAGE_SIZE } from './users-filter.js';

interface UsersPagerProps {
  page: number;
  /** Users on this page. */
  shown: number;
  /** Users matching in all. */
  total: number;
  onPage: (page: number) => void;
}

/** Previous and Next, and where in the list this page is; nothing when everything fits on one page. */
export function UsersPager({ page, shown, total, onPage }: UsersPagerProps) {
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const hasNext = page < pages;
  if (page === 1 && !hasNext) return null;
  const first = (page - 1) * USERS_PAGE_SIZE + 1;
  return (
    <nav class="users-pager" aria-label="Pages of users">
      {/* aria-disabled, not disabled: the button keeps the keyboard's focus on the first or last page. */}
      <button type="button" class="button" aria-disabled={page === 1} onClick={() => page > 1 && onPage(page - 1)}>
        Previous
      </button>
      <button type="button" class="button" aria-disabled={!hasNext} onClick={() => hasNext && onPage(page + 1)}>
        Next
      </button>
      {/* After both buttons, so on a phone they stay side by side and this wraps under them. */}
      <span class="users-pager__where">
        Page {formatNumber(page)} of {formatNumber(pages)}
        {shown > 0 && ` · ${formatNumber(first)}–${formatNumber(first + shown - 1)} of ${formatNumber(total)}`}
      </span>
    </nav>
  );
}
