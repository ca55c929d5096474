import type { AuthProviderRow } from '../../storage/types.js';

/*
 * The well-known providers an owner can add by name (issue 28 §2): the issuer (or, for GitHub,
 * which is OAuth 2 and not OpenID Connect, its web address) and the button's label.
 */

export const PRESET_NAMES = ['google', 'microsoft', 'gitlab', 'github'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

interface Preset {
  kind: AuthProviderRow['kind'];
  issuer: string;
  name: string;
}

export const PRESETS: Readonly<Record<PresetName, Preset>> = {
  google: {
    kind: 'oidc',
    issuer: 'https://accounts.google.com',
    name: 'Google',
  },
  // `common` lets any Microsoft account in; an owner limiting it to one organisation gives --issuer with the tenant.
  microsoft: {
    kind: 'oidc',
    issuer: 'https://login.microsoftonline.com/common/v2.0',
    name: 'Microsoft',
  },
  gitlab: { kind: 'oidc', issuer: 'https://gitlab.com', name: 'GitLab' },
  github: { kind: 'github', issuer: 'https://github.com', name: 'GitHub' },
};
