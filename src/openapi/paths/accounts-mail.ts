/*
 * The account routes that work with mailed tokens (API.md §4.3.3–4.3.7): confirming an email
 * address and resetting a password. Their 400 INVALID_TOKEN and MISSING_TOKEN are worded per
 * purpose (API.md §5), unlike the catalogue's 401 INVALID_TOKEN of access tokens.
 */
import { input, operation, type Paths } from '../kit.js';
import { emailField, flagAnswer, mailTokenField, newPasswordField } from './accounts-fields.js';

const VERIFY_TOKEN = {
  MISSING_TOKEN: 'Email verification token missing',
  INVALID_TOKEN: 'Email verification token is invalid',
};
const RESET_TOKEN = {
  MISSING_TOKEN: 'Password reset token missing',
  INVALID_TOKEN: 'Password reset token is invalid',
};

const MAIL_TOKEN_LIMIT =
  'Rate-limited per client address together with the other token routes (`/auth/email/validate`, `/auth/password/validateToken`, `/auth/password/set`): by default 20 answers other than 200 per 15 minutes.';

export const accountMailPaths: Paths = {
  '/auth/email/verify': {
    post: operation('post', {
      id: 'sendVerificationEmail',
      summary: 'Send a new verification email',
      description:
        'Mails the caller a new email-confirmation link (`/email-verify/?token=…`, valid 2 hours); the earlier link stops working. The answer does not wait for or depend on delivery. No body fields. ' +
        'Rate-limited per user (default 5 per hour; every request that passes authentication counts, a 501 or 409 included).',
      tag: 'Accounts',
      section: '4.3.3',
      auth: 'required',
      success: {
        200: {
          description: 'The mail is on its way.',
          schema: flagAnswer('verify', 'success'),
        },
      },
      errors: { 501: ['MAIL_CONFIG_MISSING'], 409: ['EMAIL_VERIFIED'] },
      rateLimited: true,
    }),
  },
  '/auth/email/validate': {
    post: operation('post', {
      id: 'confirmEmail',
      summary: 'Confirm an email address',
      description:
        'Marks the email of the token’s user verified and uses up all of that user’s verification tokens. The token comes from the link of the verification mail; ' +
        `an unknown, expired or already used token, or a reset token, is 400 \`INVALID_TOKEN\`. ${MAIL_TOKEN_LIMIT}`,
      tag: 'Accounts',
      section: '4.3.4',
      auth: 'none',
      body: input({ token: mailTokenField('verification mail') }, ['token']),
      success: {
        200: {
          description: 'The address is confirmed.',
          schema: flagAnswer('verify', 'success'),
        },
      },
      errors: {
        400: ['VALIDATION_ERROR', 'MISSING_TOKEN', 'INVALID_TOKEN'],
        409: ['EMAIL_VERIFIED'],
      },
      messages: VERIFY_TOKEN,
      rateLimited: true,
    }),
  },
  '/auth/password/reset': {
    post: operation('post', {
      id: 'requestPasswordReset',
      summary: 'Request a password reset',
      description:
        'When an account has this email (any case), mails it a reset link (`/password-reset/confirm/?token=…`, valid 2 hours; the earlier link stops working). ' +
        'The answer is the same, and as fast, whether or not an account exists. Mail must be configured (else 501). ' +
        'Rate-limited (default 5 per hour per client address and per email; every request that reaches the limiter counts).',
      tag: 'Accounts',
      section: '4.3.5',
      auth: 'none',
      body: input({ email: emailField }, ['email']),
      success: {
        200: {
          description: 'Accepted; a mail is sent if the account exists.',
          schema: flagAnswer('reset', 'success'),
        },
      },
      errors: {
        501: ['MAIL_CONFIG_MISSING'],
        400: ['VALIDATION_ERROR', 'EMAIL_INVALID'],
      },
      rateLimited: true,
    }),
  },
  '/auth/password/validateToken': {
    post: operation('post', {
      id: 'validateResetToken',
      summary: 'Check a password reset token',
      description:
        'Whether a reset token is live, so the client can show the new-password form or say the link has expired: ' +
        `an unknown, expired or already used token, or a verification token, is 400 \`INVALID_TOKEN\`. The token stays usable. ${MAIL_TOKEN_LIMIT}`,
      tag: 'Accounts',
      section: '4.3.6',
      auth: 'none',
      body: input({ token: mailTokenField('password reset mail') }, ['token']),
      success: {
        200: {
          description: 'The token is valid.',
          schema: flagAnswer('reset', 'valid'),
        },
      },
      errors: { 400: ['VALIDATION_ERROR', 'MISSING_TOKEN', 'INVALID_TOKEN'] },
      messages: RESET_TOKEN,
      rateLimited: true,
    }),
  },
  '/auth/password/set': {
    post: operation('post', {
      id: 'setPasswordWithToken',
      summary: 'Set a new password with a reset token',
      description:
        'Sets the password of the token’s user, uses up all of their reset tokens, and revokes every access token issued before (the user logs in again). ' +
        `The token is checked before the password. Blocked users may reset; login still refuses them. ${MAIL_TOKEN_LIMIT}`,
      tag: 'Accounts',
      section: '4.3.7',
      auth: 'none',
      body: input(
        {
          token: mailTokenField('password reset mail'),
          password: newPasswordField,
        },
        ['token', 'password'],
      ),
      success: {
        200: {
          description: 'The password is changed.',
          schema: flagAnswer('reset', 'success'),
        },
      },
      errors: {
        400: ['VALIDATION_ERROR', 'MISSING_TOKEN', 'INVALID_TOKEN', 'PASSWORD_MISSING', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG'],
      },
      messages: RESET_TOKEN,
      rateLimited: true,
    }),
  },
};
