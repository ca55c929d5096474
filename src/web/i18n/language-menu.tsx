import { useState } from 'preact/hooks';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../i18n/locales.js';
import { setLanguage } from '../api/endpoints.js';
import { useSession } from '../session.js';
import { switchLanguage } from './choose.js';
import { locale, t } from './t.js';

/**
 * The footer's language menu (issue 33): every language named in itself. The choice is remembered in
 * this browser (a cookie the server reads) and, for a signed-in visitor, in their profile, which
 * their mails follow.
 */
export function LanguageMenu() {
  const session = useSession();
  const [switching, setSwitching] = useState(false);
  async function choose(choice: string): Promise<void> {
    if (!isLocale(choice) || choice === locale) return;
    setSwitching(true);
    if (session) await saveProfileLanguage(choice);
    switchLanguage(choice);
  }
  return (
    <label class="language-menu">
      <span class="language-menu__label">{t('common.language')}</span>
      <select value={locale} disabled={switching} onChange={(event) => void choose(event.currentTarget.value)}>
        {LOCALES.map((each) => (
          <option key={each} value={each} lang={each}>
            {LOCALE_NAMES[each]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Best effort: when the profile cannot be saved, this browser still switches (the cookie). */
async function saveProfileLanguage(choice: Locale): Promise<void> {
  try {
    await setLanguage(choice);
  } catch {
    // The page reloads in the chosen language either way; the profile keeps its old one.
  }
}
