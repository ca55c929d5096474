interface PagerProps {
  /** The navigation's name: "Pages of posts". */
  label: string;
  page: number;
  hasNext: boolean;
  /** Where in the list this page is: "Page 2 · posts 26–50". */
  where: string;
  onPage: (page: number) => void;
}

/** Previous and Next, and where in the list this page is; nothing when everything fits on one page. */
export function Pager({ label, page, hasNext, where, onPage }: PagerProps) {
  if (page === 1 && !hasNext) return null;
  return (
    <nav class="dashboard-pager" aria-label={label}>
      {/* aria-disabled, not disabled: the button keeps the keyboard's focus on the first or last page. */}
      <button type="button" class="button" aria-disabled={page === 1} onClick={() => page > 1 && onPage(page - 1)}>
        Previous
      </button>
      <button type="button" class="button" aria-disabled={!hasNext} onClick={() => hasNext && onPage(page + 1)}>
        Next
      </button>
      {/* After both buttons, so on a phone they stay side by side and this wraps under them. */}
      <span class="dashboard-pager__where">{where}</span>
    </nav>
  );
}
