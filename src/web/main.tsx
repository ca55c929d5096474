import { render } from 'preact';
import { App } from './app.js';
import { prefixAddressesWithBase } from './base-hrefs.js';
import { loadChangelogPresence } from './changelog-presence.js';
import { followProfileLanguage } from './i18n/follow-profile.js';
import { loadCatalogue } from './i18n/load.js';
import { loadSession } from './session.js';
import { loadSite } from './site.js';
import { takeSsoLanding } from './sso-landing.js';
import './styles/app.css';

// Before anything else: a single sign-on token leaves the address bar at once.
takeSsoLanding();
// Before anything is drawn: links carry the sub-path the board lives under.
prefixAddressesWithBase();
// Settings and the session load beside the first page's own requests, not before them.
loadSite().catch(() => {
  // The pages show their own errors; the default title and accent stay.
});
followProfileLanguage();
void loadSession();
void loadChangelogPresence();
// The words first: every page renders them synchronously.
await loadCatalogue();
render(<App />, document.getElementById('app') as HTMLElement);
