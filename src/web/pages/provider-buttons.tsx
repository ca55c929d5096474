import { listAuthProviders, providerStartHref } from '../api/endpoints.js';
import { framed, openSignInWindow } from '../embed/sign-in-window.js';
import { t } from '../i18n/t.js';
import { useLoad } from '../use-load.js';

/**
 * "Continue with <provider>" for each enabled sign-in provider, above the password form and
 * parted from it by the same "or" as the mailed link; nothing at all while there are none (or the
 * list cannot be read: the password form still works).
 */
export function ProviderButtons({ next }: { next: string }) {
  const providers = useLoad(listAuthProviders, []);
  if (!providers.data || providers.data.length === 0) return null;
  return (
    <>
      <ul class="provider-buttons">
        {providers.data.map((provider) => (
          <li key={provider.providerId}>
            {framed ? (
              // In the widget's panel: providers refuse to be framed, so a window of the board signs in.
              <button type="button" class="button provider-button" onClick={() => openSignInWindow(provider.providerId)}>
                {t('account.continueWith', { provider: provider.name })}
              </button>
            ) : (
              // _top: a real navigation (the app's router would keep a same-site link to itself), in this same window.
              <a class="button provider-button" href={providerStartHref(provider.providerId, next)} target="_top">
                {t('account.continueWith', { provider: provider.name })}
              </a>
            )}
          </li>
        ))}
      </ul>
      <p class="account-or" aria-hidden="true">
        {t('account.or')}
      </p>
    </>
  );
}
