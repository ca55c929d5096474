import { useState } from 'preact/hooks';
import type { PublicUser } from '../api/types.js';
import { initials } from '../format.js';
import { useSite } from '../site.js';

/**
 * A user's picture from the API, or their initials when it cannot load (offline, blocked, no Gravatar).
 * A Gravatar picture is only asked for once the site's settings are known and allow Gravatar: a
 * board that turned `gravatar` off sends nothing about its visitors to gravatar.com. A picture a
 * sign-in brought is an upload on this site (`/uploads/<id>`, issue 28), shown either way.
 */
export function Avatar({ user, size = 28 }: { user: Pick<PublicUser, 'avatar' | 'name' | 'username'>; size?: number }) {
  const [failed, setFailed] = useState(false);
  const gravatar = useSite()?.settings.gravatar === true;
  const dimension = { width: `${size}px`, height: `${size}px` };
  const uploaded = user.avatar?.startsWith('/uploads/') === true;
  if (failed || !user.avatar || !(uploaded || gravatar)) {
    return (
      <span class="avatar" style={dimension} aria-hidden="true">
        {initials(user.name, user.username)}
      </span>
    );
  }
  return (
    <span class="avatar" style={dimension} aria-hidden="true">
      <img src={uploaded ? user.avatar : `${user.avatar}?s=${size * 2}&d=404`} alt="" width={size} height={size} loading="lazy" onError={() => setFailed(true)} />
    </span>
  );
}
