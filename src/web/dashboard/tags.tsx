import { createTag, deleteTag, listTags, type TagInput, updateTag } from '../api/endpoints.js';
import type { Tag } from '../api/types.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { TextField } from '../components/text-field.js';
import { useSubmission } from '../pages/account-form.js';
import { ConfirmDialog } from '../pages/post-confirm.js';
import { can, useSession } from '../session.js';
import { CatalogueToolbar, cancelOnEscape, FormButtons, startingColour, useFocusOnOpen, useStoredList, useTask } from './catalogue-parts.js';
import { Checkbox, ColourField, hexOf, useDraft } from './form-parts.js';
import { TableWrap } from './table-wrap.js';

/** Tags (issue 31): labels for ideas across boards; public ones everyone sees, private ones only the team. */
export function TagsPage() {
  const session = useSession();
  const tags = useStoredList(listTags);
  const { task, status, open, close, heading } = useTask<Tag>();
  const saved = async (tag: Tag) => {
    await tags.refresh();
    close(task?.kind === 'new' ? `Tag ${tag.name} created.` : `Tag ${tag.name} saved.`);
  };
  const actions: TagActions = {
    edit: can(session, 'tag:update') ? (tag) => open({ kind: 'edit', item: tag }) : undefined,
    remove: can(session, 'tag:destroy') ? (tag) => open({ kind: 'delete', item: tag }) : undefined,
  };
  const canCreate = can(session, 'tag:create');
  return (
    <section aria-labelledby="tags-title" class="catalogue">
      <h1 id="tags-title" ref={heading} tabIndex={-1}>
        Tags
      </h1>
      <p class="catalogue-intro">
        Tags sort ideas across boards, such as Mobile or API. Everyone sees public tags on ideas and can filter a board by them; private tags are seen only by
        the team members who may tag ideas.
      </p>
      <CatalogueToolbar newLabel={canCreate ? 'New tag' : null} status={status} onNew={() => open({ kind: 'new' })} />
      {(task?.kind === 'new' || task?.kind === 'edit') && (
        <TagForm key={task.kind === 'edit' ? task.item.tagId : 'new'} tag={task.kind === 'edit' ? task.item : null} onSaved={saved} onCancel={() => close()} />
      )}
      {tags.error !== null && <ErrorNotice error={tags.error} onRetry={() => void tags.refresh()} />}
      {tags.items ? (
        tags.items.length === 0 ? (
          <p class="catalogue-empty">No tags yet.{canCreate ? ' Create one for each kind of idea you want to find again.' : ''}</p>
        ) : (
          <TagsTable tags={tags.items} actions={actions} />
        )
      ) : (
        tags.error === null && <Skeleton rows={3} label="Loading the tags" />
      )}
      {task?.kind === 'delete' && (
        <ConfirmDialog
          question={`Delete tag ${task.item.name}? The ideas carrying it stay, without it.`}
          confirmLabel="Delete tag"
          pendingLabel="Deleting…"
          onConfirm={async () => {
            await deleteTag(task.item.tagId);
            await tags.refresh();
          }}
          onDone={() => close(`Tag ${task.item.name} deleted.`)}
          onCancel={() => close()}
        />
      )}
    </section>
  );
}

interface TagActions {
  edit?: (tag: Tag) => void;
  remove?: (tag: Tag) => void;
}

function TagsTable({ tags, actions }: { tags: Tag[]; actions: TagActions }) {
  const withActions = Boolean(actions.edit || actions.remove);
  return (
    <TableWrap label="Tags table">
      <table class="dashboard-table catalogue-table">
        <thead>
          <tr>
            <th scope="col">Tag</th>
            <th scope="col">Visibility</th>
            {withActions && (
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {tags.map((tag) => (
            <tr key={tag.tagId}>
              <th scope="row" class="catalogue-table__name">
                <span class="dot" style={{ background: `#${tag.color}` }} aria-hidden="true" />
                {tag.name}
              </th>
              <td>{tag.public ? 'Public' : <span class="catalogue-hidden">Private</span>}</td>
              {withActions && (
                <td class="catalogue-table__actions">
                  {actions.edit && (
                    <button type="button" class="button" aria-label={`Edit tag ${tag.name}`} onClick={() => actions.edit?.(tag)}>
                      Edit
                    </button>
                  )}
                  {actions.remove && (
                    <button type="button" class="button button--danger" aria-label={`Delete tag ${tag.name}`} onClick={() => actions.remove?.(tag)}>
                      Delete
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

const FIELDS = ['name', 'color', 'public'] as const;

function draftOf(tag: Tag | null): Required<TagInput> {
  if (!tag) return { name: '', color: startingColour(), public: true };
  return { name: tag.name, color: `#${tag.color}`, public: tag.public };
}

/** Creates a tag, or renames, recolours, or makes one public or private. */
function TagForm({ tag, onSaved, onCancel }: { tag: Tag | null; onSaved: (tag: Tag) => Promise<void>; onCancel: () => void }) {
  const form = useSubmission('tag', FIELDS);
  const { draft, edit } = useDraft(draftOf(tag));
  useFocusOnOpen('tag-name');
  const submit = (event: Event) => {
    event.preventDefault();
    void form.run(async () => {
      const input = { name: draft.name.trim(), color: hexOf(draft.color), public: draft.public };
      await onSaved(tag ? await updateTag(tag.tagId, input) : await createTag(input));
    });
  };
  return (
    <form class="dashboard-form catalogue-form" onSubmit={submit} onKeyDown={cancelOnEscape(onCancel)} aria-labelledby="tag-form-title" noValidate>
      <h2 id="tag-form-title">{tag ? `Edit tag ${tag.name}` : 'New tag'}</h2>
      <TextField {...form.field('name')} label="Name" type="text" value={draft.name} onValue={(name) => edit({ name })} />
      <ColourField binding={form.field('color')} label="Colour" hint="The dot beside the tag on ideas." value={draft.color} onValue={(color) => edit({ color })} />
      <Checkbox
        id="tag-public"
        label="Public"
        description="Everyone sees it on ideas and can filter a board by it. When off, only team members who may tag ideas see it."
        checked={draft.public}
        onChange={(value) => edit({ public: value })}
      />
      <FormButtons form={form} saveLabel={tag ? 'Save tag' : 'Create tag'} onCancel={onCancel} />
    </form>
  );
}
