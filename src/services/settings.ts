import type { Labs } from '../storage/types.js';
import type { Actor, ServiceContext } from './context.js';
import { requirePermission } from './permissions.js';
import { type Settings, toLabs, toSettings } from './settings-views.js';
import type { Body } from './validation/fields.js';
import { parseLabsChanges, parseSettingsChanges } from './validation/settings-fields.js';

/** API.md §4.10.1: the site settings, public. */
export async function getSiteSettings(ctx: ServiceContext): Promise<Settings> {
  return toSettings(await ctx.storage.settings.get());
}

/** API.md §4.10.2: checks every sent field, then writes them all in one atomic write. */
export async function updateSiteSettings(ctx: ServiceContext, actor: Actor, body: Body): Promise<Settings> {
  requirePermission(actor, 'settings:update');
  const changes = parseSettingsChanges(body);
  // `{}` changes nothing: no write, no journal entry.
  if (Object.keys(changes).length === 0) return getSiteSettings(ctx);
  return toSettings(await ctx.storage.transaction((tx) => tx.settings.update(changes)));
}

/** API.md §4.10.3: the lab flags, public. */
export async function getLabs(ctx: ServiceContext): Promise<Labs> {
  return toLabs((await ctx.storage.settings.get()).labs);
}

/** API.md §4.10.4: merges the sent flags into the stored ones. */
export async function updateLabs(ctx: ServiceContext, actor: Actor, body: Body): Promise<Labs> {
  requirePermission(actor, 'settings:update');
  const changes = parseLabsChanges(body);
  if (Object.keys(changes).length === 0) return getLabs(ctx);
  const row = await ctx.storage.transaction(async (tx) => {
    // Read inside the write so a concurrent change to the other flag is not overwritten.
    const { labs } = await tx.settings.get();
    return tx.settings.update({ labs: { ...labs, ...changes } });
  });
  return toLabs(row.labs);
}
