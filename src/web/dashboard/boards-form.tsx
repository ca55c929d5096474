import { type BoardInput, createBoard, updateBoard } from '../api/dashboard-boards.js';
import type { Board } from '../api/types.js';
import { Field } from '../components/field.js';
import { TextField } from '../components/text-field.js';
import { countOf } from '../format.js';
import { type FieldBinding, useSubmission } from '../pages/account-form.js';
import { BoardUrlField } from './boards-url.js';
import { cancelOnEscape, FormButtons, startingColour, useFocusOnOpen, useUrlFollowsName } from './catalogue-parts.js';
import { Checkbox, ColourField, hexOf, useDraft } from './form-parts.js';

/** The fields the API may refuse, so its message lands under the right one (client.ts FIELD_OF_CODE). */
const FIELDS = ['name', 'description', 'url', 'color', 'display', 'view_voters'] as const;

/** The API's limit (API.md §8.9); the form counts towards it but lets the API say when it is passed. */
const DESCRIPTION_MAX = 300;

function draftOf(board: Board | null): BoardInput {
  if (!board) return { name: '', description: '', url: '', color: startingColour(), display: true, view_voters: true };
  const { name, url, color, display, view_voters } = board;
  return { name, description: board.description ?? '', url, color: `#${color}`, display, view_voters };
}

interface BoardFormProps {
  /** null for a new board. */
  board: Board | null;
  onSaved: (board: Board) => Promise<void>;
  onCancel: () => void;
}

/** Creates a board, or edits one: name, url (checked as typed), colour, and what visitors see. */
export function BoardForm({ board, onSaved, onCancel }: BoardFormProps) {
  const form = useSubmission('board', FIELDS);
  const { draft, edit } = useDraft(draftOf(board));
  useFocusOnOpen('board-name');
  const follow = useUrlFollowsName(board === null);
  const submit = (event: Event) => {
    event.preventDefault();
    void form.run(async () => {
      const input = { ...draft, name: draft.name.trim(), description: draft.description.trim(), url: draft.url.trim(), color: hexOf(draft.color) };
      await onSaved(board ? await updateBoard(board.boardId, input) : await createBoard(input));
    });
  };
  return (
    <form class="dashboard-form catalogue-form" onSubmit={submit} onKeyDown={cancelOnEscape(onCancel)} aria-labelledby="board-form-title" noValidate>
      <h2 id="board-form-title">{board ? `Edit board ${board.name}` : 'New board'}</h2>
      <TextField {...form.field('name')} label="Name" type="text" value={draft.name} onValue={(name) => edit(follow.name(name))} />
      <DescriptionField binding={form.field('description')} value={draft.description} onValue={(description) => edit({ description })} />
      <BoardUrlField binding={form.field('url')} value={draft.url} onValue={(url) => edit(follow.url(url))} ownUrl={board?.url ?? null} />
      <ColourField binding={form.field('color')} label="Colour" hint="A small dot beside the board's name." value={draft.color} onValue={(color) => edit({ color })} />
      <Checkbox
        id="board-display"
        label="Show on the board"
        description="Everyone sees the board and its ideas. When off, only roles with board:read see them."
        checked={draft.display}
        onChange={(display) => edit({ display })}
      />
      <Checkbox
        id="board-view_voters"
        label="Show who voted"
        description="On: an idea's page lists the people who voted for it. Off: only the team sees who voted, in the API too; everyone still sees the count."
        checked={draft.view_voters}
        onChange={(view_voters) => edit({ view_voters })}
      />
      <FormButtons form={form} saveLabel={board ? 'Save board' : 'Create board'} onCancel={onCancel} />
    </form>
  );
}

interface DescriptionFieldProps {
  binding: FieldBinding;
  value: string;
  onValue: (value: string) => void;
}

/** A few lines under the board's name, with a count of the characters left. */
function DescriptionField({ binding, value, onValue }: DescriptionFieldProps) {
  const left = DESCRIPTION_MAX - value.trim().length;
  const count = left >= 0 ? `${countOf(left, 'character', 'characters')} left.` : `${countOf(-left, 'character', 'characters')} too many.`;
  return (
    <Field id={binding.id} label="Description" error={binding.error ?? undefined} hint={`Optional. Shown under the board's name on its page and on the home page. ${count}`}>
      {(describedBy, invalid) => (
        <textarea
          id={binding.id}
          name={binding.name}
          rows={3}
          value={value}
          onInput={(event) => onValue(event.currentTarget.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid}
        />
      )}
    </Field>
  );
}
