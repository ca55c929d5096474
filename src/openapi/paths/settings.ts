import { LOCALES } from '../../i18n/locales.js';
import { answer, boolean, input, operation, type Paths, ref, type Schema } from '../kit.js';

const SETTINGS_PERMISSION = '`settings:update`';

const optionalText = (description: string): Schema => ({
  type: ['string', 'null'],
  maxLength: 255,
  description,
});

const imageUrl = (what: string, extra: string): Schema => ({
  type: ['string', 'null'],
  maxLength: 255,
  description: `${what}: \`""\` or \`null\` clears it; else trimmed, an absolute \`http\`/\`https\` URL (400 \`INVALID_${what.toUpperCase()}_URL\`) of at most 255 characters (400 \`${what.toUpperCase()}_URL_TOO_LONG\`).${extra}`,
});

const siteFields = input({
  title: {
    type: 'string',
    minLength: 1,
    maxLength: 255,
    description: 'Trimmed; blank → 400 `VALIDATION_ERROR` (`title must not be blank`); more than 255 characters → 400 `SITE_TITLE_TOO_LONG`.',
  },
  description: optionalText('Trimmed; `""` or `null` clears it; at most 255 characters.'),
  logo: imageUrl('Logo', ' When `icon` is not in the same body, the icon is set to the same value.'),
  icon: imageUrl('Icon', ''),
  accentColor: {
    type: ['string', 'null'],
    pattern: '^(#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6}))?$',
    description:
      '`abc`, `#abc`, `aabbcc` or `#aabbcc`, any case; stored as 6 lower-case digits without `#` (`#F0a` → `ff00aa`). `""` or `null` restores `484d7c`. Anything else → 400 `INVALID_ACCENT_COLOR`.',
  },
  googleAnalyticsId: optionalText('Trimmed; `""` or `null` clears it; at most 255 characters.'),
  isPoweredBy: {
    type: 'boolean',
    description: 'Show the "powered by feedbackd" mark.',
  },
  allowSignup: {
    type: 'boolean',
    description: '`false` makes `POST /auth/signup` answer 403 `SIGNUP_NOT_ALLOWED`.',
  },
  developer_mode: { type: 'boolean', description: 'A hint for clients only.' },
  gravatar: {
    type: 'boolean',
    description: 'feedbackd’s extension: `false` makes the web app show initials and never load avatars from Gravatar.',
  },
  ssoLoginUrl: {
    type: ['string', 'null'],
    maxLength: 2000,
    description:
      'feedbackd’s extension (single sign-on): the product’s sign-in page, where the web app’s “Sign in” sends visitors with `?redirect=<the board URL they were on>`. `""` or `null` clears it; else trimmed, an absolute `http`/`https` URL of at most 2000 characters (else 400 `VALIDATION_ERROR`).',
  },
  embedOrigins: {
    type: ['array', 'null'],
    maxItems: 20,
    items: { type: 'string' },
    description:
      'feedbackd’s extension (the widget): the origins whose pages may frame the widget’s panel (`/embed/…`, sent as `Content-Security-Policy: frame-ancestors \'self\' <origins>`); `[]` or `null`: none, so the widget shows nowhere. ' +
      'Each item is trimmed and must be an absolute `http`/`https` origin — scheme, host and optional port, at most one trailing `/`, no path, query, fragment, user info or wildcard — stored as the URL’s origin (lower-case host, default port dropped); duplicates are dropped, the order is kept. ' +
      'Not an array or more than 20 items → 400 `VALIDATION_ERROR` `embedOrigins must be an array of at most 20 origins`; a bad item → 400 `VALIDATION_ERROR` `embedOrigins[<index>] must be an origin such as https://app.example.com (scheme, host and port only)`.',
  },
  moderation: {
    type: 'string',
    enum: ['off', 'new-users', 'everyone'],
    description:
      'feedbackd’s extension (moderation): whose posts and comments wait for approval — `off` (nobody), `new-users` (people with no approved post or comment yet), `everyone`; team members (any role beyond `@everyone`, the owner) and trusted users never wait. Anything else → 400 `VALIDATION_ERROR` `moderation must be one of "off", "new-users", "everyone"`.',
  },
  requireFormToken: {
    type: 'boolean',
    description:
      'feedbackd’s extension (moderation): `true` refuses sign-ups and new posts that carry no form token from `GET /forms/token` (400 `FORM_EXPIRED`); the switch to turn on when bots come.',
  },
  locale: {
    type: 'string',
    enum: [...LOCALES],
    description:
      'feedbackd’s extension (translations): the site’s default language, the pages’ language for a visitor who chose none in the language menu and whose browser’s `Accept-Language` names none of feedbackd’s. ' +
      `Not a string → 400 \`VALIDATION_ERROR\` \`locale must be a string\`; another string → 400 \`VALIDATION_ERROR\` \`locale must be one of: ${LOCALES.join(', ')}\`.`,
  },
  texts: {
    type: ['object', 'null'],
    propertyNames: { enum: [...LOCALES] },
    additionalProperties: {
      type: ['object', 'null'],
      properties: {
        welcome: { type: ['string', 'null'], maxLength: 500 },
        newPostHint: { type: ['string', 'null'], maxLength: 200 },
      },
      additionalProperties: false,
    },
    description:
      'feedbackd’s extension (translations): the owner’s own words per language, `{"de": {"welcome": "…", "newPostHint": "…"}}`, replacing the site’s defaults for visitors shown that language: `welcome` (at most 500 characters) is the home page’s welcome text instead of `description`, `newPostHint` (at most 200 characters) the hint under the new-post form’s title instead of the built-in one. ' +
      '**Replaces every stored override**: a language left out loses its words, so send the whole object; `null` or `{}` removes them all. Each text is trimmed; `""` or `null` removes that override, a language given as `null` has none. ' +
      'Refusals, all 400 `VALIDATION_ERROR`: not an object → `texts must be an object keyed by language, such as {"de": {"welcome": "…"}}`; a key that is no language → `texts.<key> is not a language: use one of …`; a language’s value not an object → `texts.<locale> must be an object with welcome and/or newPostHint`; another text name → `texts.<locale>.<name> is not one of the site\'s texts: use welcome or newPostHint`; a text not a string → `texts.<locale>.<name> must be a string or null`; too long → `texts.<locale>.welcome must be at most 500 characters` (`newPostHint`: 200).',
  },
});

export const settingsPaths: Paths = {
  '/settings/site': {
    get: operation('get', {
      id: 'getSiteSettings',
      summary: 'Site settings',
      description: 'The public site settings: title, description, logo, icon, accent colour, sign-up switch, lab flags, and feedbackd’s `gravatar` switch, `ssoLoginUrl`, `embedOrigins`, default `locale` and per-language `texts`.',
      tag: 'Settings',
      section: '4.10.1',
      auth: 'none',
      success: {
        200: {
          description: 'The settings.',
          schema: answer({ settings: ref('Settings') }),
        },
      },
    }),
    patch: operation('patch', {
      id: 'updateSiteSettings',
      summary: 'Change site settings',
      description:
        'Changes the fields sent, all in one write; every field is optional, omitted fields are unchanged and `{}` changes nothing. Fields are checked in the order listed; the first refusal is answered and nothing is written. ' +
        '`labs` is ignored here (use `PATCH /settings/labs`). Answers the whole settings object.',
      tag: 'Settings',
      section: '4.10.2',
      auth: 'required',
      permission: SETTINGS_PERMISSION,
      body: siteFields,
      success: {
        200: {
          description: 'The settings after the change.',
          schema: answer({ settings: ref('Settings') }),
        },
      },
      errors: {
        403: ['NOT_ENOUGH_PERMISSION'],
        400: [
          'VALIDATION_ERROR',
          'SITE_TITLE_TOO_LONG',
          'INVALID_LOGO_URL',
          'LOGO_URL_TOO_LONG',
          'INVALID_ICON_URL',
          'ICON_URL_TOO_LONG',
          'INVALID_ACCENT_COLOR',
        ],
      },
    }),
  },
  '/settings/labs': {
    get: operation('get', {
      id: 'getLabs',
      summary: 'Lab flags',
      description: 'The lab flags: whether public comments are taken (`comments`) and whether votes on behalf of other users are enabled (`voteOnBehalf`).',
      tag: 'Settings',
      section: '4.10.3',
      auth: 'none',
      success: {
        200: {
          description: 'The flags.',
          schema: answer({ labs: ref('Labs') }),
        },
      },
    }),
    patch: operation('patch', {
      id: 'updateLabs',
      summary: 'Change lab flags',
      description: 'Merges the flags sent into the stored ones; other keys are ignored and `{}` changes nothing. Answers all flags.',
      tag: 'Settings',
      section: '4.10.4',
      auth: 'required',
      permission: SETTINGS_PERMISSION,
      body: input({
        comments: {
          ...boolean,
          description: '`false`: new public comments answer 403 `COMMENTS_DISABLED`; internal comments, edits and deletions still work.',
        },
        voteOnBehalf: {
          ...boolean,
          description: 'Enables `POST`/`DELETE /posts/{post_id}/votes/{user_id}`.',
        },
      }),
      success: {
        200: {
          description: 'The flags after the change.',
          schema: answer({ labs: ref('Labs') }),
        },
      },
      errors: { 403: ['NOT_ENOUGH_PERMISSION'], 400: ['VALIDATION_ERROR'] },
    }),
  },
};
