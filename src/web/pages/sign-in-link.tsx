import { useLocation } from 'preact-iso/router';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { messageOf } from '../components/notice.js';
import { signInWithLink } from '../api/endpoints.js';
import { withBase } from '../base.js';
import { Skeleton } from '../components/skeleton.js';
import { TextField } from '../components/text-field.js';
import { t } from '../i18n/t.js';
import { startSession } from '../session.js';
import { AccountCard } from './account-card.js';
import { FormProblem, useSubmission } from './account-form.js';
import { safeNext } from './account-return.js';
import { EmailLinkButton, LinkSent, useSignInLinkRequest } from './sign-in-link-parts.js';

const PATH = '/sign-in/link';

/** The codes of a link the API refuses: used, expired, or unknown (a token cut short in a mail client, say). */
const DEAD_LINK_CODES = new Set(['MAGIC_LINK_USED', 'MAGIC_LINK_EXPIRED', 'INVALID_TOKEN', 'MISSING_TOKEN']);

/**
 * The page a sign-in mail links to. The token leaves the address bar at once (so it stays out of
 * the history and of what a visitor shares), then it signs in, and the visitor lands where they
 * were; a dead link says why and offers a new one.
 */
export function SignInLinkPage() {
  const location = useLocation();
  const [link] = useState(() => ({ token: location.query.token ?? '', next: safeNext(location.query.next) }));
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);
  // Before the page is first drawn, so the token is never on screen.
  useLayoutEffect(() => history.replaceState(history.state, '', withBase(PATH)), []);
  useEffect(() => {
    // Once: a link works only once, and a second request would be told it was used.
    if (started.current) return;
    started.current = true;
    signInWithLink(link.token)
      .then(startSession)
      .then(() => location.route(link.next, true))
      .catch(setError);
  }, []);

  if (error instanceof ApiError && DEAD_LINK_CODES.has(error.code)) return <DeadLink error={error} next={link.next} />;
  if (error) {
    return (
      <AccountCard title={t('account.signInFailedTitle')}>
        <FormProblem error={error} />
        <a class="button account-submit" href={`/sign-in${link.next === '/' ? '' : `?next=${encodeURIComponent(link.next)}`}`}>
          {t('account.goToSignIn')}
        </a>
      </AccountCard>
    );
  }
  return (
    <AccountCard title={t('account.signingYouIn')}>
      <Skeleton rows={1} label={t('account.signingYouIn')} />
    </AccountCard>
  );
}

/** A used, expired or unknown link: the API's words as the heading, and a new link to the address typed here. */
function DeadLink({ error, next }: { error: ApiError; next: string }) {
  const { route } = useLocation();
  const form = useSubmission('new-link', ['email'] as const);
  const request = useSignInLinkRequest(form, next);
  const [email, setEmail] = useState('');
  if (request.sent) return <LinkSent sent={request.sent} onBack={() => route('/sign-in')} />;
  // "Sign-in link token missing" is the API's word for a link cut short: to a person it is just invalid.
  const title = error.code === 'MISSING_TOKEN' || error.code === 'INVALID_TOKEN' ? t('account.linkInvalid') : messageOf(error);
  return (
    <AccountCard title={title}>
      <p>{t('account.linkWorksOnceShort')}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void request.send(email);
        }}
      >
        <TextField {...form.field('email')} label={t('account.email')} type="email" autocomplete="email" required value={email} onValue={setEmail} />
        <FormProblem error={form.formError} />
        <EmailLinkButton label={t('account.emailNewLink')} sending={request.sending} disabled={form.pending} onClick={() => void request.send(email)} />
      </form>
    </AccountCard>
  );
}
