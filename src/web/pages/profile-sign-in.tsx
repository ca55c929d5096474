import { useState } from 'preact/hooks';
import { getSignInWays, listAuthProviders, unlinkIdentity } from '../api/endpoints.js';
import type { LinkedIdentity } from '../api/types.js';
import { messageOf } from '../components/notice.js';
import { formatDate } from '../format.js';
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
      <h2 id="sign-in-ways-heading">How you sign in</h2>
      <ul class="profile-sign-in__list">
        <li>
          <span>Password: {ways.data.hasPassword ? 'set' : 'not set'}</span>
          {!ways.data.hasPassword && <a href="/password-reset">Set a password</a>}
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
    if (provider === 'sso') return loginUrl ? `Your account at ${new URL(loginUrl).host}` : "Your account at the team's product";
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
        {label}, last used {formatDate(identity.lastUsedAt)}.
        {identity.provider === 'sso' && ' Your name and email follow that account each time you sign in.'}
      </span>
      {asking ? (
        <span class="profile-sign-in__confirm">
          <span>You will no longer sign in this way.</span>
          <button type="button" class="button button--danger" aria-label={`Unlink ${label} now`} onClick={() => void unlink()}>
            Unlink
          </button>
          <button type="button" class="button" onClick={() => setAsking(false)}>
            Keep it
          </button>
        </span>
      ) : (
        <button type="button" class="button" aria-label={`Unlink ${label}`} onClick={() => setAsking(true)}>
          Unlink…
        </button>
      )}
      {problem && <p role="alert">{problem}</p>}
    </li>
  );
}
