import { useEffect } from 'preact/hooks';
import { type MessageKey, t } from '../i18n/t.js';
import { setPageTitle } from '../site.js';

/** What was not found, each a whole sentence of its own (the thing's grammar differs by language). */
const HEADINGS = {
  page: 'board.notFoundPage',
  board: 'board.notFoundBoard',
  idea: 'board.notFoundIdea',
  update: 'board.notFoundUpdate',
} as const satisfies Record<string, MessageKey>;

/** Any address the app does not know. */
export function NotFoundPage({ what = 'page' }: { what?: keyof typeof HEADINGS }) {
  useEffect(() => setPageTitle(t('board.notFoundTitle')), []);
  return (
    <div class="empty">
      <h1>{t(HEADINGS[what])}</h1>
      <p>{t('board.notFoundHint')}</p>
      <a class="button" href="/">
        {t('board.goHome')}
      </a>
    </div>
  );
}
