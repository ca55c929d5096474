import { useEffect, useState } from 'preact/hooks';
import { messageOf } from '../components/notice.js';

/** How long "Saved" stays beside a select (a refusal stays until the next change). */
const SAVED_FOR_MS = 5000;

export interface Choice {
  value: string;
  label: string;
}

interface InlineChoiceProps {
  id: string;
  /** The select's accessible name, naming its row: "Board of Dark mode". */
  label: string;
  /** The stored value ('' for none). */
  value: string;
  choices: Choice[];
  /** Stores a choice; a rejection is shown beside the select, which goes back to the stored value. */
  onSave: (value: string) => Promise<void>;
}

type Outcome = { saved: true } | { saved: false; message: string };

/** A select in a table row that saves as soon as it changes, then says "Saved" or why not. */
export function InlineChoice({ id, label, value, choices, onSave }: InlineChoiceProps) {
  const [pending, setPending] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    if (!outcome?.saved) return;
    const timer = setTimeout(() => setOutcome(null), SAVED_FOR_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const change = async (next: string) => {
    setPending(next);
    setOutcome(null);
    try {
      await onSave(next);
      setOutcome({ saved: true });
    } catch (error) {
      setOutcome({ saved: false, message: `Not saved: ${messageOf(error)}` });
    } finally {
      setPending(null);
    }
  };
  const refused = outcome !== null && !outcome.saved;
  return (
    <div class="posts-choice">
      {/* Not disabled while saving: a disabled select would drop the keyboard user's focus. */}
      <select
        id={id}
        aria-label={label}
        value={pending ?? value}
        aria-invalid={refused}
        aria-describedby={`${id}-outcome`}
        onChange={(event) => void change(event.currentTarget.value)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <span id={`${id}-outcome`} role="status" class={refused ? 'posts-choice__outcome posts-choice__outcome--refused' : 'posts-choice__outcome'}>
        {outcome === null ? '' : outcome.saved ? 'Saved' : outcome.message}
      </span>
    </div>
  );
}
