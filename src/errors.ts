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
  BOARD_NOT_FOUND: [404, 'Board not found'],
  DECODE_URI_ERROR: [400, 'bad URL'],
  EMAIL_INVALID: [400, 'Enter valid email'],
  EMAIL_VERIFIED: [409, 'Your email has already been verified.'],
  INCORRECT_PASSWORD: [403, 'Incorrect email or password'],
  INVALID_AUTH_HEADER: [401, 'Authorization header missing'],
  INVALID_AUTH_HEADER_FORMAT: [401, 'Authorization header format is "authorization: Bearer [token]"'],
  INVALID_CURSOR: [400, 'Invalid cursor value'],
  INVALID_JSON: [400, 'Request body is not valid JSON'],
  INVALID_TOKEN: [401, 'Invalid JWT token'],
  MAIL_CONFIG_MISSING: [501, 'Mail configuration missing'],
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
  ROADMAP_NOT_FOUND: [404, 'Roadmap not found'],
  SERVER_ERROR: [500, 'Something went wrong!'],
  SETUP_COMPLETED: [403, 'Setup has already been completed.'],
  SIGNUP_NOT_ALLOWED: [403, 'You do not have permission to perform this action.'],
  SITE_TITLE_TOO_LONG: [400, 'Site title cannot exceed 255 characters'],
  STORAGE_UNAVAILABLE: [503, 'Storage is not writable'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'Request body must be application/json'],
  USERNAME_EXISTS: [409, 'Username already exists'],
  USER_BLOCKED: [403, 'User is Blocked'],
  USER_EXISTS: [409, 'User exists'],
  USER_NOT_FOUND: [404, 'User not found'],
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
