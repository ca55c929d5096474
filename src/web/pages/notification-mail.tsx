import { useRef, useState } from 'preact/hooks';
import { getNotificationSettings, setNotificationMail } from '../api/notifications.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { t } from '../i18n/t.js';
import { useLoad } from '../use-load.js';
import { FormProblem } from './account-form.js';

type SaveState = 'idle' | 'saving' | 'saved';

/** The account-wide switch for notification mail, saved as soon as it changes; on the profile and the dashboard's account page. */
export function NotificationMail({ class: className }: { class?: string }) {
  const loaded = useLoad(getNotificationSettings, []);
  return (
    <section class={className} aria-labelledby="notification-mail-title">
      <h2 id="notification-mail-title">{t('account.notificationMail')}</h2>
      {loaded.error ? (
        <ErrorNotice error={loaded.error} onRetry={loaded.reload} />
      ) : loaded.data ? (
        <MailSwitch initial={loaded.data.mail} />
      ) : (
        <Skeleton rows={1} label={t('account.loadingMailSetting')} />
      )}
    </section>
  );
}

function MailSwitch({ initial }: { initial: boolean }) {
  const [mail, setMail] = useState(initial);
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<unknown>(null);
  // Clicks faster than the server answers are saved one after another, so the last one is what stays.
  const queue = useRef(Promise.resolve());
  const confirmed = useRef(initial);
  const latest = useRef(initial);

  const change = (next: boolean) => {
    setMail(next);
    latest.current = next;
    setState('saving');
    setError(null);
    queue.current = queue.current.then(() => save(next));
  };
  const save = async (next: boolean) => {
    try {
      confirmed.current = (await setNotificationMail(next)).mail;
      if (latest.current === next) setState('saved');
    } catch (err) {
      // Only the newest choice's failure is news; the box goes back to what the server holds.
      if (latest.current !== next) return;
      setMail(confirmed.current);
      latest.current = confirmed.current;
      setState('idle');
      setError(err);
    }
  };

  return (
    <>
      <div class="mail-switch">
        <input
          id="notification-mail"
          type="checkbox"
          checked={mail}
          aria-describedby="notification-mail-hint"
          onChange={(event) => change(event.currentTarget.checked)}
        />
        <label for="notification-mail">{t('account.mailSwitch')}</label>
        <p id="notification-mail-hint" class="mail-switch__hint">
          {t('account.mailSwitchHint')}
        </p>
      </div>
      <FormProblem error={error} />
      <p class="muted small mail-switch__status" role="status">
        {state === 'saving' ? t('account.saving') : state === 'saved' ? t('account.saved') : ''}
      </p>
    </>
  );
}
