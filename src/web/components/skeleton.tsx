import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/t.js';

/** Placeholder rows, shown only once loading takes longer than ~300 ms so fast loads never flash. */
export function Skeleton({ rows = 3, label = t('board.loading') }: { rows?: number; label?: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), 300);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div role="status" aria-live="polite" aria-label={label}>
      <span class="visually-hidden">{label}…</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} class="skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}
