import { isLocale } from '../../i18n/locales.js';
import { sessionStore } from '../session.js';
import { switchLanguage } from './choose.js';
import { locale } from './t.js';

/** Set for this tab once it has switched: a browser that refuses the cookie must not reload forever. */
const SWITCHED_KEY = 'feedbackd.followedProfileLanguage';

/**
 * A signed-in visitor sees their profile's language (issue 33), chosen on another device or in
 * their profile: when it differs from the page's, the page switches to it, once per tab.
 */
export function followProfileLanguage(): void {
  sessionStore.subscribe((session) => {
    const chosen = session?.locale;
    if (!isLocale(chosen) || chosen === locale || alreadySwitched()) return;
    sessionStorage.setItem(SWITCHED_KEY, chosen);
    switchLanguage(chosen);
  });
}

function alreadySwitched(): boolean {
  try {
    return sessionStorage.getItem(SWITCHED_KEY) !== null;
  } catch {
    // Storage refused (private modes): never switch, rather than risk a loop.
    return true;
  }
}
