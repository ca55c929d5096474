/*
 * feedbackd's single sign-on routes (issue 28, documented in README.md): signing in with the team's
 * product's token, and the owner's secrets the product signs it with.
 */
import { MAX_AVATAR_URL_LENGTH, MAX_SUBJECT_LENGTH } from '../../services/sso/formats.js';
import { answer, arrayOf, input, nullable, type OperationSpec, operation, type Paths, ref, type Schema, timestamp, uuid } from '../kit.js';
import { authUserAnswer } from './accounts-fields.js';

const TAG = 'Single sign-on';

const SECRET_FIELDS: Record<string, Schema> = {
  secretId: { ...uuid, description: 'Names the secret in a token’s `kid` header.' },
  createdAt: timestamp,
  lastUsedAt: { ...nullable(timestamp), description: 'When a token signed with it last signed someone in; null until then.' },
};

/** components.schemas: SsoSecret, CreatedSsoSecret, LinkedIdentity. */
export const ssoSchemas: Record<string, Schema> = {
  LinkedIdentity: answer(
    {
      provider: { type: 'string', description: '`sso`: the team’s product’s token (single sign-on); otherwise a sign-in provider’s id.' },
      createdAt: { ...timestamp, description: 'When it was linked to the account (its first sign-in).' },
      lastUsedAt: { ...timestamp, description: 'When it last signed the person in.' },
    },
    'A way the caller signs in besides a password; the provider’s id of the person is never shown.',
  ),
  SsoSecret: answer(SECRET_FIELDS, 'A single sign-on secret as listed: never the key itself.'),
  CreatedSsoSecret: answer(
    {
      ...SECRET_FIELDS,
      secret: {
        type: 'string',
        pattern: '^ssosec_[A-Za-z0-9_-]{43}$',
        description: 'The HS256 key, exactly as the product uses it (its UTF-8 bytes). Shown in this answer only: store it now.',
      },
    },
    'The answer of `POST /sso/secrets`: the secret’s id and, this one time, the key.',
  ),
};

function ownerOperation(spec: Omit<OperationSpec, 'tag' | 'section' | 'auth' | 'permission'>): OperationSpec {
  return { ...spec, tag: TAG, section: 'README', auth: 'required', permission: 'owner only' };
}

const TOKEN_RULES =
  'The token is a JWT signed with HS256 and nothing else (`none`, RS256 and every other `alg` are refused) by one of the owner’s secrets: the one its `kid` header names, else any active one. ' +
  `Claims: \`sub\` (required, the person’s stable id in the product, 1..${MAX_SUBJECT_LENGTH} characters), \`email\` (required, the email rule), \`name\` (optional, the name rule), ` +
  `\`avatarUrl\` (optional, an https URL of at most ${MAX_AVATAR_URL_LENGTH} characters), \`exp\` (required, at most \`ssoMaxTokenLifetimeSeconds\` — default 86400 — ahead), ` +
  '`iat` (optional, not in the future beyond `ssoClockSkewSeconds`, default 60).';

export const ssoPaths: Paths = {
  '/auth/sso': {
    post: operation('post', {
      id: 'signInWithSso',
      summary: 'Sign in with the product’s token (single sign-on)',
      description:
        `Signs in the person a token from the team’s product names, answering as login does. ${TOKEN_RULES} ` +
        'The account is found by its linked `sub`, else by `email` (and linked to that `sub`), else made (whatever `allowSignup` says: the product vouches for its users). ' +
        'Its name and email follow the token each time and it counts as verified; a new `avatarUrl` is fetched by the server after the answer and, once it is a PNG, JPEG, GIF or WebP image, becomes the `avatar` (`/uploads/<id>`; README: Avatars from sign-in). ' +
        'Checks, in order: `token` (400 `VALIDATION_ERROR`), a secret exists (403 `SSO_NOT_CONFIGURED`), the token (401 `SSO_TOKEN_INVALID`, the message says which check failed and never repeats the token), ' +
        'then the account: the owner or anyone holding a role beyond `@everyone` → 403 `SSO_TEAM_ACCOUNT`; blocked → 403 `USER_BLOCKED`; the email held by another account, or the account linked to another `sub` → 409 `USER_EXISTS`. ' +
        'Rate-limited on the login’s counter (`loginRateLimit`, per client address): every answer other than 200 counts.',
      tag: TAG,
      section: 'README',
      auth: 'none',
      body: input({ token: { type: 'string', minLength: 1, description: 'The JWT, as the product signed it.' } }, ['token']),
      success: { 200: { description: 'Signed in.', schema: authUserAnswer } },
      errors: {
        400: ['VALIDATION_ERROR'],
        401: ['SSO_TOKEN_INVALID'],
        403: ['SSO_NOT_CONFIGURED', 'SSO_TEAM_ACCOUNT', 'USER_BLOCKED'],
        409: ['USER_EXISTS'],
      },
      rateLimited: true,
    }),
  },
  '/auth/identities': {
    get: operation('get', {
      id: 'listOwnIdentities',
      summary: 'How the caller signs in',
      description:
        'The caller’s linked identities, oldest first (`sso` once the team’s product has signed them in, a sign-in provider’s id once it has), whether the account has a password (accounts made by single sign-on, a provider or a mailed link have none until a password reset sets one), and whether mailed sign-in links can reach it (mail is configured).',
      tag: TAG,
      section: 'README',
      auth: 'required',
      success: {
        200: {
          description: 'The ways in.',
          schema: answer({
            identities: arrayOf(ref('LinkedIdentity')),
            hasPassword: { type: 'boolean', description: 'A password signs in to the account.' },
            signInLinks: { type: 'boolean', description: 'Mail is configured: a mailed sign-in link (and a password reset) can reach the account.' },
          }),
        },
      },
    }),
  },
  '/auth/identities/{provider}': {
    delete: operation('delete', {
      id: 'unlinkOwnIdentity',
      summary: 'Unlink one of the caller’s sign-ins',
      description:
        'Removes the link between the caller’s account and a provider (`sso` or a sign-in provider’s id). Checks, in order: signed in (401), the provider is linked to the account (404 `IDENTITY_NOT_FOUND`), another way in remains — a password, another linked identity, or mailed sign-in links while mail is configured — (409 `LAST_SIGN_IN_METHOD`). Unlinking `sso` does not block the product: its next token links the account again by email, unless the account is by then a team account.',
      tag: TAG,
      section: 'README',
      auth: 'required',
      pathParams: {
        provider: { schema: { type: 'string' }, description: '`sso`, or a sign-in provider’s id, as listed by `GET /auth/identities`.' },
      },
      success: { 204: { description: 'Unlinked; no body.' } },
      errors: { 404: ['IDENTITY_NOT_FOUND'], 409: ['LAST_SIGN_IN_METHOD'] },
    }),
  },
  '/sso/secrets': {
    get: operation(
      'get',
      ownerOperation({
        id: 'listSsoSecrets',
        summary: 'List single sign-on secrets (owner only)',
        description: 'Every active secret, oldest first, with when it last signed someone in. The keys are never listed.',
        success: { 200: { description: 'The secrets.', schema: answer({ secrets: arrayOf(ref('SsoSecret')) }) } },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'] },
      }),
    ),
    post: operation(
      'post',
      ownerOperation({
        id: 'createSsoSecret',
        summary: 'Create a single sign-on secret (owner only)',
        description: 'A new secret, active at once beside the others (so a product can rotate keys): the answer is the only place the key is ever shown. No body is read.',
        success: { 201: { description: 'The new secret, with its key.', schema: answer({ secret: ref('CreatedSsoSecret') }) } },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'] },
      }),
    ),
  },
  '/sso/secrets/{secret_id}': {
    delete: operation(
      'delete',
      ownerOperation({
        id: 'revokeSsoSecret',
        summary: 'Revoke a single sign-on secret (owner only)',
        description: 'Deletes the secret: tokens signed with it are refused from now on. The owner check comes first (403), then the secret (404).',
        pathParams: {
          secret_id: { schema: uuid, description: 'The secret’s `secretId` (any hex case); anything else, or an unknown id → 404 `SSO_SECRET_NOT_FOUND`.' },
        },
        success: { 204: { description: 'Revoked; no body.' } },
        errors: { 403: ['NOT_ENOUGH_PERMISSION'], 404: ['SSO_SECRET_NOT_FOUND'] },
      }),
    ),
  },
};
