import { listPosts } from '../api/endpoints.js';
import { PostPages } from '../components/post-pages.js';
import { pageHref } from '../embed/mode.js';

// Short pages: the two lists share the page with the account's settings.
const PAGE_SIZE = 5;

const LISTS = [
  { mine: 'posted', heading: 'Ideas you posted', empty: 'You have not posted an idea yet.', cards: { showBoard: true, showAuthor: false } },
  { mine: 'voted', heading: 'Ideas you voted for', empty: 'You have not voted for an idea yet.', cards: { showBoard: true } },
] as const;

/** What the signed-in visitor posted and voted for, on every board they can see, newest idea first. */
export function ProfileIdeas({ userId }: { userId: string }) {
  return (
    <div class="profile-ideas">
      {LISTS.map((list) => (
        <section key={list.mine} aria-labelledby={`profile-${list.mine}`}>
          <h2 id={`profile-${list.mine}`}>{list.heading}</h2>
          <PostPages
            key={`${userId}|${list.mine}`}
            fetchPage={(page) => listPosts({ mine: list.mine, order: 'newest', page, limit: PAGE_SIZE })}
            pageSize={PAGE_SIZE}
            cards={list.cards}
            empty={
              <p class="profile-ideas__empty muted">
                {list.empty} <a href={pageHref('/')}>See the boards</a>
              </p>
            }
          />
        </section>
      ))}
    </div>
  );
}
