import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { setPageTitle, useSite } from '../site.js';

/** One narrow centred card with the page's heading, for every account form (DESIGN.md: Accounts). */
export function AccountCard({ title, children }: { title: string; children: ComponentChildren }) {
  const site = useSite();
  // Again once the settings arrive, so the tab shows the site's title too.
  useEffect(() => setPageTitle(title), [title, site]);
  return (
    <section class="card form-card account-card" aria-labelledby="account-heading">
      <h1 id="account-heading">{title}</h1>
      {children}
    </section>
  );
}

/** A short row of links under a form ("Forgot your password?", "Create an account"). */
export function AccountLinks({ children }: { children: ComponentChildren }) {
  return <p class="account-links small">{children}</p>;
}
