import { withBase } from '../base.js';
import type { FieldProblem } from './types.js';

/** Where the access token is kept between visits (README: Security notes). */
const TOKEN_KEY = 'feedbackd.token';

/** A refused or failed API call, with the API's own words (API.md §1.4). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: FieldProblem[] = [],
    /** Seconds from a 429's or 503's `Retry-After`. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

/** Codes whose message belongs next to one form field, by field name. */
const FIELD_OF_CODE: Record<string, string> = {
  EMAIL_INVALID: 'email',
  USER_EXISTS: 'email',
  PASSWORD_MISSING: 'password',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
  NAME_TOO_LONG: 'name',
  POST_TITLE_MISSING: 'title',
  POST_TITLE_TOO_LONG: 'title',
  POST_CONTENT_TOO_LONG: 'contentMarkdown',
  COMMENT_BODY_MISSING: 'body',
  COMMENT_BODY_TOO_LONG: 'body',
  BOARD_NOT_FOUND: 'boardId',
};

/** Adds the codes of forms outside the public site (the dashboard's), so only their bundle carries them. */
export function addFieldCodes(codes: Readonly<Record<string, string>>): void {
  Object.assign(FIELD_OF_CODE, codes);
}

/** The form field an error belongs to, or null for a message about the whole form. */
export function fieldOf(error: ApiError): string | null {
  // A list's item (`embedOrigins[1]`) belongs to the list's field.
  if (error.code === 'VALIDATION_ERROR') return error.errors[0]?.path.split(/[.[]/)[0] ?? null;
  return FIELD_OF_CODE[error.code] ?? null;
}

let token: string | null = readStoredToken();
/** Told whether the change came from another tab. */
const tokenListeners = new Set<(elsewhere: boolean) => void>();

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The bearer token of the signed-in visitor, if any. */
export function currentToken(): string | null {
  return token;
}

/** Keeps (or forgets, with null) the access token, here and in storage. */
export function setToken(next: string | null): void {
  token = next;
  try {
    if (next === null) localStorage.removeItem(TOKEN_KEY);
    else localStorage.setItem(TOKEN_KEY, next);
  } catch {
    // Private browsing without storage: the session lasts until the tab closes.
  }
  for (const listener of tokenListeners) listener(false);
}

// Another tab of this site signed in or out (a mailed link opened there, say): this one follows.
globalThis.addEventListener?.('storage', (event) => {
  if (event.key !== TOKEN_KEY && event.key !== null) return;
  const stored = readStoredToken();
  if (stored === token) return;
  token = stored;
  for (const listener of tokenListeners) listener(true);
});

/** Called when the token changes (sign-in, sign-out, or the server refusing it). */
export function onTokenChange(listener: (elsewhere: boolean) => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

type Query = Record<string, string | number | undefined>;

/** One call to `/api/v1`; resolves with the parsed body or rejects with an ApiError. */
export async function api<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(withBase(`/api/v1${path}${queryString(query)}`), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Cannot reach the server. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const parsed = await response.json().catch(() => null);
  if (response.ok && parsed !== null) return parsed as T;
  throw toApiError(response, parsed);
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

function toApiError(response: Response, parsed: unknown): ApiError {
  const body = (parsed ?? {}) as { message?: unknown; code?: unknown; errors?: FieldProblem[] };
  const retry = Number(response.headers.get('Retry-After'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : null;
  // A token the server no longer accepts (expired, password changed) signs the visitor out.
  if (response.status === 401 && token) setToken(null);
  if (typeof body.message === 'string' && typeof body.code === 'string') {
    return new ApiError(response.status, body.code, body.message, body.errors ?? [], retryAfter);
  }
  return new ApiError(response.status, 'SERVER_ERROR', serverTrouble(response.status), [], retryAfter);
}

function serverTrouble(status: number): string {
  if (status === 502 || status === 503 || status === 504) return 'The server is not answering right now. Try again in a moment.';
  return 'Something went wrong on the server. Try again in a moment.';
}
