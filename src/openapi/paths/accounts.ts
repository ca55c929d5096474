import { input, operation, type Paths, ref } from '../kit.js';
import { authUserAnswer, emailField, nameField, newPasswordField } from './accounts-fields.js';
import { accountLinkPaths } from './accounts-links.js';
import { accountMailPaths } from './accounts-mail.js';

/** The checks of a new account's fields, shared by setup and sign-up (API.md §4.2.2 rows 3–10). */
const NEW_ACCOUNT_400 = ['VALIDATION_ERROR', 'EMAIL_INVALID', 'PASSWORD_MISSING', 'PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG', 'NAME_TOO_LONG'] as const;

export const accountPaths: Paths = {
  '/auth/setup': {
    get: operation('get', {
      id: 'getSetupStatus',
      summary: 'Whether the site is set up',
      description:
        '`is_setup` is `true` once the owner account exists (created by `POST /auth/setup`). A new install answers `false`: the client then shows its setup form.',
      tag: 'Setup',
      section: '4.2.1',
      auth: 'none',
      success: {
        200: { description: 'The setup status.', schema: ref('SetupStatus') },
      },
    }),
    post: operation('post', {
      id: 'setUpSite',
      summary: 'Create the owner account (once)',
      description:
        'Creates the first account, the owner (all permissions, holds `@everyone`), and optionally sets the site title, in one atomic write; answers with an access token so the client is logged in at once. ' +
        'After the write a verification mail is sent to the owner (its subject already uses the new title). Once an owner exists every call answers 403 `SETUP_COMPLETED` before the body is even read ' +
        '(a malformed or oversized body included); of two concurrent setups exactly one succeeds. Mail must be configured (else 501).',
      tag: 'Setup',
      section: '4.2.2',
      auth: 'none',
      permission: 'only before setup',
      body: input(
        {
          email: emailField,
          password: newPasswordField,
          name: nameField,
          siteTitle: {
            type: ['string', 'null'],
            maxLength: 255,
            description:
              'Optional: becomes `settings.title`. Trimmed; blank or `null` = not given (the title stays `"Feedback"`); more than 255 characters after trimming → 400 `SITE_TITLE_TOO_LONG`.',
          },
        },
        ['email', 'password'],
      ),
      success: {
        201: { description: 'The owner, logged in.', schema: authUserAnswer },
      },
      errors: {
        403: ['SETUP_COMPLETED'],
        501: ['MAIL_CONFIG_MISSING'],
        400: [...NEW_ACCOUNT_400, 'SITE_TITLE_TOO_LONG'],
        409: ['USER_EXISTS', 'USERNAME_EXISTS'],
      },
    }),
  },
  '/auth/signup': {
    post: operation('post', {
      id: 'signUp',
      summary: 'Sign up',
      description:
        'Creates a member account holding `@everyone` (not verified, not blocked) and answers with an access token, so the new member is logged in at once. ' +
        'After the write a verification mail is sent with a link to `/email-verify/?token=…`. Refused (403) before setup and while `settings.allowSignup` is `false`; mail must be configured (else 501). ' +
        'The username is generated from the email, never sent. Rate-limited per client address (default 10 per hour; every request that reaches the limiter counts). ' +
        'feedbackd’s extension (issue 31): the form’s honeypot `website` and token `formToken` are checked right after the rate limit (400 `FORM_CHECK_FAILED`, `FORM_EXPIRED`).',
      tag: 'Accounts',
      section: '4.3.1',
      auth: 'none',
      permission: 'sign-up allowed',
      body: input(
        {
          email: emailField,
          password: newPasswordField,
          name: nameField,
          website: {
            type: ['string', 'null'],
            description:
              'feedbackd’s extension (issue 31): the honeypot. The web app’s field is hidden from people; anything but absent, `null` or `""` → 400 `FORM_CHECK_FAILED`.',
          },
          formToken: {
            type: ['string', 'null'],
            description:
              'feedbackd’s extension (issue 31): the token of `GET /forms/token`, fetched when the form opened. Sent sooner than `formMinFillMs` (default 2 s) after that → 400 `FORM_CHECK_FAILED`; forged or older than `formTokenTtlSeconds` → 400 `FORM_EXPIRED`. Absent: accepted, unless the site setting `requireFormToken` is on (then 400 `FORM_EXPIRED`).',
          },
        },
        ['email', 'password'],
      ),
      success: {
        201: {
          description: 'The new member, logged in.',
          schema: authUserAnswer,
        },
      },
      errors: {
        403: ['SIGNUP_NOT_ALLOWED'],
        501: ['MAIL_CONFIG_MISSING'],
        400: ['FORM_CHECK_FAILED', 'FORM_EXPIRED', ...NEW_ACCOUNT_400],
        409: ['USER_EXISTS', 'USERNAME_EXISTS'],
      },
      rateLimited: true,
    }),
  },
  '/auth/login': {
    post: operation('post', {
      id: 'logIn',
      summary: 'Log in',
      description:
        'Checks an email and password and answers with a new access token (valid 7 days by default; there is no refresh or logout route). ' +
        'An unknown email and a wrong password give the same 403 `INCORRECT_PASSWORD` after the same work, so the answer does not reveal whether an account exists; a blocked user gets 403 `USER_BLOCKED` only with the right password. ' +
        'Rate-limited (default 10 failed attempts per 15 minutes per client address and per email); a successful login clears that email’s counter, not the address’s.',
      tag: 'Accounts',
      section: '4.3.2',
      auth: 'none',
      body: input(
        {
          email: {
            ...emailField,
            description: 'The account’s email, any case; the email rule applies (absent, `null`, `""` or invalid → 400 `EMAIL_INVALID`).',
          },
          password: {
            type: 'string',
            description: 'Any non-empty string (no length rule here; a password over 72 bytes never matches). Absent, `null` or `""` → 400 `PASSWORD_MISSING`.',
          },
        },
        ['email', 'password'],
      ),
      success: { 200: { description: 'Logged in.', schema: authUserAnswer } },
      errors: {
        400: ['VALIDATION_ERROR', 'EMAIL_INVALID', 'PASSWORD_MISSING'],
        403: ['INCORRECT_PASSWORD', 'USER_BLOCKED'],
      },
      rateLimited: true,
    }),
  },
  ...accountMailPaths,
  ...accountLinkPaths,
};
