import { useEffect } from 'preact/hooks';
import { Skeleton } from '../components/skeleton.js';
import { signInHref, signsInThroughProduct, useOwnUrl } from '../sign-in-link.js';
import { useSession } from '../session.js';
import { setPageTitle } from '../site.js';
import { NewPostForm } from './new-post-form.js';
import { t } from '../i18n/t.js';

/** `/new?board=<url>&title=<text>`: post an idea, after seeing whether it is already there. */
export function NewPostPage() {
  const session = useSession();
  useEffect(() => setPageTitle(t('board.postIdea')), []);
  return (
    <div class="new-post">
      <h1>{t('board.postIdea')}</h1>
      {session === undefined ? <Skeleton rows={2} label={t('board.loading')} /> : session === null ? <SignInFirst /> : <NewPostForm />}
    </div>
  );
}

function SignInFirst() {
  const here = useOwnUrl();
  return (
    <div class="card new-post__sign-in">
      <p>{t('board.signInFirst')}</p>
      <div class="form-actions">
        <a class="button button--primary" href={signInHref(here)}>
          {t('board.signInToPost')}
        </a>
        {/* With single sign-on, accounts come from the product. */}
        {!signsInThroughProduct() && (
          <a class="button button--quiet" href={`/sign-up?${new URLSearchParams({ next: here })}`}>
            {t('board.createAccount')}
          </a>
        )}
      </div>
    </div>
  );
}
