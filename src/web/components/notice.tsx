import type { ComponentChildren } from 'preact';
import { ApiError, currentToken } from '../api/client.js';
import { errorTextWithWait, knowsError } from '../i18n/errors.js';
import { t } from '../i18n/t.js';
import { loadSession, sessionStore } from '../session.js';
import { loadSite, siteStore } from '../site.js';

/**
 * The words to show for a failure, in the page's language (`errors.<CODE>`, with a rate limit's
 * wait). A code only the dashboard meets has no words in the catalogue: the dashboard is English
 * for now, so it keeps the API's own message rather than a general one.
 */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError && !knowsError(error) && error.message) return error.message;
  return errorTextWithWait(error);
}

/** An error box with the message and, when given, a Retry button. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div class="notice notice--error" role="alert">
      <p>{messageOf(error)}</p>
      {onRetry && (
        <button type="button" class="button" onClick={() => retry(onRetry)}>
          {t('board.retry')}
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
