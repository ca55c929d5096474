import { formatNumber } from '../format.js';
import { Pager } from './pager.js';
import { USERS_PAGE_SIZE } from './users-filter.js';

interface UsersPagerProps {
  page: number;
  /** Users on this page. */
  shown: number;
  /** Users matching in all. */
  total: number;
  onPage: (page: number) => void;
}

/** The pages of users, with the total the cursor answer gives. */
export function UsersPager({ page, shown, total, onPage }: UsersPagerProps) {
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const first = (page - 1) * USERS_PAGE_SIZE + 1;
  const range = shown > 0 ? ` · ${formatNumber(first)}–${formatNumber(first + shown - 1)} of ${formatNumber(total)}` : '';
  const where = `Page ${formatNumber(page)} of ${formatNumber(pages)}${range}`;
  return <Pager label="Pages of users" page={page} hasNext={page < pages} where={where} onPage={onPage} />;
}
