/*
 * Sign-in by a mailed link (issue 28, feedbackd's extension): ask for a link, then sign in with
 * it once. A dead link says why (used, expired) so a client can offer a new one.
 */
import { answer, input, operation, type Paths } from '../kit.js';
import { authUserAnswer, emailField } from './accounts-fields.js';

const LINK_TOKEN = {
  MISSING_TOKEN: 'Sign-in link token missing',
  INVALID_TOKEN: 'Sign-in link is invalid',
};

export const accountLinkPaths: Paths = {
  '/auth/magic-link': {
    post: operation('post', {
      id: 'requestSignInLink',
      summary: 'Mail a sign-in link',
      description:
        'Mails the address a link to the web app (`/sign-in/link?token=…`, with `&next=…` when given) that signs in once, within the server’s `magicLinkTtlSeconds` (default 15 minutes). ' +
        'An address with an account gets one; an address without one gets one only while sign-up is allowed (`allowSignup`, and setup is done), and using it creates the account; otherwise no mail is sent. ' +
        'Earlier links of the address keep working until used or expired. The answer is the same, and as fast, whether or not an account exists; a blocked user gets a link that signs nobody in (403 `USER_BLOCKED` when used). Mail must be configured (else 501). ' +
        'Rate-limited (default 5 per hour per client address and per email; every request that reaches the limiter counts).',
      tag: 'Accounts',
      section: 'README',
      auth: 'none',
      body: input(
        {
          email: emailField,
          next: {
            type: ['string', 'null'],
            maxLength: 2000,
            description:
              'Optional: a path of this site to land on after signing in, carried in the link (`/p/dark-mode-abc`). It must start with a single `/` and hold no `\\` or control characters (else 400 `VALIDATION_ERROR` "next must be a path on this site, starting with a single /"); at most 2000 characters. Absent, `null` or `""`: none.',
          },
        },
        ['email'],
      ),
      success: {
        200: {
          description: 'Accepted; a mail is sent if the address has an account or may get one.',
          schema: answer({
            magicLink: answer({
              success: { type: 'boolean', const: true },
              lifetimeSeconds: { type: 'integer', minimum: 1, description: 'How long a mailed link works (the server’s `magicLinkTtlSeconds`), the same for every address.' },
            }),
          }),
        },
      },
      errors: {
        501: ['MAIL_CONFIG_MISSING'],
        400: ['VALIDATION_ERROR', 'EMAIL_INVALID'],
      },
      rateLimited: true,
    }),
  },
  '/auth/magic-link/login': {
    post: operation('post', {
      id: 'logInWithSignInLink',
      summary: 'Sign in with a mailed link',
      description:
        'Signs in with the token of a sign-in link and answers as login does, with a new access token; the link is then used. ' +
        'The address’s account signs in and is marked verified (the mail reached it); with no account, one is created (verified, no name, a password nobody knows: a password reset sets one) while sign-up is allowed, else 403 `SIGNUP_NOT_ALLOWED`. ' +
        'Checks in this order: the token (400 `INVALID_TOKEN` for an unknown or garbled token, `MAGIC_LINK_USED` once used, `MAGIC_LINK_EXPIRED` past its lifetime; used is told before expired), then the account. A refused request leaves the link unused. ' +
        'Of two requests with one link, exactly one signs in. Used and expired links are told apart for `magicLinkRetentionSeconds` after they expire (default 7 days), then they are unknown. ' +
        'Rate-limited on login’s counter: answers other than 200 count against the client address’s failed logins (default 10 per 15 minutes).',
      tag: 'Accounts',
      section: 'README',
      auth: 'none',
      body: input(
        {
          token: {
            type: 'string',
            description: 'The token of the sign-in link (`?token=…`, 64 lower-case hex characters). Absent, `null` or `""` → 400 `MISSING_TOKEN`.',
          },
        },
        ['token'],
      ),
      success: { 200: { description: 'Signed in.', schema: authUserAnswer } },
      errors: {
        400: ['VALIDATION_ERROR', 'MISSING_TOKEN', 'INVALID_TOKEN', 'MAGIC_LINK_USED', 'MAGIC_LINK_EXPIRED'],
        403: ['SIGNUP_NOT_ALLOWED', 'USER_BLOCKED'],
        409: ['USERNAME_EXISTS'],
      },
      messages: LINK_TOKEN,
      rateLimited: true,
    }),
  },
};
