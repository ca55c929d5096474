import { useLocation } from 'preact-iso/router';
import { useState } from 'preact/hooks';
import { deleteEntry, publishEntry } from '../api/dashboard-changelog.js';
import type { ChangelogEntry } from '../api/types.js';
import { Field } from '../components/field.js';
import { ConfirmDialog } from '../pages/post-confirm.js';
import { can, useSession } from '../session.js';
import type { EntrySubmission } from './changelog-form.js';
import { isoOfLocal, localInputValue, statusWords } from './changelog-words.js';

interface EntryActionsProps {
  /** null until the first save. */
  entry: ChangelogEntry | null;
  /** How many ideas the form links: the publish question says how many voters' mail goes out. */
  ideas: number;
  form: EntrySubmission;
  /** Saves what the form shows (creating the entry the first time): publishing sends what is on screen. */
  store: () => Promise<ChangelogEntry>;
  onStored: (entry: ChangelogEntry) => void;
  say: (outcome: string) => void;
}

/** Publish now and Schedule (until it is out), and Delete for those who may. */
export function EntryActions({ entry, ideas, form, store, onStored, say }: EntryActionsProps) {
  const session = useSession();
  const [asking, setAsking] = useState<'publish' | 'delete' | null>(null);
  const published = entry?.status === 'published';
  const mayDelete = entry !== null && can(session, 'changelog:destroy');
  if (published && !mayDelete) return null;
  const closeQuestion = (outcome: string) => {
    setAsking(null);
    say(outcome);
  };
  const publishFirst = () => {
    say('');
    void form.run(async () => {
      await store();
      setAsking('publish');
    });
  };
  return (
    <div class="changelog-actions">
      {!published && (
        <>
          <div class="changelog-actions__now">
            <button type="button" class="button" disabled={form.pending} onClick={publishFirst}>
              Publish now
            </button>
          </div>
          <ScheduleControl entry={entry} form={form} store={store} onStored={onStored} say={say} />
        </>
      )}
      {mayDelete && (
        <div class="changelog-actions__delete">
          <button type="button" class="button button--danger" onClick={() => setAsking('delete')}>
            Delete entry
          </button>
        </div>
      )}
      {asking === 'publish' && entry && <PublishQuestion entry={entry} ideas={ideas} onStored={onStored} onClose={closeQuestion} />}
      {asking === 'delete' && entry && <DeleteQuestion entry={entry} onCancel={() => setAsking(null)} />}
    </div>
  );
}

/** "Voters of 2 ideas": what publishing mails, said before it happens. */
function publishQuestion(title: string, ideas: number): string {
  if (ideas === 0) return `Publish “${title}” now? It ships no ideas, so nobody is mailed.`;
  return `Publish “${title}” now? The voters of ${ideas === 1 ? 'its idea' : `its ${ideas} ideas`} will get one mail each.`;
}

function PublishQuestion({
  entry,
  ideas,
  onStored,
  onClose,
}: {
  entry: ChangelogEntry;
  ideas: number;
  onStored: (entry: ChangelogEntry) => void;
  onClose: (outcome: string) => void;
}) {
  return (
    <ConfirmDialog
      question={publishQuestion(entry.title, ideas)}
      confirmLabel="Publish"
      pendingLabel="Publishing…"
      danger={false}
      onConfirm={async () => onStored(await publishEntry(entry.entryId))}
      onDone={() => onClose('Published.')}
      onCancel={() => onClose('Saved, not published.')}
    />
  );
}

function DeleteQuestion({ entry, onCancel }: { entry: ChangelogEntry; onCancel: () => void }) {
  const location = useLocation();
  const what = entry.status === 'published' ? 'It leaves the changelog;' : 'Nobody is mailed;';
  return (
    <ConfirmDialog
      question={`Delete entry “${entry.title}”? ${what} the ideas it ships stay as they are.`}
      confirmLabel="Delete entry"
      pendingLabel="Deleting…"
      onConfirm={() => deleteEntry(entry.entryId)}
      onDone={() => location.route('/dashboard/changelog')}
      onCancel={onCancel}
    />
  );
}

/** A day and time, then Schedule: the entry is saved and published by the server at that time. */
function ScheduleControl({ entry, form, store, onStored, say }: Omit<EntryActionsProps, 'ideas'>) {
  const [when, setWhen] = useState(entry?.publishAt ? localInputValue(entry.publishAt) : '');
  const binding = form.field('publishAt');
  const schedule = () => {
    say('');
    const publishAt = isoOfLocal(when);
    // The API publishes at once a time that is not in the future: never by a slip of the date.
    const problem = !publishAt ? 'Choose the day and time to publish it.' : Date.parse(publishAt) <= Date.now() ? 'Choose a time in the future.' : null;
    void form.run(
      async () => {
        const saved = await store();
        const scheduled = await publishEntry(saved.entryId, publishAt!);
        onStored(scheduled);
        say(`${statusWords(scheduled)}.`);
      },
      { publishAt: problem },
    );
  };
  // Enter here schedules rather than saving the draft.
  const scheduleOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    schedule();
  };
  return (
    <div class="changelog-actions__schedule">
      <Field id={binding.id} label="Publish at" error={binding.error}>
        {(describedBy, invalid) => (
          <input
            id={binding.id}
            type="datetime-local"
            value={when}
            onInput={(event) => setWhen(event.currentTarget.value)}
            onKeyDown={scheduleOnEnter}
            aria-describedby={describedBy}
            aria-invalid={invalid}
          />
        )}
      </Field>
      <button type="button" class="button" disabled={form.pending} onClick={schedule}>
        Schedule
      </button>
    </div>
  );
}
