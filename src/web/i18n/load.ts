import type { Catalogue } from '../../i18n/messages.js';
import { withBase } from '../base.js';
import { installCatalogue, locale } from './t.js';

/** locale → the URL of its built catalogue (test/tools/build-web.ts). */
declare const __MESSAGE_FILES__: Record<string, string>;

/** Loads the page's own catalogue, and only it (the page preloads it beside the app's entry). */
export async function loadCatalogue(): Promise<void> {
  const url = withBase(__MESSAGE_FILES__[locale] ?? __MESSAGE_FILES__.en!);
  const module = (await import(/* the built catalogue's URL, not a module of the bundle */ url)) as { default: Catalogue };
  installCatalogue(module.default);
}
