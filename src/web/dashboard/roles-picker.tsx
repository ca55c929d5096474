import { useEffect, useRef } from 'preact/hooks';
import { formatNumber } from '../format.js';
import type { FieldBinding } from '../pages/account-form.js';
import { Checkbox } from './form-parts.js';
import { inCanonicalOrder, PERMISSION_GROUPS, type PermissionGroup, type PermissionInfo } from './roles-permissions.js';

interface PickerProps {
  /** The form's binding for `permissions`: its id is focused when the API refuses the set. */
  binding: FieldBinding;
  held: readonly string[];
  onChange: (held: string[]) => void;
}

/** The permissions of a role as checkboxes, one fieldset per group, each group with its "Select all". */
export function PermissionPicker({ binding, held, onChange }: PickerProps) {
  const holding = new Set(held);
  const change = (codes: string[], on: boolean) => {
    const next = new Set(holding);
    for (const code of codes) {
      if (on) next.add(code);
      else next.delete(code);
    }
    onChange(inCanonicalOrder(next));
  };
  return (
    <fieldset id={binding.id} class="role-picker" tabIndex={-1} aria-describedby={binding.error ? `${binding.id}-error` : undefined}>
      <legend class="role-picker__title">
        <h2>Permissions</h2>
      </legend>
      <p class="role-picker__hint">Someone with this role may do what is ticked, on top of what their other roles allow.</p>
      <p id={`${binding.id}-error`} class="field__error" aria-live="polite">
        {binding.error ?? ''}
      </p>
      {PERMISSION_GROUPS.map((group) => (
        <GroupFieldset key={group.name} group={group} holding={holding} onChange={change} />
      ))}
    </fieldset>
  );
}

interface GroupProps {
  group: PermissionGroup;
  holding: ReadonlySet<string>;
  onChange: (codes: string[], on: boolean) => void;
}

function GroupFieldset({ group, holding, onChange }: GroupProps) {
  return (
    <fieldset class="role-group">
      <legend>{group.name}</legend>
      {group.permissions.length > 1 && <SelectAll group={group} holding={holding} onChange={onChange} />}
      <div class="role-group__items">
        {group.permissions.map((permission) => (
          <PermissionCheckbox key={permission.code} permission={permission} checked={holding.has(permission.code)} onChange={onChange} />
        ))}
      </div>
    </fieldset>
  );
}

function PermissionCheckbox({ permission, checked, onChange }: { permission: PermissionInfo; checked: boolean; onChange: GroupProps['onChange'] }) {
  return (
    <div class={permission.reserved ? 'role-permission role-permission--reserved' : 'role-permission'}>
      <Checkbox
        id={checkboxId(permission.code)}
        label={permission.label}
        description={`${permission.description} (${permission.code})`}
        checked={checked}
        onChange={(on) => onChange([permission.code], on)}
      />
    </div>
  );
}

/** Ticks or clears the whole group; "mixed" while only some are ticked, as a tri-state checkbox should. */
function SelectAll({ group, holding, onChange }: GroupProps) {
  const input = useRef<HTMLInputElement>(null);
  const codes = group.permissions.map((permission) => permission.code);
  const count = codes.filter((code) => holding.has(code)).length;
  const all = count === codes.length;
  useEffect(() => {
    // `indeterminate` exists only as a DOM property, never as an attribute.
    if (input.current) input.current.indeterminate = count > 0 && !all;
  });
  const id = `role-all-${group.name.toLowerCase()}`;
  return (
    <div class="role-group__all">
      <input ref={input} id={id} type="checkbox" checked={all} onChange={() => onChange(codes, !all)} />
      <label for={id}>
        Select all<span class="visually-hidden"> {group.name} permissions</span>
      </label>
      {/* The mixed state in words too: a half-ticked box is easy to miss. */}
      <span class="role-group__count">
        {formatNumber(count)} of {formatNumber(codes.length)} ticked
      </span>
    </div>
  );
}

/** `comment:update:own` → `permission-comment-update-own`: an id without the colons CSS selectors trip on. */
function checkboxId(code: string): string {
  return `permission-${code.replace(/[^a-z0-9]+/gi, '-')}`;
}
