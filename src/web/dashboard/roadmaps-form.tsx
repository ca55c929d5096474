import { createRoadmap, type RoadmapInput, updateRoadmap } from '../api/dashboard-roadmaps.js';
import type { Roadmap } from '../api/types.js';
import { TextField } from '../components/text-field.js';
import { useSubmission } from '../pages/account-form.js';
import { cancelOnEscape, FormButtons, startingColour, useFocusOnOpen, useUrlFollowsName } from './catalogue-parts.js';
import { Checkbox, ColourField, hexOf, useDraft } from './form-parts.js';

/** The fields the API may refuse, so its message lands under the right one (client.ts FIELD_OF_CODE). */
const FIELDS = ['name', 'url', 'color', 'display'] as const;

function draftOf(roadmap: Roadmap | null): RoadmapInput {
  if (!roadmap) return { name: '', url: '', color: startingColour(), display: true };
  const { name, url, color, display } = roadmap;
  return { name, url, color: `#${color}`, display };
}

interface RoadmapFormProps {
  /** null for a new roadmap (it goes last). */
  roadmap: Roadmap | null;
  onSaved: (roadmap: Roadmap) => Promise<void>;
  onCancel: () => void;
}

/** Creates a roadmap, or edits one: name, url, colour, and whether visitors see it. */
export function RoadmapForm({ roadmap, onSaved, onCancel }: RoadmapFormProps) {
  const form = useSubmission('roadmap', FIELDS);
  const { draft, edit } = useDraft(draftOf(roadmap));
  useFocusOnOpen('roadmap-name');
  const follow = useUrlFollowsName(roadmap === null);
  const submit = (event: Event) => {
    event.preventDefault();
    void form.run(async () => {
      const input = { ...draft, name: draft.name.trim(), url: draft.url.trim(), color: hexOf(draft.color) };
      await onSaved(roadmap ? await updateRoadmap(roadmap.id, input) : await createRoadmap(input));
    });
  };
  return (
    <form class="dashboard-form catalogue-form" onSubmit={submit} onKeyDown={cancelOnEscape(onCancel)} aria-labelledby="roadmap-form-title" noValidate>
      <h2 id="roadmap-form-title">{roadmap ? `Edit roadmap ${roadmap.name}` : 'New roadmap'}</h2>
      <TextField {...form.field('name')} label="Name" type="text" value={draft.name} onValue={(name) => edit(follow.name(name))} />
      <TextField
        {...form.field('url')}
        label="URL"
        type="text"
        hint="Letters, digits and dashes: how links and the API name this roadmap."
        value={draft.url}
        onValue={(url) => edit(follow.url(url))}
      />
      <ColourField binding={form.field('color')} label="Colour" hint="The dot beside the status on ideas and on the roadmap." value={draft.color} onValue={(color) => edit({ color })} />
      <Checkbox
        id="roadmap-display"
        label="Show on the roadmap"
        description="Everyone sees its column on the roadmap and its status on ideas. When off, only roles with roadmap:read do."
        checked={draft.display}
        onChange={(display) => edit({ display })}
      />
      <FormButtons form={form} saveLabel={roadmap ? 'Save roadmap' : 'Create roadmap'} onCancel={onCancel} />
    </form>
  );
}
