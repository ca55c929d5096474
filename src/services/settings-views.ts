import { DEFAULT_LOCALE, type Locale, LOCALES } from '../i18n/locales.js';
import { type Labs, type ModerationMode, SITE_TEXT_KEYS, type SettingsRow, type SiteTextKey, type SiteTexts } from '../storage/types.js';

/** The public Settings shape (API.md §3.13), keys in documented order, then feedbackd's own. */
export interface Settings {
  title: string;
  description: string | null;
  logo: string | null;
  icon: string | null;
  accentColor: string;
  googleAnalyticsId: string | null;
  isPoweredBy: boolean;
  allowSignup: boolean;
  labs: Labs;
  developer_mode: boolean;
  /** feedbackd's extension: avatars from Gravatar (false: initials only, nothing sent to gravatar.com). */
  gravatar: boolean;
  /** feedbackd's extension (issue 28): where "Sign in" sends visitors when the team's product signs them in, or null. */
  ssoLoginUrl: string | null;
  /** feedbackd's extension (issue 29): the origins whose pages may frame the widget's panel (`/embed/…`). */
  embedOrigins: string[];
  /** feedbackd's extension (issue 31 §2): whose posts and comments wait for approval. */
  moderation: ModerationMode;
  /** feedbackd's extension (issue 31 §2): the sign-up and new-post forms must carry a form token. */
  requireFormToken: boolean;
  /** feedbackd's extension (issue 33): the pages' language when the visitor's choice and browser name none of ours. */
  locale: Locale;
  /** feedbackd's extension (issue 33): the owner's words per language (`welcome`, `newPostHint`), overriding the defaults. */
  texts: SiteTexts;
}

/**
 * A stored settings row as the API shows it: `developerMode` becomes snake_case `developer_mode`;
 * `gravatar`, absent from data stores made before it existed (either engine), is true; an absent
 * `ssoLoginUrl` is null, an absent `embedOrigins` empty, an absent `moderation` off and an absent
 * `requireFormToken` false, an absent `locale` English and absent `texts` none.
 */
export function toSettings(row: SettingsRow): Settings {
  return {
    title: row.title,
    description: row.description,
    logo: row.logo,
    icon: row.icon,
    accentColor: row.accentColor,
    googleAnalyticsId: row.googleAnalyticsId,
    isPoweredBy: row.isPoweredBy,
    allowSignup: row.allowSignup,
    labs: toLabs(row.labs),
    developer_mode: row.developerMode,
    gravatar: row.gravatar ?? true,
    ssoLoginUrl: row.ssoLoginUrl ?? null,
    embedOrigins: [...(row.embedOrigins ?? [])],
    moderation: row.moderation ?? 'off',
    requireFormToken: row.requireFormToken ?? false,
    locale: row.locale ?? DEFAULT_LOCALE,
    texts: copyTexts(row.texts ?? {}),
  };
}

/**
 * A copy in LOCALES order, each language's texts in SITE_TEXT_KEYS order: PostgreSQL's jsonb keeps
 * keys in an order of its own, and both engines answer alike.
 */
function copyTexts(texts: SiteTexts): SiteTexts {
  const copy: SiteTexts = {};
  for (const locale of LOCALES) {
    const words = texts[locale];
    if (!words) continue;
    const ordered: Partial<Record<SiteTextKey, string>> = {};
    for (const key of SITE_TEXT_KEYS) if (words[key] !== undefined) ordered[key] = words[key];
    copy[locale] = ordered;
  }
  return copy;
}

/** The Labs shape (API.md §3.14), copied key by key so nothing else stored under `labs` leaks out. */
export function toLabs(labs: Labs): Labs {
  return { comments: labs.comments, voteOnBehalf: labs.voteOnBehalf };
}
