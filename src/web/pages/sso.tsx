import { signInWithSso } from '../api/endpoints.js';
import { withoutBase } from '../base.js';
import { t } from '../i18n/t.js';
import { claimSsoLanding } from '../sso-landing.js';
import { safeNext } from './account-return.js';
import { LandingProblem, SigningIn, useLandingSignIn } from './signing-in.js';

/**
 * Where the product's link lands: signs in with the token it carried, then goes on to the redirect,
 * replacing this page in the history (so Back never comes here again).
 */
export function SsoPage() {
  const problem = useLandingSignIn(async () => {
    const landing = claimSsoLanding();
    if (!landing?.token) throw new LandingProblem(t('account.ssoNoToken'));
    const target = landingPath(landing.redirect);
    return { user: await signInWithSso(landing.token), next: target };
  }, t('account.ssoDidNotWork'));
  return (
    <SigningIn
      problem={problem}
      links={
        <>
          <a href="/">{t('account.goToBoard')}</a>
          <a href="/sign-in">{t('account.signInWithPassword')}</a>
        </>
      }
    />
  );
}

/**
 * The redirect as a path of this site: a path, or an absolute URL of this very origin (the board
 * URL the header's "Sign in" handed the product); anything else, another site above all, is home.
 */
export function landingPath(raw: string | null): string {
  if (!raw) return '/';
  try {
    const url = new URL(raw);
    if (url.origin === location.origin) return safeNext(`${withoutBase(url.pathname)}${url.search}${url.hash}`);
  } catch {
    // Not absolute: a path, checked below.
  }
  return safeNext(raw);
}
