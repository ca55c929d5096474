import { useLocation } from 'preact-iso/router';
import { useState } from 'preact/hooks';
import { ApiError } from '../api/client.js';
import { accountMessage } from '../pages/account-form.js';
import { useResendVerification } from '../pages/account-resend.js';
import { loadSession, useSession } from '../session.js';
import { t, tx } from '../i18n/t.js';

/** Where a dismissal is kept: for this tab's visit only, so the reminder comes back another day. */
const DISMISSED_KEY = 'feedbackd.confirmBannerDismissed';

/** Pages that speak of the address themselves (sign-up's "Check your inbox" among them). */
const OWN_WORDS = ['/email-verify', '/profile', '/sign-up'];

/**
 * One slim line under the header asking a signed-in visitor whose address is not confirmed to
 * confirm it, with "Send again". Not on the pages that say it themselves.
 */
export function ConfirmBanner() {
  const session = useSession();
  const { path } = useLocation();
  const [dismissed, setDismissed] = useState(readDismissed);
  const { state, send } = useResendVerification(catchUpIfConfirmed);
  const user = session?.user;
  if (user?.isVerified !== false || OWN_WORDS.some((own) => path.startsWith(own)) || dismissed === user.userId) return null;
  const { email, userId } = user;
  const dismiss = () => {
    writeDismissed(userId);
    setDismissed(userId);
  };
  return (
    <div class="confirm-banner">
      <div class="confirm-banner__inner">
        <p role="status" class="confirm-banner__text">
          {state.kind === 'sent' ? (
            t('board.confirmSent', { email })
          ) : (
            tx('board.confirmAsk', { where: <span class="confirm-banner__where">{t('board.confirmWhere', { email })}</span> })
          )}
        </p>
        {state.kind !== 'sent' && (
          <button type="button" class="link-button confirm-banner__send" disabled={state.kind === 'pending'} onClick={send}>
            {state.kind === 'pending' ? t('board.confirmSending') : t('board.confirmSendAgain')}
          </button>
        )}
        <button type="button" class="link-button confirm-banner__close" aria-label={t('board.dismiss')} onClick={dismiss}>
          <span aria-hidden="true">×</span>
        </button>
        {state.kind === 'failed' && (
          <p role="alert" class="confirm-banner__error">
            {accountMessage(state.error)}
          </p>
        )}
      </div>
    </div>
  );
}

/** Confirmed meanwhile (another tab, another device): the session catches up and the line goes. */
function catchUpIfConfirmed(error: unknown): void {
  if (error instanceof ApiError && error.code === 'EMAIL_VERIFIED') void loadSession();
}

function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

function writeDismissed(userId: string): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, userId);
  } catch {
    // Without storage the line stays hidden until the page is reloaded.
  }
}
