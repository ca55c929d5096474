import { useState } from 'preact/hooks';
import { getSignInWays, listAuthProviders, unlinkIdentity } from '../api/endpoints.js';
import type { LinkedIdentity } from '../api/types.js';
import { messageOf } from '../components/notice.js';
import { formatDate } from '../format.js';
import { t } from '../i18n/t.js';
import { useSite } from '../site.js';
import { useLoad } from '../use-load.js';

/**
 * How the person signs in (issue 28): their password, and each linked provider with a way to
 * unlink it. The server decides whether another way remains; its refusal is shown in its words.
 */
export function ProfileSignIn() {
  const ways = useLoad(getSignInWays, []);
  const providers = useLoad(listAuthProviders, []);
  const label = useProviderLabel(providers.data ?? []);
  if (!ways.data) return null;
  return (
    <section class="profile-sign-in" aria-labelledby="sign-in-ways-heading">
      <h2 id="sign-in-ways-heading">{t('account.howYouSignIn')}</h2>
      <ul class="profile-sign-in__list">
        <li>
          <span>{ways.data.hasPassword ? t('account.passwordSet') : t('account.passwordNotSet')}</span>
          {!ways.data.hasPassword && <a href="/password-reset">{t('account.setAPassword')}</a>}
        </li>
        {ways.data.identities.map((identity) => (
          <IdentityRow key={identity.provider} identity={identity} label={label(identity.provider)} onUnlinked={ways.reload} />
        ))}
      </ul>
    </section>
  );
}

/** A provider's label as its sign-in button says it; `sso` is the team's product, by its host when known. */
function useProviderLabel(providers: { providerId: string; name: string }[]): (provider: string) => string {
  const site = useSite();
  const loginUrl = site?.settings.ssoLoginUrl;
  return (provider) => {
    if (provider === 'sso') return loginUrl ? t('account.productAccountAt', { host: new URL(loginUrl).host }) : t('account.productAccount');
    return providers.find((p) => p.providerId === provider)?.name ?? provider;
  };
}

function IdentityRow({ identity, label, onUnlinked }: { identity: LinkedIdentity; label: string; onUnlinked: () => void }) {
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const unlink = async () => {
    try {
      await unlinkIdentity(identity.provider);
      onUnlinked();
    } catch (error) {
      setAsking(false);
      setProblem(messageOf(error));
    }
  };
  return (
    <li>
      <span>
        {t('account.lastUsed', { provider: label, date: formatDate(identity.lastUsedAt) })}
        {identity.provider === 'sso' && ` ${t('account.productFollows')}`}
      </span>
      {asking ? (
        <span class="profile-sign-in__confirm">
          <span>{t('account.unlinkWarning')}</span>
          <button type="button" class="button button--danger" aria-label={t('account.unlinkNowLabel', { provider: label })} onClick={() => void unlink()}>
            {t('account.unlink')}
          </button>
          <button type="button" class="button" onClick={() => setAsking(false)}>
            {t('account.keepIt')}
          </button>
        </span>
      ) : (
        <button type="button" class="button" aria-label={t('account.unlinkLabel', { provider: label })} onClick={() => setAsking(true)}>
          {t('account.unlinkAsk')}
        </button>
      )}
      {problem && <p role="alert">{problem}</p>}
    </li>
  );
}
