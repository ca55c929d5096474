import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { FormProblem, type Submission, SubmitButton } from '../pages/account-form.js';

// What the Boards and Roadmaps pages share: a list re-read after every write, the panel that edits
// or deletes one item (and gives focus back), the starting colour, the url that follows the name.

/** A list read from the API and re-read after every write, so the page shows what is stored. */
export function useStoredList<T>(load: () => Promise<T[]>) {
  const [items, setItems] = useState<T[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const refresh = useCallback(async (): Promise<T[] | undefined> => {
    try {
      const fresh = await load();
      setItems(fresh);
      setError(null);
      return fresh;
    } catch (err) {
      setError(err);
      return undefined;
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, []);
  return { items, error, refresh };
}

/** What the page is doing with one item: creating one, editing or deleting it. */
export type Task<T> = { kind: 'new' } | { kind: 'edit'; item: T } | { kind: 'delete'; item: T };

/**
 * The page's one open task and its spoken outcome. Focus goes back to the button that opened the
 * task, or to the page's heading when that button is gone (its row was deleted).
 */
export function useTask<T>() {
  const [task, setTask] = useState<Task<T> | null>(null);
  const [status, setStatus] = useState('');
  const opener = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const open = (next: Task<T>) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setStatus('');
    setTask(next);
  };
  const close = (outcome = '') => {
    setTask(null);
    setStatus(outcome);
    const back = opener.current?.isConnected ? opener.current : heading.current;
    back?.focus();
  };
  return { task, status, say: setStatus, open, close, heading };
}

/** The page's "New …" button (null: the session may not create) and the spoken outcome of the last task. */
export function CatalogueToolbar({ newLabel, status, onNew }: { newLabel: string | null; status: string; onNew: () => void }) {
  return (
    <div class="dashboard-toolbar catalogue-toolbar">
      {newLabel && (
        <button type="button" class="button button--primary" onClick={onNew}>
          {newLabel}
        </button>
      )}
      <p role="status" class="catalogue-status">
        {status}
      </p>
    </div>
  );
}

/** The save row of an item's form: a refusal that belongs to no field, Save and Cancel. */
export function FormButtons({ form, saveLabel, onCancel }: { form: Submission; saveLabel: string; onCancel: () => void }) {
  return (
    <>
      <FormProblem error={form.formError} />
      <div class="dashboard-form__actions">
        <SubmitButton pending={form.pending} label={saveLabel} pendingLabel="Saving…" />
        <button type="button" class="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}

/**
 * Focus on the form's first field once it opens (the `autofocus` attribute does nothing in a page
 * already in use). A layout effect runs before the browser handles the next key: with a plain
 * effect, a letter typed right after Enter went to the button (seen in CI).
 */
export function useFocusOnOpen(id: string): void {
  useLayoutEffect(() => document.getElementById(id)?.focus(), []);
}

/** Escape anywhere in a form closes it, like a dialog. */
export function cancelOnEscape(onCancel: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };
}

/** Distinct, mid-tone colours a new board or roadmap starts with; any can be changed. */
const STARTING_COLOURS = ['#2f6fdb', '#e6a23c', '#2e9f5e', '#c2410c', '#8e44ad', '#d63384', '#0f8a8a', '#6b7280'];

/** One of the starting colours, so that new items do not all look alike. */
export function startingColour(): string {
  return STARTING_COLOURS[Math.floor(Math.random() * STARTING_COLOURS.length)]!;
}

/** The url the API would make of a name (API.md §1.8, close enough for a suggestion; the API normalises). */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 50)
    .replace(/^-+|-+$/g, '');
}

/**
 * A new item's url follows its name as it is typed, until the url is edited by hand; an existing
 * item's url never changes by itself (links to it would break).
 */
export function useUrlFollowsName(isNew: boolean) {
  const [following, setFollowing] = useState(isNew);
  return {
    name: (name: string) => (following ? { name, url: slugOf(name) } : { name }),
    url: (url: string) => {
      setFollowing(false);
      return { url };
    },
  };
}

/** Said under a list when the session cannot see its hidden items (API.md §2.7). */
export function HiddenNote({ children }: { children: string }) {
  return <p class="catalogue-note">{children}</p>;
}
