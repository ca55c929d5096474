import { currentToken, onTokenChange, setToken } from './api/client.js';
import type { Locale } from '../i18n/locales.js';
import { getLanguage, getPermissions, getProfile } from './api/endpoints.js';
import type { AuthUser, Profile } from './api/types.js';
import { createStore, useStore } from './store.js';

/** Who is signed in, and what they may do (API.md §4.8.4). */
export interface Session {
  user: Profile;
  permissions: ReadonlySet<string>;
  /** The account's language (issue 33), null when none is chosen. */
  locale: Locale | null;
}

/** null = signed out; undefined = still finding out. */
export const sessionStore = createStore<Session | null | undefined>(currentToken() ? undefined : null);

/** The signed-in visitor (null when signed out, undefined while loading). */
export const useSession = () => useStore(sessionStore);

/** Keeps the token from sign-in or sign-up and loads the profile and permissions behind it. */
export async function startSession(user: AuthUser): Promise<void> {
  setToken(user.authToken);
  await loadSession();
}

/** Forgets the token: the visitor is signed out on this device. */
export function endSession(): void {
  setToken(null);
}

/** Reads the profile and permissions for the stored token (on start, and after sign-in). */
export async function loadSession(): Promise<void> {
  if (!currentToken()) {
    sessionStore.set(null);
    return;
  }
  try {
    const [user, permissions, locale] = await Promise.all([getProfile(), getPermissions(), getLanguage()]);
    sessionStore.set({ user, permissions: new Set(permissions), locale });
  } catch {
    // A refused token was already dropped by the client; a server that is down leaves the visitor signed out for now.
    sessionStore.set(null);
  }
}

/** Whether the session holds a permission (API.md §2.4); the API stays the authority. */
export function can(session: Session | null | undefined, permission: string): boolean {
  return session?.permissions.has(permission) ?? false;
}

onTokenChange((elsewhere) => {
  if (!currentToken()) sessionStore.set(null);
  // Another tab signed in (or as someone else): whose the token is has to be read.
  else if (elsewhere) void loadSession();
});
