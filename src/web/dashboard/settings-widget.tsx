import { useState } from 'preact/hooks';
import { updateSettings } from '../api/endpoints.js';
import type { Settings } from '../api/types.js';
import { TextField } from '../components/text-field.js';
import { useSubmission } from '../pages/account-form.js';
import { siteStore } from '../site.js';
import { SaveRow, useDraft } from './form-parts.js';
import { WidgetSnippet } from './settings-widget-snippet.js';

/**
 * Settings › Widget (issue 29): the sites whose pages may show the feedback widget, the snippet
 * they paste, and a live preview of its panel.
 */
export function WidgetSettings({ settings }: { settings: Settings }) {
  // What the server holds decides whether the widget shows anywhere, not the unsaved list.
  const [stored, setStored] = useState(settings.embedOrigins);
  return (
    <section class="dashboard-form widget-settings" aria-labelledby="settings-widget-title">
      <h2 id="settings-widget-title">Widget</h2>
      <p class="muted">A feedback button for your product's pages: it opens this site's boards in a panel, with your signed-in user already known.</p>
      {stored.length === 0 && (
        <div class="notice" role="note">
          <p>The widget shows nowhere yet: add the address of each site that shows it, then save.</p>
        </div>
      )}
      <AllowedSitesForm stored={stored} onSaved={setStored} />
      <WidgetSnippet />
    </section>
  );
}

function AllowedSitesForm({ stored, onSaved }: { stored: string[]; onSaved: (origins: string[]) => void }) {
  const form = useSubmission('embed-origins', ['embedOrigins']);
  const { draft, edit, saved, setSaved } = useDraft({ origins: stored, typed: '' });
  const add = () => {
    const typed = draft.typed.trim();
    if (typed === '') return;
    edit({ origins: draft.origins.includes(typed) ? draft.origins : [...draft.origins, typed], typed: '' });
  };
  const submit = (event: Event) => {
    event.preventDefault();
    // A typed address not yet added is meant to be saved too.
    const typed = draft.typed.trim();
    const origins = typed === '' || draft.origins.includes(typed) ? draft.origins : [...draft.origins, typed];
    void form.run(async () => {
      const settings = await updateSettings({ embedOrigins: origins });
      const site = siteStore.get();
      if (site) siteStore.set({ ...site, settings });
      edit({ origins: settings.embedOrigins, typed: '' });
      onSaved(settings.embedOrigins);
      setSaved(true);
    });
  };
  return (
    <form onSubmit={submit} aria-labelledby="widget-sites-title" noValidate>
      <h3 id="widget-sites-title">Allowed sites</h3>
      <p class="muted small">Only pages of these sites can show the widget; browsers refuse it anywhere else.</p>
      {draft.origins.length > 0 && (
        <ul class="widget-sites" aria-labelledby="widget-sites-title">
          {draft.origins.map((origin) => (
            <li key={origin}>
              <code>{origin}</code>
              <button
                type="button"
                class="button"
                aria-label={`Remove ${origin}`}
                onClick={() => edit({ origins: draft.origins.filter((item) => item !== origin) })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="widget-sites__add">
        <TextField
          {...form.field('embedOrigins')}
          label="Site address"
          type="text"
          autocomplete="off"
          hint="Scheme, host and port only, such as https://app.example.com."
          value={draft.typed}
          onValue={(typed) => edit({ typed })}
        />
        <button type="button" class="button" onClick={add}>
          Add
        </button>
      </div>
      <SaveRow form={form} label="Save allowed sites" saved={saved} />
    </form>
  );
}
