import { getOwnIdentities } from '../api/endpoints.js';
import { formatDate } from '../format.js';
import { useSite } from '../site.js';
import { useLoad } from '../use-load.js';

/**
 * How the person signs in besides a password (issue 28): shown when the team's product signs them
 * in, and that their name and email come from there, so an edit here is not a surprise later.
 */
export function ProfileSignIn() {
  const site = useSite();
  const loaded = useLoad(getOwnIdentities, []);
  const sso = loaded.data?.find((identity) => identity.provider === 'sso');
  if (!sso) return null;
  const loginUrl = site?.settings.ssoLoginUrl;
  const product = loginUrl ? new URL(loginUrl).host : "the team's product";
  return (
    <dl class="account-facts">
      <div>
        <dt>Signs in</dt>
        <dd>
          <span>
            Through your account at {product}, last on {formatDate(sso.lastUsedAt)}. Your name and email follow that account each time you sign in.
          </span>
        </dd>
      </div>
    </dl>
  );
}
