import { ApiError } from '../api/client.js';
import { addVote } from '../api/endpoints.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Browsers drop tabs and newlines from URLs, so "/\t/host" would become "//host".
const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * Where to go after signing in: `next` when it is a path on this site, else home. Anything
 * that a browser could read as another site ("//host", "/\host", a scheme, control characters)
 * is refused, so a crafted link cannot send a visitor elsewhere after they sign in.
 */
export function safeNext(raw: string | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || hasControlCharacter(raw)) return '/';
  try {
    if (new URL(raw, location.origin).origin !== location.origin) return '/';
  } catch {
    return '/';
  }
  // Coming back to an account form after signing in would be a loop.
  return /^\/(sign-in|sign-up)(\/|\?|$)/.test(raw) ? '/' : raw;
}

/** The post id a visitor tried to vote for before signing in, when it looks like one. */
export function pendingVote(raw: string | undefined): string | null {
  return raw && UUID.test(raw) ? raw : null;
}

/** Makes the vote a visitor asked for before signing in; one already there counts as made. */
export async function castPendingVote(postId: string | null): Promise<void> {
  if (!postId) return;
  try {
    await addVote(postId);
  } catch (err) {
    if (!(err instanceof ApiError && err.code === 'VOTE_EXISTS')) throw err;
  }
}

/** The query that carries `next` and `vote` from one account page to another. */
export function returnQuery(next: string, vote: string | null): string {
  const params = new URLSearchParams();
  if (next !== '/') params.set('next', next);
  if (vote) params.set('vote', vote);
  const text = params.toString();
  return text ? `?${text}` : '';
}
