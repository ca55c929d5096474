import { getLabs, getSettings, updateLabs, updateSettings } from '../api/endpoints.js';
import type { Labs, Settings } from '../api/types.js';
import { applyAccent, contrast, textOn } from '../colour.js';
import { ErrorNotice } from '../components/notice.js';
import { Skeleton } from '../components/skeleton.js';
import { TextField } from '../components/text-field.js';
import { type FieldBinding, useSubmission } from '../pages/account-form.js';
import { siteStore } from '../site.js';
import { useLoad } from '../use-load.js';
import { Checkbox, ColourField, hexOf, SaveRow, useDraft } from './form-parts.js';
import { LanguageSettings } from './settings-language.js';
import { SignInSettings } from './settings-sign-in.js';
import { WidgetSettings } from './settings-widget.js';

/** The page background the accent must stand out on (tokens.css, light). */
const PAGE = 'ffffff';
/** WCAG 1.4.3: text (and links) in the accent colour on the page. */
const TEXT_CONTRAST = 4.5;

/** Settings: the site's words, pictures and colour, its languages, who may sign up, how people sign in, the widget, and the labs. */
export function SettingsPage() {
  const loaded = useLoad(() => Promise.all([getSettings(), getLabs()]), []);
  return (
    <section aria-labelledby="settings-heading">
      <h1 id="settings-heading">Settings</h1>
      {loaded.error ? (
        <ErrorNotice error={loaded.error} onRetry={loaded.reload} />
      ) : loaded.data ? (
        <>
          <SiteForm settings={loaded.data[0]} />
          <LanguageSettings settings={loaded.data[0]} />
          <SignInSettings settings={loaded.data[0]} />
          <ModerationSettings settings={loaded.data[0]} />
          <WidgetSettings settings={loaded.data[0]} />
          <LabsForm labs={loaded.data[1]} />
        </>
      ) : (
        <Skeleton rows={4} label="Loading the settings" />
      )}
    </section>
  );
}

const SITE_FIELDS = ['title', 'description', 'logo', 'icon', 'accentColor'] as const;

function SiteForm({ settings }: { settings: Settings }) {
  const form = useSubmission('settings', SITE_FIELDS);
  const { draft, edit, saved, setSaved } = useDraft({
    title: settings.title,
    description: settings.description ?? '',
    logo: settings.logo ?? '',
    icon: settings.icon ?? '',
    accentColor: `#${settings.accentColor}`,
    gravatar: settings.gravatar,
    isPoweredBy: settings.isPoweredBy,
    allowSignup: settings.allowSignup,
    developer_mode: settings.developer_mode,
  });
  const submit = (event: Event) => {
    event.preventDefault();
    void form.run(async () => {
      const stored = await updateSettings({ ...draft, description: draft.description || null, logo: draft.logo || null, icon: draft.icon || null });
      // The whole site follows at once: the header's title and logo, the accent colour.
      const site = siteStore.get();
      if (site) siteStore.set({ ...site, settings: stored });
      applyAccent(stored.accentColor);
      setSaved(true);
    });
  };
  return (
    <form class="dashboard-form" onSubmit={submit} aria-labelledby="settings-site-title" noValidate>
      <h2 id="settings-site-title">The site</h2>
      <TextField {...form.field('title')} label="Title" type="text" required maxLength={255} value={draft.title} onValue={(title) => edit({ title })} />
      <TextField
        {...form.field('description')}
        label="Description"
        type="text"
        hint="One sentence under the title on the home page."
        maxLength={255}
        value={draft.description}
        onValue={(description) => edit({ description })}
      />
      <TextField
        {...form.field('logo')}
        label="Logo URL"
        type="text"
        hint="An https:// address of a picture; empty for none."
        value={draft.logo}
        onValue={(logo) => edit({ logo })}
      />
      <TextField
        {...form.field('icon')}
        label="Icon URL"
        type="text"
        hint="The tab's icon; empty for feedbackd's own."
        value={draft.icon}
        onValue={(icon) => edit({ icon })}
      />
      <AccentField binding={form.field('accentColor')} value={draft.accentColor} onValue={(accentColor) => edit({ accentColor })} />
      <Checkbox
        id="settings-gravatar"
        label="Pictures from Gravatar"
        description="Avatars come from gravatar.com, so every visitor's browser asks Gravatar for them. When off, avatars are initials and no page contacts another site."
        checked={draft.gravatar}
        onChange={(gravatar) => edit({ gravatar })}
      />
      <Checkbox
        id="settings-powered-by"
        label="Show “Powered by feedbackd”"
        description="One quiet line at the foot of the public pages."
        checked={draft.isPoweredBy}
        onChange={(isPoweredBy) => edit({ isPoweredBy })}
      />
      <Checkbox
        id="settings-allow-signup"
        label="Allow sign-up"
        description="Visitors may create their own accounts. When off, only accounts made from the terminal can sign in."
        checked={draft.allowSignup}
        onChange={(allowSignup) => edit({ allowSignup })}
      />
      <Checkbox
        id="settings-developer-mode"
        label="Developer mode"
        description="A hint for API clients that read it; feedbackd itself behaves the same either way."
        checked={draft.developer_mode}
        onChange={(developer_mode) => edit({ developer_mode })}
      />
      <SaveRow form={form} label="Save settings" saved={saved} />
    </form>
  );
}

/** The accent colour: a picker and its hex value, with a preview and its contrast verdict. */
function AccentField({ binding, value, onValue }: { binding: FieldBinding; value: string; onValue: (value: string) => void }) {
  const hex = hexOf(value);
  const verdict = `${binding.id}-verdict`;
  const preview = /^[0-9a-f]{6}$/.test(hex) ? { id: verdict, node: <AccentPreview hex={hex} id={verdict} /> } : undefined;
  return (
    <ColourField binding={binding} label="Accent colour" hint="Buttons, links and the focus ring use it." value={value} onValue={onValue} preview={preview} />
  );
}

function AccentPreview({ hex, id }: { hex: string; id: string }) {
  const ratio = contrast(hex, PAGE);
  const readable = ratio >= TEXT_CONTRAST;
  return (
    <div class="accent-preview">
      <span class="accent-preview__button" style={{ background: `#${hex}`, color: `#${textOn(hex)}` }} aria-hidden="true">
        ▲ 12
      </span>
      <span class="accent-preview__link" style={{ color: `#${hex}` }} aria-hidden="true">
        A link in this colour
      </span>
      <p id={id} class={readable ? 'accent-preview__verdict' : 'accent-preview__verdict accent-preview__verdict--warn'}>
        {readable
          ? `Contrast with the page ${ratio.toFixed(1)}:1: readable.`
          : `Contrast with the page only ${ratio.toFixed(1)}:1 (at least ${TEXT_CONTRAST}:1 is needed): links in this colour are hard to read.`}
      </p>
    </div>
  );
}

function LabsForm({ labs }: { labs: Labs }) {
  const form = useSubmission('labs', []);
  const { draft, edit, saved, setSaved } = useDraft(labs);
  const submit = (event: Event) => {
    event.preventDefault();
    void form.run(async () => {
      const stored = await updateLabs(draft);
      const site = siteStore.get();
      if (site) siteStore.set({ ...site, labs: stored });
      setSaved(true);
    });
  };
  return (
    <form class="dashboard-form" onSubmit={submit} aria-labelledby="settings-labs-title">
      <h2 id="settings-labs-title">Labs</h2>
      <Checkbox
        id="labs-comments"
        label="Comments"
        description="People can comment on ideas and reply to each other; the team can leave internal notes."
        checked={draft.comments}
        onChange={(comments) => edit({ comments })}
      />
      <Checkbox
        id="labs-vote-on-behalf"
        label="Vote on behalf"
        description="Those allowed to can record a vote for a user, e.g. a customer who asked by mail."
        checked={draft.voteOnBehalf}
        onChange={(voteOnBehalf) => edit({ voteOnBehalf })}
      />
      <SaveRow form={form} label="Save labs" saved={saved} />
    </form>
  );
}

const MODERATION_CHOICES = [
  { value: 'off', label: 'Off', description: 'Everything is shown at once.' },
  {
    value: 'new-users',
    label: 'New people wait',
    description: 'The first post or comment of someone new waits for approval; after one is approved they post freely.',
  },
  {
    value: 'everyone',
    label: 'Everyone waits',
    description: 'Every post and comment waits for approval.',
  },
] as const;

/** Issue 31 §2: whose posts and comments wait for approval, and whether forms need their token. */
function ModerationSettings({ settings }: { settings: Settings }) {
  const form = useSubmission('settings', []);
  const { draft, edit, saved, setSaved } = useDraft({
    moderation: settings.moderation ?? 'off',
    requireFormToken: settings.requireFormToken ?? false,
  });
  const submit = (event: Event) => {
    event.preventDefault();
    void form.run(async () => {
      await updateSettings(draft);
      setSaved(true);
    });
  };
  return (
    <form class="dashboard-form" onSubmit={submit} aria-labelledby="settings-moderation-title" noValidate>
      <h2 id="settings-moderation-title">Moderation</h2>
      <fieldset class="settings-moderation">
        <legend>Posts and comments that wait for approval</legend>
        {MODERATION_CHOICES.map((choice) => (
          <label key={choice.value} class="settings-moderation__choice">
            <input
              type="radio"
              name="moderation"
              value={choice.value}
              checked={draft.moderation === choice.value}
              onChange={() => edit({ moderation: choice.value })}
            />
            <span>
              {choice.label}
              <span class="settings-moderation__hint">{choice.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p class="settings-moderation__hint">Team members and trusted people never wait.</p>
      <Checkbox
        id="settings-require-form-token"
        label="Refuse sign-ups and ideas not sent from this site's forms"
        description="Turn it on when bots come: programs posting straight to the API are refused. Apps that use the API to post then stop working."
        checked={draft.requireFormToken}
        onChange={(requireFormToken) => edit({ requireFormToken })}
      />
      <SaveRow form={form} label="Save moderation" saved={saved} />
    </form>
  );
}
