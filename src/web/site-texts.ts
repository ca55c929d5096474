// The owner's own words per language (site setting `texts`, issue 33): shown instead of the site's
// defaults to visitors whose page is in that language.
import type { SiteTextKey } from './api/types.js';
import { locale } from './i18n/t.js';
import { useSite } from './site.js';

/** The owner's override of one of the site's texts in the page's language, or undefined when none is set. */
export function useSiteText(key: SiteTextKey): string | undefined {
  return useSite()?.settings.texts[locale]?.[key];
}
