import { useEffect } from 'preact/hooks';
import { setPageTitle } from '../site.js';

/** Any address the app does not know. */
export function NotFoundPage({ what = 'page' }: { what?: string }) {
  useEffect(() => setPageTitle('Not found'), []);
  return (
    <div class="empty">
      <h1>This {what} does not exist</h1>
      <p>It may have been moved or deleted.</p>
      <a class="button" href="/">
        Go to the home page
      </a>
    </div>
  );
}
