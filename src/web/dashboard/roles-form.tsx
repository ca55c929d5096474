import type { RoleInput } from '../api/dashboard-roles.js';
import { TextField } from '../components/text-field.js';
import { useSubmission } from '../pages/account-form.js';
import { SaveRow, useDraft } from './form-parts.js';
import { PermissionPicker } from './roles-picker.js';

/** The API's limits (API.md §3.12). */
const NAME_MAX = 30;
const DESCRIPTION_MAX = 50;

/** The fields the API's refusals name (client.ts FIELD_OF_CODE): the refused one is focused. */
const ROLE_FIELDS = ['name', 'description', 'permissions'] as const;

export interface RoleDraft {
  name: string;
  description: string;
  permissions: string[];
}

interface RoleFormProps {
  initial: RoleDraft;
  /** The h1 naming the form. */
  titleId: string;
  submitLabel: string;
  nameHint: string;
  /** Sends the draft; a refusal is shown under its field, or above the button. */
  save: (input: RoleInput) => Promise<RoleDraft>;
}

/** A role's name, description and permissions; shared by "New role" and a role's own page. */
export function RoleForm({ initial, titleId, submitLabel, nameHint, save }: RoleFormProps) {
  const form = useSubmission('role', ROLE_FIELDS);
  const { draft, edit, saved, setSaved } = useDraft(initial);
  const submit = (event: Event) => {
    event.preventDefault();
    void form.run(async () => {
      // The API trims and may rename ("new role"): the form shows what it stored.
      edit(await save(draft));
      setSaved(true);
    });
  };
  return (
    <form class="dashboard-form role-form" onSubmit={submit} aria-labelledby={titleId} noValidate>
      <TextField
        {...form.field('name')}
        label="Name"
        type="text"
        hint={nameHint}
        maxLength={NAME_MAX}
        value={draft.name}
        onValue={(name) => edit({ name })}
      />
      <TextField
        {...form.field('description')}
        label="Description"
        type="text"
        hint={`Optional, up to ${DESCRIPTION_MAX} characters: who the role is for.`}
        maxLength={DESCRIPTION_MAX}
        value={draft.description}
        onValue={(description) => edit({ description })}
      />
      <PermissionPicker binding={form.field('permissions')} held={draft.permissions} onChange={(permissions) => edit({ permissions })} />
      <SaveRow form={form} label={submitLabel} saved={saved} />
    </form>
  );
}

/** The form's starting values for a stored role. */
export function draftOf(role: { name: string; description: string | null; permissions: string[] }): RoleDraft {
  return { name: role.name, description: role.description ?? '', permissions: role.permissions };
}
