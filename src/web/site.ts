import { getLabs, getSettings } from './api/endpoints.js';
import type { Labs, Settings } from './api/types.js';
import { withBase } from './base.js';
import { applyAccent } from './colour.js';
import { t } from './i18n/t.js';
import { createStore, useStore } from './store.js';

/** The site's settings and lab flags; null until loaded. */
export interface Site {
  settings: Settings;
  labs: Labs;
}

export const siteStore = createStore<Site | null>(null);
export const useSite = () => useStore(siteStore);

/** Loads the settings once at start and applies the accent colour and icon. */
export async function loadSite(): Promise<void> {
  const [settings, labs] = await Promise.all([getSettings(), getLabs()]);
  applyAccent(settings.accentColor);
  if (settings.icon) setIcon(settings.icon);
  siteStore.set({ settings, labs });
}

function setIcon(href: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  // The icon may be an upload (`/uploads/…`), named from the board's root.
  if (link) link.href = withBase(href);
}

/** Sets the tab's title: the page's own words, then the site's title. */
export function setPageTitle(page: string | null): void {
  const site = siteStore.get()?.settings.title ?? t('board.siteTitleFallback');
  document.title = page ? `${page} · ${site}` : site;
}
