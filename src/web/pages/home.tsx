import { useEffect } from 'preact/hooks';
import { listBoards } from '../api/endpoints.js';
import { useHasChangelog } from '../changelog-presence.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { t, tx } from '../i18n/t.js';
import { can, useSession } from '../session.js';
import { setPageTitle, useSite } from '../site.js';
import { useSiteText } from '../site-texts.js';
import { useLoad } from '../use-load.js';
import { pageHref } from '../embed/mode.js';

/** The site's boards with their idea counts, and the way to the roadmap. */
export function HomePage() {
  const site = useSite();
  const boards = useLoad(listBoards, []);
  const hasChangelog = useHasChangelog();
  const welcome = useSiteText('welcome') ?? site?.settings.description;
  useEffect(() => setPageTitle(null), [site]);
  return (
    <>
      <div class="page-head">
        <div>
          <h1>{site?.settings.title ?? t('board.siteTitleFallback')}</h1>
          {welcome && <p class="muted">{welcome}</p>}
        </div>
        <div class="page-head__actions">
          {hasChangelog && (
            <a class="button" href="/changelog">
              {t('board.whatsNew')}
            </a>
          )}
          <a class="button" href="/roadmap">
            {t('board.seeRoadmap')}
          </a>
        </div>
      </div>
      <h2 class="visually-hidden">{t('board.boardsHeading')}</h2>
      {boards.error ? (
        <ErrorNotice error={boards.error} onRetry={boards.reload} />
      ) : boards.data === undefined ? (
        <Skeleton label={t('board.loadingBoards')} />
      ) : boards.data.length === 0 ? (
        <NoBoards />
      ) : (
        <ul class="board-list">
          {boards.data.map((board) => (
            <li key={board.boardId}>
              {/* The description sits outside the link, so the link's name stays "<board> <n ideas>"; the card is still one click target (CSS). */}
              <a href={pageHref(`/b/${encodeURIComponent(board.url)}`)} aria-describedby={board.description ? `board-${board.boardId}-description` : undefined}>
                <span class="dot" style={{ background: `#${board.color}` }} aria-hidden="true" />
                <span class="board-list__name">{board.name}</span>
                <span class="muted small">{t('board.ideaCount', { count: board.post_count })}</span>
              </a>
              {board.description && (
                <p id={`board-${board.boardId}-description`} class="board-list__description">
                  {board.description}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Someone who may create boards is shown the way to the first one; a visitor is told one will come. */
function NoBoards() {
  const session = useSession();
  if (session === undefined) return <p class="empty">{t('board.noBoards')}</p>;
  if (session === null) {
    // Right after init the owner arrives here signed out: the way in must be on this page.
    return (
      <div class="empty">
        <p>{t('board.noBoardsVisitor')}</p>
        <p class="small">
          {tx('board.noBoardsOwner', { signIn: <a href="/sign-in">{t('board.noBoardsOwnerSignIn')}</a> })}
        </p>
      </div>
    );
  }
  if (!can(session, 'board:create')) return <p class="empty">{t('board.noBoardsVisitor')}</p>;
  return (
    <div class="empty">
      <p>{t('board.noBoardsTeam')}</p>
      <a class="button button--primary" href="/dashboard/boards?new">
        {t('board.createFirstBoard')} <span aria-hidden="true">→</span>
      </a>
    </div>
  );
}
