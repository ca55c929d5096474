import { listPosts } from '../api/endpoints.js';
import { PostPages } from '../components/post-pages.js';
import { pageHref } from '../embed/mode.js';
import { t } from '../i18n/t.js';

// Short pages: the two lists share the page with the account's settings.
const PAGE_SIZE = 5;

const LISTS = [
  { mine: 'posted', heading: 'account.ideasPosted', empty: 'account.noIdeasPosted', cards: { showBoard: true, showAuthor: false } },
  { mine: 'voted', heading: 'account.ideasVoted', empty: 'account.noIdeasVoted', cards: { showBoard: true } },
] as const;

/** What the signed-in visitor posted and voted for, on every board they can see, newest idea first. */
export function ProfileIdeas({ userId }: { userId: string }) {
  return (
    <div class="profile-ideas">
      {LISTS.map((list) => (
        <section key={list.mine} aria-labelledby={`profile-${list.mine}`}>
          <h2 id={`profile-${list.mine}`}>{t(list.heading)}</h2>
          <PostPages
            key={`${userId}|${list.mine}`}
            fetchPage={(page) => listPosts({ mine: list.mine, order: 'newest', page, limit: PAGE_SIZE })}
            pageSize={PAGE_SIZE}
            cards={list.cards}
            empty={
              <p class="profile-ideas__empty muted">
                {t(list.empty)} <a href={pageHref('/')}>{t('account.seeBoards')}</a>
              </p>
            }
          />
        </section>
      ))}
    </div>
  );
}
