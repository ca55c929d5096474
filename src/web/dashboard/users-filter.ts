// What Dashboard › Users shows, kept in its URL (?q=…&page=…) so a search can be bookmarked and
// Back returns to the one before.

export interface UsersView {
  /** Trimmed; '' lists everyone. */
  query: string;
  /** 1-based. */
  page: number;
}

/** Users per page. */
export const USERS_PAGE_SIZE = 25;

const BASE = '/dashboard/users';
/** The API's limits (API.md §1.9, and 200 characters for `query`); a bookmark past them falls back. */
const MAX_PAGE = 99_999_999;
const MAX_QUERY = 200;

/** The view in a URL query. */
export function readUsersView(query: Record<string, string>): UsersView {
  const page = /^\d{1,8}$/.test(query.page ?? '') ? Number(query.page) : 1;
  return {
    query: Array.from((query.q ?? '').trim()).slice(0, MAX_QUERY).join(''),
    page: page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The page's URL for a view, leaving out the defaults. */
export function usersUrl(view: UsersView): string {
  const params = new URLSearchParams();
  if (view.query) params.set('q', view.query);
  if (view.page > 1) params.set('page', String(view.page));
  const text = params.toString();
  return text ? `${BASE}?${text}` : BASE;
}
