import type { ComponentChildren } from 'preact';
import { useContext, useMemo } from 'preact/hooks';
import { LocationProvider } from 'preact-iso/router';
import { base, withBase, withoutBase } from './base.js';

/*
 * preact-iso's router under a sub-path (issue 33 §2). Its LocationProvider keeps the browser's own
 * address (`/feedback/p/x`, links being drawn with the prefix, see base-hrefs.ts); this provider,
 * just inside it, hands every route, page and `useLocation()` below the app's paths (`/p/x`), and
 * turns `route('/p/x')` into a navigation to `/feedback/p/x`. So no page knows the prefix exists.
 */

/**
 * Links the router follows in place: under the sub-path only. A link to another page of the same
 * host (the product's `/pricing`, beside `/feedback`) is left to the browser, not routed to the app's
 * "not found".
 */
const BOARD_LINK = base === '' ? undefined : new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:[/?#]|$)`);

/** LocationProvider, with paths below it free of the sub-path. `scope` is an app path too. */
export function AppLocationProvider({ scope, children }: { scope?: string; children: ComponentChildren }) {
  const scoped = scope === undefined ? BOARD_LINK : withBase(scope);
  return (
    <LocationProvider scope={scoped}>
      {base === '' ? children : <WithoutBase>{children}</WithoutBase>}
    </LocationProvider>
  );
}

function WithoutBase({ children }: { children: ComponentChildren }) {
  const browser = useContext(LocationProvider.ctx);
  const app = useMemo(
    () => ({ ...browser, url: withoutBase(browser.url), path: withoutBase(browser.path), route: (url: string, replace?: boolean) => browser.route(withBase(url), replace) }),
    [browser],
  );
  return <LocationProvider.ctx.Provider value={app}>{children}</LocationProvider.ctx.Provider>;
}
