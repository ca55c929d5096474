import { useState } from 'preact/hooks';
import { createEntry, type EntryInput, updateEntry } from '../api/dashboard-changelog.js';
import type { ChangelogEntry, ChangelogLabel, Roadmap } from '../api/types.js';
import { withBase } from '../base.js';
import { Field } from '../components/field.js';
import { MarkdownEditor } from '../components/markdown-editor.js';
import { TextField } from '../components/text-field.js';
import { FormProblem, type Submission, SubmitButton, useSubmission } from '../pages/account-form.js';
import { EntryActions } from './changelog-actions.js';
import { IdeasPicker, type LinkedIdea } from './changelog-ideas.js';
import { LABELS } from './changelog-words.js';
import { useDraft } from './form-parts.js';

/** The fields the API may refuse, so its message lands under the right one (field-codes.ts). */
export const ENTRY_FIELDS = ['title', 'contentMarkdown', 'labels', 'postIds', 'moveToRoadmapId', 'publishAt'] as const;
export type EntrySubmission = Submission<(typeof ENTRY_FIELDS)[number]>;

interface EntryDraft {
  title: string;
  contentMarkdown: string;
  labels: ChangelogLabel[];
  ideas: LinkedIdea[];
  /** '' for none: the ideas keep their status. */
  moveToRoadmapId: string;
}

function draftOf(entry: ChangelogEntry | null): EntryDraft {
  if (!entry)
    return {
      title: '',
      contentMarkdown: '',
      labels: [],
      ideas: [],
      moveToRoadmapId: '',
    };
  const ideas = entry.posts.map(({ postId, title }) => ({ postId, title }));
  return {
    title: entry.title,
    contentMarkdown: entry.contentMarkdown ?? '',
    labels: entry.labels,
    ideas,
    moveToRoadmapId: entry.moveToRoadmapId ?? '',
  };
}

/** What to send. A published entry's roadmap did its work already, so it is left as stored. */
function inputOf(draft: EntryDraft, published: boolean): Partial<EntryInput> {
  const input: Partial<EntryInput> = {
    title: draft.title.trim(),
    contentMarkdown: draft.contentMarkdown,
    labels: draft.labels,
    postIds: draft.ideas.map((idea) => idea.postId),
  };
  if (!published) input.moveToRoadmapId = draft.moveToRoadmapId || null;
  return input;
}

interface EntryFormProps {
  /** null until the first save creates it. */
  entry: ChangelogEntry | null;
  roadmaps: Roadmap[];
  onStored: (entry: ChangelogEntry) => void;
}

/** Title, labels, description, linked ideas and the roadmap to move them to; then save, publish, schedule or delete. */
export function EntryForm({ entry, roadmaps, onStored }: EntryFormProps) {
  const form = useSubmission('changelog', ENTRY_FIELDS);
  const { draft, edit } = useDraft(draftOf(entry));
  const [outcome, setOutcome] = useState('');
  const published = entry?.status === 'published';

  /** Stores what the form shows; the first save creates the entry. */
  const store = async (): Promise<ChangelogEntry> => {
    const input = inputOf(draft, published);
    const stored = entry ? await updateEntry(entry.entryId, input) : await createEntry(input as EntryInput);
    // The address names the entry from now on, so a reload or a bookmark opens it. Not a route: the
    // form stays mounted with what was typed, and its outcome is still said.
    if (!entry) history.replaceState(history.state, '', withBase(`/dashboard/changelog/${stored.entryId}`));
    onStored(stored);
    return stored;
  };
  const submit = (event: Event) => {
    event.preventDefault();
    setOutcome('');
    void form.run(async () => {
      await store();
      setOutcome(entry && entry.status !== 'draft' ? 'Changes saved.' : 'Draft saved.');
    });
  };
  return (
    <form class="dashboard-form changelog-form" onSubmit={submit} aria-labelledby="changelog-editor-title" noValidate>
      <TextField {...form.field('title')} label="Title" type="text" value={draft.title} onValue={(title) => edit({ title })} />
      <LabelChoice labels={draft.labels} onChange={(labels) => edit({ labels })} />
      <MarkdownEditor
        id={form.field('contentMarkdown').id}
        label="Description"
        value={draft.contentMarkdown}
        error={form.field('contentMarkdown').error}
        rows={10}
        onInput={(contentMarkdown) => edit({ contentMarkdown })}
      />
      <IdeasPicker binding={form.field('postIds')} published={published} linked={draft.ideas} onChange={(ideas) => edit({ ideas })} />
      {!published && <RoadmapChoice form={form} roadmaps={roadmaps} value={draft.moveToRoadmapId} onChange={(moveToRoadmapId) => edit({ moveToRoadmapId })} />}
      <FormProblem error={form.formError} />
      <div class="dashboard-form__actions">
        <SubmitButton pending={form.pending} label={entry && entry.status !== 'draft' ? 'Save changes' : 'Save draft'} pendingLabel="Saving…" />
        <span role="status">{outcome}</span>
      </div>
      <EntryActions entry={entry} ideas={draft.ideas.length} form={form} store={store} onStored={onStored} say={setOutcome} />
    </form>
  );
}

/** New, Improved, Fixed: a checkbox each, in the API's order. */
function LabelChoice({ labels, onChange }: { labels: ChangelogLabel[]; onChange: (labels: ChangelogLabel[]) => void }) {
  const toggle = (label: ChangelogLabel, on: boolean) => onChange(LABELS.map((item) => item.label).filter((item) => (item === label ? on : labels.includes(item))));
  return (
    <fieldset class="changelog-labels">
      <legend>Labels</legend>
      {LABELS.map(({ label, words }) => (
        <label key={label} class="changelog-labels__choice">
          <input type="checkbox" checked={labels.includes(label)} onChange={(event) => toggle(label, event.currentTarget.checked)} />
          {words}
        </label>
      ))}
    </fieldset>
  );
}

interface RoadmapChoiceProps {
  form: EntrySubmission;
  roadmaps: Roadmap[];
  value: string;
  onChange: (roadmapId: string) => void;
}

/** The roadmap the linked ideas move to when the entry is published: none unless chosen. */
function RoadmapChoice({ form, roadmaps, value, onChange }: RoadmapChoiceProps) {
  const binding = form.field('moveToRoadmapId');
  return (
    <Field id={binding.id} label="When published, move these ideas to" error={binding.error} hint="None: they keep their status. A roadmap such as Done shows everyone they shipped.">
      {(describedBy, invalid) => (
        <select id={binding.id} value={value} onChange={(event) => onChange(event.currentTarget.value)} aria-describedby={describedBy} aria-invalid={invalid}>
          <option value="">None</option>
          {roadmaps.map((roadmap) => (
            <option key={roadmap.id} value={roadmap.id}>
              {roadmap.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
