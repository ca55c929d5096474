import type { ComponentChildren } from 'preact';
import { ApiError, currentToken } from '../api/client.js';
import { loadSession, sessionStore } from '../session.js';
import { loadSite, siteStore } from '../site.js';

/** The words to show for a failure: the API's own message, or what went wrong on the way. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.retryAfter && error.status === 429) return `${error.message} You can try again in ${waitText(error.retryAfter)}.`;
    return error.message;
  }
  return 'Something went wrong. Try again in a moment.';
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 90 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`;
}

/** An error box with the message and, when given, a Retry button. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div class="notice notice--error" role="alert">
      <p>{messageOf(error)}</p>
      {onRetry && (
        <button type="button" class="button" onClick={() => retry(onRetry)}>
          Retry
        </button>
      )}
    </div>
  );
}

/**
 * Runs the page's retry, and what failed at start in the same outage: the site settings, and the
 * session of a visitor who still holds a token (loadSession left them signed out for now).
 */
function retry(onRetry: () => void): void {
  if (!siteStore.get()) loadSite().catch(() => undefined);
  if (currentToken() && sessionStore.get() === null) void loadSession();
  onRetry();
}

/** A short message in a box (success, information). */
export function Notice({ kind, children }: { kind?: 'success' | 'error'; children: ComponentChildren }) {
  return (
    <div class={`notice${kind ? ` notice--${kind}` : ''}`} role="status">
      {children}
    </div>
  );
}
