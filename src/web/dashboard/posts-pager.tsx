import { formatNumber } from '../format.js';
import { Pager } from './pager.js';
import { PAGE_SIZE } from './posts-filter.js';

interface PostsPagerProps {
  page: number;
  /** Posts on this page. */
  shown: number;
  hasNext: boolean;
  onPage: (page: number) => void;
}

/** The pages of posts: offset pages carry no total, so the page says which posts it shows. */
export function PostsPager({ page, shown, hasNext, onPage }: PostsPagerProps) {
  const first = (page - 1) * PAGE_SIZE + 1;
  const range = shown > 0 ? ` · posts ${formatNumber(first)}–${formatNumber(first + shown - 1)}` : '';
  return <Pager label="Pages of posts" page={page} hasNext={hasNext} where={`Page ${formatNumber(page)}${range}`} onPage={onPage} />;
}
