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

/** LocationProvider, with paths below it free of the sub-path. `scope` is an app path too. */
export function AppLocationProvider({ scope, children }: { scope?: string; children: ComponentChildren }) {
  const scoped = scope === undefined ? undefined : withBase(scope);
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
