import { useState } from 'preact/hooks';
import type { PublicUser } from '../api/types.js';
import { initials } from '../format.js';

/** A user's picture from the API, or their initials when it cannot load (offline, blocked, no Gravatar). */
export function Avatar({ user, size = 28 }: { user: Pick<PublicUser, 'avatar' | 'name' | 'username'>; size?: number }) {
  const [failed, setFailed] = useState(false);
  const dimension = { width: `${size}px`, height: `${size}px` };
  if (failed || !user.avatar) {
    return (
      <span class="avatar" style={dimension} aria-hidden="true">
        {initials(user.name, user.username)}
      </span>
    );
  }
  return (
    <span class="avatar" style={dimension} aria-hidden="true">
      <img src={`${user.avatar}?s=${size * 2}&d=404`} alt="" width={size} height={size} loading="lazy" onError={() => setFailed(true)} />
    </span>
  );
}
