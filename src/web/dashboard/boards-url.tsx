import { useEffect, useState } from 'preact/hooks';
import { checkBoardUrl } from '../api/dashboard-boards.js';
import { Field } from '../components/field.js';
import { messageOf } from '../components/notice.js';
import type { FieldBinding } from '../pages/account-form.js';

/** How long typing must pause before the url is checked. */
const CHECK_DELAY_MS = 300;

/** What the API said of the url being typed; `quiet` while typing, when empty, or for the board's own url. */
type Availability = { state: 'quiet' } | { state: 'available' | 'taken'; url: string } | { state: 'refused'; message: string };

/**
 * Asks the API (POST /boards/check-slug) whether the url is free once typing pauses. Only a hint
 * while typing: the answer to Save stays the authority (another board may take the url meanwhile).
 */
function useUrlAvailability(url: string, ownUrl: string | null): Availability {
  const [result, setResult] = useState<Availability>({ state: 'quiet' });
  useEffect(() => {
    const wanted = url.trim();
    setResult({ state: 'quiet' });
    if (!wanted || wanted === ownUrl) return;
    let current = true;
    const timer = setTimeout(() => {
      checkBoardUrl(wanted).then(
        (answer) => current && setResult(answer.url === ownUrl ? { state: 'quiet' } : { state: answer.available ? 'available' : 'taken', url: answer.url }),
        (error: unknown) => current && setResult({ state: 'refused', message: messageOf(error) }),
      );
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [url, ownUrl]);
  return result;
}

function availabilityText(result: Availability): string {
  if (result.state === 'available') return `Available: the board's page will be /b/${result.url}`;
  if (result.state === 'taken') return `Taken: /b/${result.url} belongs to another board or is reserved.`;
  if (result.state === 'refused') return result.message;
  return '';
}

interface BoardUrlFieldProps {
  binding: FieldBinding;
  value: string;
  onValue: (value: string) => void;
  /** The board's stored url when editing: it is its own, not taken. */
  ownUrl: string | null;
}

/** The board's url, with "Available" or "Taken" said (politely) once typing pauses. */
export function BoardUrlField({ binding, value, onValue, ownUrl }: BoardUrlFieldProps) {
  const result = useUrlAvailability(value, ownUrl);
  const statusId = `${binding.id}-availability`;
  return (
    <Field id={binding.id} label="URL" error={binding.error} hint="Letters, digits and dashes: the board's address is /b/ followed by it.">
      {(describedBy, invalid) => (
        <>
          <input
            id={binding.id}
            name={binding.name}
            type="text"
            autocomplete="off"
            spellcheck={false}
            value={value}
            onInput={(event) => onValue(event.currentTarget.value)}
            aria-describedby={[describedBy, statusId].filter(Boolean).join(' ')}
            aria-invalid={invalid}
          />
          <p id={statusId} role="status" class={`url-availability url-availability--${result.state}`}>
            {availabilityText(result)}
          </p>
        </>
      )}
    </Field>
  );
}
