import { DEFAULT_SETTINGS } from '../../seed.js';
import type { Labs, SettingsRepo, SettingsRow } from '../../types.js';
import type { Queryable } from '../queryable.js';

/*
 * The settings are one jsonb document in the single row of `settings` (id = true). An update
 * merges the patch's top-level fields in one statement (`labs` is replaced as a whole, like the
 * JSON-file engine does); fields holding `undefined` are left as they are.
 */

/** The stored document with the contract's field order (jsonb keeps its own key order). */
export function settingsOf(value: Record<string, unknown>): SettingsRow {
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(DEFAULT_SETTINGS)) if (key in value) ordered[key] = value[key];
  for (const [key, item] of Object.entries(value)) if (!(key in ordered)) ordered[key] = item;
  const labs = value.labs as Record<string, unknown> | undefined;
  if (labs && typeof labs === 'object') {
    const orderedLabs: Record<string, unknown> = {};
    for (const key of Object.keys(DEFAULT_SETTINGS.labs)) if (key in labs) orderedLabs[key] = labs[key];
    for (const [key, item] of Object.entries(labs)) if (!(key in orderedLabs)) orderedLabs[key] = item;
    ordered.labs = orderedLabs as unknown as Labs;
  }
  return ordered as unknown as SettingsRow;
}

export function createSettingsRepo(db: Queryable): SettingsRepo {
  return {
    get: async () => {
      const { rows } = await db.query('SELECT value FROM settings WHERE id');
      return settingsOf(rows[0]?.value ?? DEFAULT_SETTINGS);
    },
    update: async (patch) => {
      const defined = JSON.stringify(patch); // JSON leaves out fields holding undefined
      const { rows } = await db.query(
        `INSERT INTO settings (id, value) VALUES (true, $2::jsonb || $1::jsonb)
         ON CONFLICT (id) DO UPDATE SET value = settings.value || $1::jsonb
         RETURNING value`,
        [defined, JSON.stringify(DEFAULT_SETTINGS)],
      );
      return settingsOf(rows[0].value);
    },
  };
}
