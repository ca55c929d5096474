/** The one error type that crosses layers: services throw it, the HTTP middleware and the CLI print it. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  /** Only for VALIDATION_ERROR: the single `{ path, message }` entry of API.md §1.4. */
  readonly errors?: ReadonlyArray<{ path: string; message: string }>;

  constructor(code: string, message: string, status: number, errors?: Array<{ path: string; message: string }>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    if (errors) this.errors = errors;
  }
}

/** Fixed code → status and message, exactly as API.md §5. */
const CATALOGUE = {
  BOARD_COLOR_HEX_CHAR: [400, 'Color must be a valid hexadecimal value'],
  BOARD_COLOR_HEX_LENGTH: [400, 'Color must be exactly 6 characters'],
  BOARD_NAME_MISSING: [400, 'Board name missing'],
  BOARD_NAME_TOO_LONG: [400, 'Board name cannot exceed 50 characters'],
  BOARD_NOT_FOUND: [404, 'Board not found'],
  BOARD_URL_EXISTS: [409, 'Board url already exists'],
  BOARD_URL_MISSING: [400, 'Board url cannot be empty'],
  BOARD_URL_TOO_LONG: [400, 'Board url cannot exceed 50 characters'],
  CANNOT_UPDATE_SYSTEM_ROLE: [403, 'Cannot update system role'],
  COMMENT_BODY_MISSING: [400, 'Comment body missing'],
  COMMENT_BODY_TOO_LONG: [400, 'Comment body cannot exceed 1000 characters'],
  COMMENT_NOT_FOUND: [404, 'Comment not found'],
  COMMENTS_DISABLED: [403, 'Comments are turned off on this site'],
  DECODE_URI_ERROR: [400, 'bad URL'],
  EMAIL_INVALID: [400, 'Enter valid email'],
  EMAIL_VERIFIED: [409, 'Your email has already been verified.'],
  // Not in API.md §5: answers to requests Node refuses before the app sees them (http/connections.ts).
  HEADERS_TOO_LARGE: [431, 'Request headers are too large'],
  ICON_URL_TOO_LONG: [400, 'Icon URL is too long'],
  INCORRECT_PASSWORD: [403, 'Incorrect email or password'],
  INVALID_ACCENT_COLOR: [400, 'Invalid accent color'],
  INVALID_AUTH_HEADER: [401, 'Authorization header missing'],
  INVALID_AUTH_HEADER_FORMAT: [401, 'Authorization header format is "authorization: Bearer [token]"'],
  INVALID_CURSOR: [400, 'Invalid cursor value'],
  INVALID_ICON_URL: [400, 'Invalid Icon URL'],
  INVALID_JSON: [400, 'Request body is not valid JSON'],
  INVALID_LOGO_URL: [400, 'Invalid Logo URL'],
  // The value is appended per request (`Unknown permission: <value>`): see services/validation/roles.ts.
  INVALID_PERMISSION: [400, 'Unknown permission'],
  INVALID_ROLE_ID: [400, 'Invalid role ID'],
  INVALID_TOKEN: [401, 'Invalid JWT token'],
  INVALID_UNSUBSCRIBE_TOKEN: [400, 'Unsubscribe link is invalid'],
  INVALID_USER_ID: [400, 'Invalid user ID'],
  LABS_DISABLED: [403, 'This feature is disabled'],
  LOGO_URL_TOO_LONG: [400, 'Logo URL is too long'],
  // Issue 28: a mailed sign-in link tells why it no longer works, so the page can offer a new one.
  MAGIC_LINK_EXPIRED: [400, 'This sign-in link has expired'],
  MAGIC_LINK_USED: [400, 'This sign-in link has already been used'],
  MAIL_CONFIG_MISSING: [501, 'Mail configuration missing'],
  MALFORMED_REQUEST: [400, 'Request is not valid HTTP'],
  METHOD_NOT_ALLOWED: [405, 'Method not allowed'],
  NAME_TOO_LONG: [400, 'Name cannot exceed 64 characters'],
  NOT_ENOUGH_PERMISSION: [403, 'You do not have permission to perform this action.'],
  NOT_FOUND: [404, 'Route not found'],
  PASSWORD_MISSING: [400, 'No password provided'],
  PASSWORD_TOO_LONG: [400, 'Password must be at most 72 bytes long'],
  PASSWORD_TOO_SHORT: [400, 'Password must be at least 8 bytes long'],
  PAYLOAD_TOO_LARGE: [413, 'Request body exceeds 1 MiB'],
  POST_CONTENT_TOO_LONG: [400, 'Post content cannot exceed 50000 characters'],
  POST_NOT_FOUND: [404, 'Post not found'],
  POST_TITLE_MISSING: [400, 'Post title missing'],
  POST_TITLE_TOO_LONG: [400, 'Post title cannot exceed 200 characters'],
  RATE_LIMITED: [429, 'Too many attempts. Try again later.'],
  // Issue 31 §2: the sign-up and new-post forms' checks against bots.
  FORM_CHECK_FAILED: [400, 'This form was sent too quickly. Wait a few seconds and send it again.'],
  FORM_EXPIRED: [400, 'This form is too old to send. Reload the page and send it again.'],
  REQUEST_TIMEOUT: [408, 'Request was not received in time'],
  ROADMAP_COLOR_HEX_CHAR: [400, 'Color must be a valid hexadecimal value'],
  ROADMAP_COLOR_HEX_LENGTH: [400, 'Color must be exactly 6 characters'],
  ROADMAP_NAME_MISSING: [400, 'Roadmap name missing'],
  ROADMAP_NAME_TOO_LONG: [400, 'Roadmap name cannot exceed 50 characters'],
  ROADMAP_NOT_FOUND: [404, 'Roadmap not found'],
  ROADMAP_URL_EXISTS: [409, 'Roadmap url already exists'],
  ROADMAP_URL_MISSING: [400, 'Roadmap url cannot be empty'],
  ROADMAP_URL_TOO_LONG: [400, 'Roadmap url cannot exceed 50 characters'],
  ROLE_ALREADY_ASSIGNED: [409, 'User already has this role'],
  ROLE_DESCRIPTION_TOO_LONG: [400, 'Role description cannot exceed 50 characters'],
  ROLE_NAME_EXISTS: [409, 'Role name already exists'],
  ROLE_NAME_MISSING: [400, 'Role name missing'],
  ROLE_NAME_TOO_LONG: [400, 'Role name cannot exceed 30 characters'],
  ROLE_NOT_ASSIGNED: [404, 'User does not have this role'],
  ROLE_NOT_FOUND: [404, 'Role not found'],
  SERVER_ERROR: [500, 'Something went wrong!'],
  SETUP_COMPLETED: [403, 'Setup has already been completed.'],
  SIGNUP_NOT_ALLOWED: [403, 'You do not have permission to perform this action.'],
  SITE_TITLE_TOO_LONG: [400, 'Site title cannot exceed 255 characters'],
  // Not in API.md §5: sign-in providers, OpenID Connect and GitHub (issue 28 §2, README).
  AUTH_PROVIDER_EXISTS: [409, 'A sign-in provider with this id already exists'],
  AUTH_PROVIDER_NOT_FOUND: [404, 'Sign-in provider not found'],
  AUTH_PROVIDER_UNAVAILABLE: [502, 'The sign-in provider could not be reached or answered wrongly; try again later'],
  OIDC_LOGIN_EXPIRED: [400, 'This sign-in has expired or was already used; try again'],
  OIDC_LOGIN_INVALID: [401, 'The sign-in provider\'s answer could not be verified; try again'],
  // Not in API.md §5: the changelog (issue 30 §1, README).
  CHANGELOG_ALREADY_PUBLISHED: [409, 'This changelog entry is already published'],
  CHANGELOG_CONTENT_TOO_LONG: [400, 'Changelog content cannot exceed 50000 characters'],
  CHANGELOG_ENTRY_NOT_FOUND: [404, 'Changelog entry not found'],
  CHANGELOG_TITLE_MISSING: [400, 'Changelog title missing'],
  CHANGELOG_TITLE_TOO_LONG: [400, 'Changelog title cannot exceed 200 characters'],
  // Not in API.md §5: single sign-on (issue 28, README).
  // Not in API.md §5: the caller's linked sign-ins (issue 28, README).
  IDENTITY_NOT_FOUND: [404, 'This sign-in is not linked to your account'],
  LAST_SIGN_IN_METHOD: [409, 'This is your only way to sign in: set a password first'],
  SSO_NOT_CONFIGURED: [403, 'Single sign-on is not set up on this board: the owner creates a secret first'],
  SSO_SECRET_NOT_FOUND: [404, 'Single sign-on secret not found'],
  SSO_TEAM_ACCOUNT: [403, 'Team members sign in with their own password or provider'],
  // Not in API.md §5: merging duplicate posts (issue 30 §2, README).
  MERGE_INTO_SELF: [400, 'A post cannot be merged into itself'],
  MERGE_TARGET_NOT_FOUND: [404, 'The post to merge into was not found'],
  MERGE_TARGET_MERGED: [409, 'The post to merge into is itself merged into another post'],
  POST_ALREADY_MERGED: [409, 'This post is already merged into another post'],
  POST_HAS_MERGED_POSTS: [409, 'Other posts are merged into this post: unmerge them first'],
  POST_NOT_MERGED: [409, 'This post is not merged into another post'],
  // Not in API.md §5: tags (issue 31 §1, README).
  TAG_COLOR_HEX_CHAR: [400, 'Color must be a valid hexadecimal value'],
  TAG_COLOR_HEX_LENGTH: [400, 'Color must be exactly 6 characters'],
  TAG_EXISTS: [409, 'A tag with this name already exists'],
  TAG_NAME_MISSING: [400, 'Tag name missing'],
  TAG_NAME_TOO_LONG: [400, 'Tag name cannot exceed 40 characters'],
  TAG_NOT_FOUND: [404, 'Tag not found'],
  // Not in API.md §5: uploaded images (issue 31 §3, README).
  UPLOAD_FILE_MISSING: [400, 'Send the image as the multipart/form-data field "file"'],
  UPLOAD_TYPE_NOT_ALLOWED: [400, 'Only PNG, JPEG, GIF and WebP images can be uploaded'],
  UPLOAD_NOT_AN_IMAGE: [400, 'The file is not a readable image: it is damaged or cut short'],
  UPLOAD_TOO_LARGE: [413, 'The image is larger than this board accepts'],
  UPLOAD_TOO_MANY_PIXELS: [413, 'The image has more pixels than this board accepts'],
  UPLOAD_QUOTA_EXCEEDED: [429, 'You have uploaded as much as one day allows: try again tomorrow'],
  STORAGE_UNAVAILABLE: [503, 'Storage is not writable'],
  UNAUTHORIZED_NOT_AUTHOR: [403, 'You are not the author of the comment'],
  UNKNOWN_METHOD: [400, 'Request method is not supported'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'Request body must be application/json'],
  USERNAME_EXISTS: [409, 'Username already exists'],
  USER_BLOCKED: [403, 'User is Blocked'],
  USER_EXISTS: [409, 'User exists'],
  USER_NOT_FOUND: [404, 'User not found'],
  VOTE_EXISTS: [409, 'User has already voted on this post'],
  VOTE_NOT_FOUND: [404, 'User has not voted on this post'],
  WEBHOOK_NOT_FOUND: [404, 'Webhook not found'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof CATALOGUE;

/** An AppError for a code of the catalogue, with its documented status and message. */
export function appError(code: ErrorCode): AppError {
  const [status, message] = CATALOGUE[code];
  return new AppError(code, message, status);
}

/** 400 VALIDATION_ERROR whose message is `<path> <rule>` (API.md §1.4). */
export function validationError(path: string, rule: string): AppError {
  const message = path === '' ? rule : `${path} ${rule}`;
  return new AppError('VALIDATION_ERROR', message, 400, [{ path, message }]);
}

/**
 * Codes whose message is worded per request, so they are not in the catalogue: VALIDATION_ERROR
 * (per field), MISSING_TOKEN (per mail-token purpose, services/mail-tokens.ts),
 * SSO_TOKEN_INVALID (names the failed check, services/sso/token.ts), the OIDC_ refusals naming
 * the provider (services/auth-providers/words.ts) and
 * OWNER_CANNOT_BE_BLOCKED (names the owner, services/user-admin.ts). The API describes them with
 * these texts.
 */
const WORDED_PER_REQUEST = {
  VALIDATION_ERROR: [400, '`<path> <rule>`, e.g. "limit must be an integer between 1 and 100"'],
  MISSING_TOKEN: [400, 'Email verification token missing / Password reset token missing / Sign-in link token missing'],
  SSO_TOKEN_INVALID: [401, 'The sign-on token <what is wrong>, e.g. "The sign-on token has expired"'],
  OIDC_EMAIL_UNVERIFIED: [403, "Your <provider> account's email is not verified: verify it there, then try again"],
  OIDC_DOMAIN_NOT_ALLOWED: [403, 'Sign-in with <provider> is limited to <domains> addresses'],
  OIDC_SIGNUP_CLOSED: [403, 'This board does not take new accounts: no account here uses your <provider> address'],
  OIDC_LOGIN_CANCELLED: [401, '<provider> did not sign you in (cancelled or refused there); try again'],
  OWNER_CANNOT_BE_BLOCKED: [409, '<owner email> is the owner and cannot be blocked: make someone else the owner first (feedbackd user make-owner <user>)'],
} as const satisfies Record<string, readonly [number, string]>;

/** Every code an answer can carry. */
export type AnswerCode = ErrorCode | keyof typeof WORDED_PER_REQUEST;

function describedCode(code: AnswerCode): readonly [number, string] {
  return code in WORDED_PER_REQUEST ? WORDED_PER_REQUEST[code as keyof typeof WORDED_PER_REQUEST] : CATALOGUE[code as ErrorCode];
}

/** The documented status of a code (for the API's own description of itself). */
export function errorStatus(code: AnswerCode): number {
  return describedCode(code)[0];
}

/** The documented message of a code. */
export function errorMessage(code: AnswerCode): string {
  return describedCode(code)[1];
}

/** Every code an answer can carry, for the reference's code table. */
export const ANSWER_CODES = [...Object.keys(CATALOGUE), ...Object.keys(WORDED_PER_REQUEST)] as AnswerCode[];

