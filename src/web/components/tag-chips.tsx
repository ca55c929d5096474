import type { TagRef } from '../api/types.js';
import { t } from '../i18n/t.js';

/**
 * A post's tags (issue 31): each a small pill with its colour as a dot and its name in the page's
 * own text colour, so the name reads on any tag colour, light or dark. A list named "Tags".
 */
export function TagChips({ tags }: { tags: readonly TagRef[] }) {
  if (tags.length === 0) return null;
  return (
    <ul class="tag-chips" aria-label={t('board.tags')}>
      {tags.map((tag) => (
        <li key={tag.tagId} class="tag-chip">
          <span class="dot" style={{ background: `#${tag.color}` }} aria-hidden="true" />
          {tag.name}
        </li>
      ))}
    </ul>
  );
}
