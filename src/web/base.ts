/*
 * The path the board lives under (issue 33 §2): `''` at a host's root, `/feedback` when publicUrl is
 * `https://example.com/feedback`. The server names it in the page (`<meta name="feedbackd-base">`,
 * src/http/web-files.ts). The app's own paths (routes, links in components, the API's `/uploads/…`)
 * never hold it: it is added where a path meets the browser (fetch, history, the DOM) and taken off
 * where the browser's address is read.
 */

/** The sub-path, without a trailing `/`; `''` at the root. */
export const base: string = typeof document === 'undefined' ? '' : (document.querySelector<HTMLMetaElement>('meta[name="feedbackd-base"]')?.content ?? '');

/** A root-relative app path (`/p/x`) as the browser must ask for it (`/feedback/p/x`); other URLs unchanged. */
export function withBase(path: string): string {
  return prefixed(base, path);
}

/** A path the browser shows (`/feedback/p/x?y`) as the app's (`/p/x?y`); `/feedback` alone is `/`. */
export function withoutBase(path: string): string {
  return unprefixed(base, path);
}

/** The app's path of the page shown: `location.pathname` without the sub-path. */
export function currentPath(): string {
  return withoutBase(location.pathname);
}

/** `/x` but not `//host/x` (a protocol-relative URL leaves the site). */
export function isRootRelative(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** `withBase` for a given sub-path. */
export function prefixed(basePath: string, path: string): string {
  return basePath !== '' && isRootRelative(path) ? `${basePath}${path}` : path;
}

/** `withoutBase` for a given sub-path; a path outside it is returned as it is. */
export function unprefixed(basePath: string, path: string): string {
  if (basePath === '' || !path.startsWith(basePath)) return path;
  const rest = path.slice(basePath.length);
  if (rest === '') return '/';
  if (rest.startsWith('/')) return rest;
  return /^[?#]/.test(rest) ? `/${rest}` : path;
}
