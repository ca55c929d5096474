import { useEffect, useState } from 'preact/hooks';
import type { TagRef } from '../api/types.js';
import { t } from '../i18n/t.js';

/** What a post list shows, as the board page's URL query keeps it (so a view can be shared). */
export interface PostListFilter {
  query: string;
  order: 'votes' | 'newest' | 'oldest';
  /** A roadmap id, or '' for every status. */
  status: string;
  /** Only the visitor's own ideas ('posted') or those they voted for ('voted'); '' for everyone's. */
  mine: '' | 'posted' | 'voted';
  /** Tag ids a post must all carry (issue 31); [] for any. */
  tags: string[];
}

// Labels are message keys: words are looked up while rendering, once the page's catalogue is in.
const ORDERS = [
  { value: 'votes', label: 'board.orderTop' },
  { value: 'newest', label: 'board.orderNew' },
  { value: 'oldest', label: 'board.orderOld' },
] as const;

const MINE = [
  { value: '', label: 'board.mineAll' },
  { value: 'posted', label: 'board.minePosted' },
  { value: 'voted', label: 'board.mineVoted' },
] as const;

/** The filter in a URL query (`?q=…&order=…&status=…&mine=…`). */
export function readFilter(query: Record<string, string>): PostListFilter {
  const order = ORDERS.find((o) => o.value === query.order)?.value ?? 'votes';
  const tags = (query.tags ?? '').split(',').map((id) => id.trim()).filter((id) => id !== '');
  return { query: query.q ?? '', order, status: query.status ?? '', mine: readMine(query.mine ?? ''), tags };
}

/** The URL query for a filter, leaving out the defaults. */
export function writeFilter(filter: PostListFilter): string {
  const params = new URLSearchParams();
  if (filter.query) params.set('q', filter.query);
  if (filter.order !== 'votes') params.set('order', filter.order);
  if (filter.status) params.set('status', filter.status);
  if (filter.mine) params.set('mine', filter.mine);
  if (filter.tags.length > 0) params.set('tags', filter.tags.join(','));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const SEARCH_DELAY_MS = 250;

interface PostFiltersProps {
  filter: PostListFilter;
  roadmaps: { id: string; name: string }[];
  /** The public tags, for the Tag filter (issue 31); none: no filter shown. */
  tags?: readonly TagRef[];
  /** Offers "Ideas I posted" and "Ideas I voted for": only a signed-in visitor has any. */
  signedIn: boolean;
  onChange: (filter: PostListFilter) => void;
}

/** Search as you type, the order switch, the status filter and, for a signed-in visitor, their own ideas. */
export function PostFilters({ filter, roadmaps, tags = [], signedIn, onChange }: PostFiltersProps) {
  const [text, setText] = useState(filter.query);
  useEffect(() => {
    if (text.trim() === filter.query) return;
    const timer = setTimeout(() => onChange({ ...filter, query: text.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div class="toolbar">
      <div class="search">
        <label for="post-search" class="visually-hidden">
          {t('board.search')}
        </label>
        <input
          id="post-search"
          type="search"
          placeholder={t('board.searchPlaceholder')}
          value={text}
          maxLength={200}
          onInput={(event) => setText(event.currentTarget.value)}
        />
      </div>
      <fieldset class="segmented">
        <legend class="visually-hidden">{t('board.order')}</legend>
        {ORDERS.map((order) => (
          <label key={order.value}>
            <input
              type="radio"
              name="order"
              value={order.value}
              checked={filter.order === order.value}
              onChange={() => onChange({ ...filter, order: order.value })}
            />
            {t(order.label)}
          </label>
        ))}
      </fieldset>
      {roadmaps.length > 0 && (
        <div>
          <label for="post-status" class="visually-hidden">
            {t('board.status')}
          </label>
          <select id="post-status" value={filter.status} onChange={(event) => onChange({ ...filter, status: event.currentTarget.value })}>
            <option value="">{t('board.anyStatus')}</option>
            {roadmaps.map((roadmap) => (
              <option key={roadmap.id} value={roadmap.id}>
                {roadmap.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {(tags.length > 0 || filter.tags.length > 0) && (
        <div>
          <label for="post-tag" class="visually-hidden">
            {t('board.tag')}
          </label>
          <select
            id="post-tag"
            value={filter.tags.length === 1 ? filter.tags[0] : ''}
            onChange={(event) => onChange({ ...filter, tags: event.currentTarget.value ? [event.currentTarget.value] : [] })}
          >
            <option value="">{t('board.anyTag')}</option>
            {tags.map((tag) => (
              <option key={tag.tagId} value={tag.tagId}>
                {tag.name}
              </option>
            ))}
            {filter.tags.length > 1 && <option value={filter.tags[0]}>{t('board.severalTags')}</option>}
          </select>
        </div>
      )}
      {(signedIn || filter.mine) && (
        <div>
          <label for="post-mine" class="visually-hidden">
            {t('board.show')}
          </label>
          <select id="post-mine" value={filter.mine} onChange={(event) => onChange({ ...filter, mine: readMine(event.currentTarget.value) })}>
            {MINE.map((mine) => (
              <option key={mine.value} value={mine.value}>
                {t(mine.label)}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}

function readMine(value: string): PostListFilter['mine'] {
  return MINE.find((m) => m.value === value)?.value ?? '';
}
