import { useEffect } from 'preact/hooks';
import { Skeleton } from '../components/skeleton.js';
import { signInHref, signsInThroughProduct, useOwnUrl } from '../sign-in-link.js';
import { useSession } from '../session.js';
import { setPageTitle } from '../site.js';
import { NewPostForm } from './new-post-form.js';

/** `/new?board=<url>&title=<text>`: post an idea, after seeing whether it is already there. */
export function NewPostPage() {
  const session = useSession();
  useEffect(() => setPageTitle('Post an idea'), []);
  return (
    <div class="new-post">
      <h1>Post an idea</h1>
      {session === undefined ? <Skeleton rows={2} label="Loading" /> : session === null ? <SignInFirst /> : <NewPostForm />}
    </div>
  );
}

function SignInFirst() {
  const here = useOwnUrl();
  return (
    <div class="card new-post__sign-in">
      <p>
        Ideas come from people with an account, so the team can reply to you. Once you are in, you will see whether someone
        already asked for the same thing, and can vote for it instead.
      </p>
      <div class="form-actions">
        <a class="button button--primary" href={signInHref(here)}>
          Sign in to post
        </a>
        {/* With single sign-on, accounts come from the product. */}
        {!signsInThroughProduct() && (
          <a class="button button--quiet" href={`/sign-up?${new URLSearchParams({ next: here })}`}>
            Create an account
          </a>
        )}
      </div>
    </div>
  );
}
