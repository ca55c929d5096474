import { exchangeProviderSignIn } from '../api/endpoints.js';
import { t } from '../i18n/t.js';
import { safeNext } from './account-return.js';
import { SigningIn, useLandingSignIn } from './signing-in.js';

/**
 * Where a provider sign-in lands (`/sign-in/provider`): collects its outcome once — the session,
 * or the refusal in the API's own words — and goes on to where the visitor was, replacing this
 * page in the history so Back never comes here again.
 */
export function ProviderLandingPage() {
  const problem = useLandingSignIn(async () => {
    const { user, next } = await exchangeProviderSignIn();
    return { user, next: safeNext(next) };
  }, t('account.signInDidNotWork'));
  return (
    <SigningIn
      problem={problem}
      links={
        <>
          <a href="/sign-in">{t('account.backToSignIn')}</a>
          <a href="/">{t('account.goToBoard')}</a>
        </>
      }
    />
  );
}
