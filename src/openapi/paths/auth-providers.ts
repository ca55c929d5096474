/*
 * feedbackd's sign-in providers (issue 28 §2, documented in README.md): OpenID Connect and GitHub
 * providers the owner adds, their public buttons, and the browser's way through one of them.
 */
import { PRESET_NAMES } from '../../services/auth-providers/presets.js';
import { answer, arrayOf, boolean, input, type OperationSpec, operation, type Paths, ref, type Schema, string, timestamp } from '../kit.js';
import { authUserAnswer } from './accounts-fields.js';

const TAG = 'Sign-in providers';
const PROVIDER_ID: Schema = {
  type: 'string',
  pattern: '^[a-z0-9][a-z0-9-]{0,39}$',
  description: 'The owner’s id of the provider: 1..40 of a-z, 0-9 and `-`; never `sso`.',
};

/** components.schemas: AuthProvider, PublicAuthProvider. */
export const authProviderSchemas: Record<string, Schema> = {
  AuthProvider: answer(
    {
      providerId: PROVIDER_ID,
      kind: {
        type: 'string',
        enum: ['oidc', 'github'],
        description: '`oidc`: OpenID Connect with discovery from `issuer`; `github`: GitHub’s OAuth 2 and its API.',
      },
      name: {
        type: 'string',
        description: 'The label of its button: “Continue with <name>”.',
      },
      issuer: {
        type: 'string',
        format: 'uri',
        description: 'The OpenID issuer; GitHub’s web address for `github`.',
      },
      clientId: string,
      allowedDomains: arrayOf({ type: 'string' }, { description: 'The email domains it lets in; empty: any.' }),
      allowTeam: {
        ...boolean,
        description: 'Whether team accounts may sign in with it.',
      },
      enabled: {
        ...boolean,
        description: 'false: turned off by the owner; no button, no sign-in through it.',
      },
      createdAt: timestamp,
    },
    'A sign-in provider as the owner sees it: never its client secret.',
  ),
  PublicAuthProvider: answer({ providerId: PROVIDER_ID, name: string }, 'An enabled provider: a button on the sign-in and sign-up pages.'),
};

function ownerOperation(spec: Omit<OperationSpec, 'tag' | 'section' | 'auth' | 'permission'>): OperationSpec {
  return {
    ...spec,
    tag: TAG,
    section: 'README',
    auth: 'required',
    permission: 'owner only',
  };
}

const PROVIDER_PARAM = {
  provider_id: {
    schema: string,
    description: 'The provider’s id; an unknown one → 404 `AUTH_PROVIDER_NOT_FOUND`.',
  },
};
const FLOW_PARAM = {
  provider: {
    schema: string,
    description: 'The provider’s id; an unknown or disabled one lands on the page with `AUTH_PROVIDER_NOT_FOUND`.',
  },
};
const LANDS =
  'A browser navigation, not JSON: every refusal (unknown provider, provider unreachable, rate limit, and at the callback each check below) is sealed into a short-lived HttpOnly cookie ' +
  'scoped to `/api/v1/auth/oidc/exchange` and the browser is sent (302) to the web app’s `/sign-in/provider`, which shows it through `POST /auth/oidc/exchange`.';

const ADD_BODY = input(
  {
    providerId: PROVIDER_ID,
    preset: {
      type: 'string',
      enum: [...PRESET_NAMES],
      description: '`google`, `microsoft`, `gitlab` (issuer and name filled in) or `github` (GitHub’s OAuth 2, not OpenID Connect).',
    },
    issuer: {
      type: 'string',
      description: 'The OpenID issuer URL: https, or http on a loopback address only. Required without a preset.',
    },
    clientId: { type: 'string', minLength: 1 },
    clientSecret: {
      type: 'string',
      minLength: 1,
      description: 'Stored, sent to the provider only; never shown again.',
    },
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      description: 'The button’s label; required without a preset.',
    },
    allowedDomains: arrayOf(
      { type: 'string' },
      {
        maxItems: 50,
        description: 'Only addresses of these domains may sign in (lower-cased); absent or empty: any.',
      },
    ),
    allowTeam: {
      ...boolean,
      description: 'Let the owner and team members sign in with it (default false).',
    },
  },
  ['providerId', 'clientId', 'clientSecret'],
);

export const authProviderPaths: Paths = {
  '/auth/providers': {
    get: operation('get', {
      id: 'listPublicAuthProviders',
      summary: 'The sign-in providers’ buttons',
      description:
        'The enabled providers, oldest first: the web app shows “Continue with <name>” for each. A browser starts one at `/api/v1/auth/oidc/{providerId}/start`.',
      tag: TAG,
      section: 'README',
      auth: 'none',
      success: {
        200: {
          description: 'The providers.',
          schema: answer({ providers: arrayOf(ref('PublicAuthProvider')) }),
        },
      },
    }),
  },
  '/sso/providers': {
    get: operation(
      'get',
      ownerOperation({
        id: 'listAuthProviders',
        summary: 'List sign-in providers (owner only)',
        description: 'Every provider, oldest first. Client secrets are never listed.',
        success: {
          200: {
            description: 'The providers.',
            schema: answer({ providers: arrayOf(ref('AuthProvider')) }),
          },
        },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'] },
      }),
    ),
    post: operation(
      'post',
      ownerOperation({
        id: 'addAuthProvider',
        summary: 'Add a sign-in provider (owner only)',
        description:
          'Adds an OpenID Connect provider (or GitHub), enabled at once. The redirect URI to register at the provider is `<publicUrl>/api/v1/auth/oidc/<providerId>/callback`. ' +
          'Checks, in order: the owner (403), then the body, field by field in the order listed (400 `VALIDATION_ERROR`), then the id (409 `AUTH_PROVIDER_EXISTS`). ' +
          'The issuer is not contacted here: discovery happens at the first sign-in.',
        body: ADD_BODY,
        success: {
          201: {
            description: 'The provider, without its secret.',
            schema: answer({ provider: ref('AuthProvider') }),
          },
        },
        errors: {
          403: ['NOT_ENOUGH_PERMISSION'],
          409: ['AUTH_PROVIDER_EXISTS'],
        },
      }),
    ),
  },
  '/sso/providers/{provider_id}': {
    patch: operation(
      'patch',
      ownerOperation({
        id: 'updateAuthProvider',
        summary: 'Turn a sign-in provider off or on (owner only)',
        description:
          'Turned off (`enabled: false`), its button leaves the sign-in and sign-up pages (`GET /auth/providers`) and signing in through it lands on `AUTH_PROVIDER_NOT_FOUND`; ' +
          'its settings, secret and the people it linked stay, so turning it on again (`enabled: true`) brings it all back. An omitted `enabled` changes nothing; repeating a change is harmless. ' +
          'Checks in order: the owner (403), then the provider (404), then `enabled` (400 `VALIDATION_ERROR` "enabled must be a boolean").',
        pathParams: PROVIDER_PARAM,
        body: input({
          enabled: {
            ...boolean,
            description: 'false turns the provider off; true turns it on again.',
          },
        }),
        success: {
          200: {
            description: 'The provider as it is now, without its secret.',
            schema: answer({ provider: ref('AuthProvider') }),
          },
        },
        errors: {
          403: ['NOT_ENOUGH_PERMISSION'],
          404: ['AUTH_PROVIDER_NOT_FOUND'],
          400: ['VALIDATION_ERROR'],
        },
      }),
    ),
    delete: operation(
      'delete',
      ownerOperation({
        id: 'removeAuthProvider',
        summary: 'Remove a sign-in provider (owner only)',
        description:
          'Its button goes at once. The people it signed in keep their accounts and links (added back under the same id, it signs them in again). The owner check comes first (403), then the provider (404).',
        pathParams: PROVIDER_PARAM,
        success: { 204: { description: 'Removed; no body.' } },
        errors: {
          403: ['NOT_ENOUGH_PERMISSION'],
          404: ['AUTH_PROVIDER_NOT_FOUND'],
        },
      }),
    ),
  },
  '/auth/oidc/{provider}/start': {
    get: operation('get', {
      id: 'startProviderSignIn',
      summary: 'Start signing in with a provider (browser navigation)',
      description:
        'Answers 302 to the provider’s authorization endpoint (authorization code with PKCE S256, `state`, and for OpenID Connect a `nonce`), and sets the login’s state, sealed, in an HttpOnly, SameSite=Lax cookie scoped to the callback path ' +
        '(Secure when the public URL is https), valid `oidcLoginTtlSeconds` (default 600). ' +
        `\`next\`: where to land afterwards, a path of this site (anything else lands on \`/\`). ${LANDS}`,
      tag: TAG,
      section: 'README',
      auth: 'none',
      pathParams: FLOW_PARAM,
      query: {
        next: {
          schema: string,
          description: 'A same-site path such as `/p/some-idea`; default `/`.',
        },
      },
      success: {
        302: {
          description: 'To the provider, or (refused) to `/sign-in/provider`.',
        },
      },
    }),
  },
  '/auth/oidc/{provider}/callback': {
    get: operation('get', {
      id: 'finishProviderSignIn',
      summary: 'Where the provider sends the browser back (browser navigation)',
      description:
        'Checks, in order: the provider (`AUTH_PROVIDER_NOT_FOUND`), the login cookie (missing, expired or of another provider: `OIDC_LOGIN_EXPIRED`; it is cleared here, so it is used once), ' +
        'an `error` from the provider (`OIDC_LOGIN_CANCELLED`), then the code exchange and the ID token — state, PKCE, issuer, audience, expiry, nonce and signature by the provider’s keys (`OIDC_LOGIN_INVALID`; an unreachable provider: `AUTH_PROVIDER_UNAVAILABLE`) — ' +
        'then the person: `email_verified` true, for GitHub a verified primary email (`OIDC_EMAIL_UNVERIFIED`), the allowed domains (`OIDC_DOMAIN_NOT_ALLOWED`); ' +
        'then the account: linked by (provider, subject), else by email — the owner and team accounts only when the provider allows the team (`SSO_TEAM_ACCOUNT`) —, else made, verified, when sign-up is open (`OIDC_SIGNUP_CLOSED`); blocked: `USER_BLOCKED`; ' +
        'an account already linked to another person of this provider: `USER_EXISTS`. ' +
        'Rate-limited on the login’s counter (`loginRateLimit`, per client address): every refusal counts. ' +
        'Signed in, the outcome is sealed into a cookie scoped to `/api/v1/auth/oidc/exchange`, valid `oidcHandoffTtlSeconds` (default 60), and the answer is 302 to `/sign-in/provider`; ' +
        `no answer here carries an access token, and each has \`Referrer-Policy: no-referrer\` and \`Cache-Control: no-store\`. ${LANDS}`,
      tag: TAG,
      section: 'README',
      auth: 'none',
      pathParams: FLOW_PARAM,
      query: {
        code: { schema: string, description: 'From the provider.' },
        state: { schema: string, description: 'From the provider.' },
      },
      success: {
        302: { description: 'To `/sign-in/provider`, signed in or refused.' },
      },
    }),
  },
  '/auth/oidc/exchange': {
    post: operation('post', {
      id: 'exchangeProviderSignIn',
      summary: 'Collect a provider sign-in’s outcome (web app)',
      description:
        'Reads and clears the outcome cookie the callback set: signed in → 200 with the account, as login answers, and `next`; refused → the refusal the callback met, with its status, code and words; ' +
        'no cookie, or expired → 400 `OIDC_LOGIN_EXPIRED`. No body is read.',
      tag: TAG,
      section: 'README',
      auth: 'none',
      success: {
        200: {
          description: 'Signed in.',
          schema: answer({
            ...(authUserAnswer.properties as Record<string, Schema>),
            next: {
              type: 'string',
              description: 'The same-site path to land on.',
            },
          }),
        },
      },
      errors: {
        400: ['OIDC_LOGIN_EXPIRED'],
        401: ['OIDC_LOGIN_INVALID', 'OIDC_LOGIN_CANCELLED'],
        403: ['OIDC_EMAIL_UNVERIFIED', 'OIDC_DOMAIN_NOT_ALLOWED', 'OIDC_SIGNUP_CLOSED', 'SSO_TEAM_ACCOUNT', 'USER_BLOCKED'],
        404: ['AUTH_PROVIDER_NOT_FOUND'],
        409: ['USER_EXISTS'],
        429: ['RATE_LIMITED'],
        502: ['AUTH_PROVIDER_UNAVAILABLE'],
      },
    }),
  },
};
