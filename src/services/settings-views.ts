import type { Labs, ModerationMode, SettingsRow } from '../storage/types.js';

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
}

/**
 * A stored settings row as the API shows it: `developerMode` becomes snake_case `developer_mode`;
 * `gravatar`, absent from data stores made before it existed (either engine), is true; an absent
 * `ssoLoginUrl` is null, an absent `embedOrigins` empty, an absent `moderation` off and an absent
 * `requireFormToken` false.
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
  };
}

/** The Labs shape (API.md §3.14), copied key by key so nothing else stored under `labs` leaks out. */
export function toLabs(labs: Labs): Labs {
  return { comments: labs.comments, voteOnBehalf: labs.voteOnBehalf };
}
