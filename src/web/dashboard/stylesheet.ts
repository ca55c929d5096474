import { useEffect, useState } from 'preact/hooks';
import { withBase } from '../base.js';

/** The dashboard stylesheet's URL (with its content hash), set by the build (test/tools/build-web.ts). */
declare const __DASHBOARD_STYLESHEET__: string;

/**
 * The dashboard's stylesheet is built apart from the public site's, so a board's first load does
 * not carry it. Resolves once it applies, so the dashboard never shows unstyled.
 */
let loading: Promise<void> | undefined;

function loadStylesheet(): Promise<void> {
  loading ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = withBase(__DASHBOARD_STYLESHEET__);
    // A failed stylesheet must not keep the dashboard from showing.
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
  return loading;
}

/** True once the dashboard's stylesheet applies. */
export function useDashboardStylesheet(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void loadStylesheet().then(() => setReady(true));
  }, []);
  return ready;
}
