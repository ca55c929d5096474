import { SourceError } from './source-model.js';

/*
 * Talks to Canny's REST API the way its reference (developers.canny.io/api-reference) says:
 * every call is a POST with a JSON body that carries the secret key as `apiKey`; lists page with
 * `limit`/`skip` and answer `hasMore`, except users (v2), which page with an opaque `cursor` and
 * answer `hasNextPage`. Errors come back as JSON `{ "error": "…" }`.
 *
 * The key is never part of an address or a message: only the body carries it, and any text the
 * server answers is scrubbed of it before it reaches an error.
 */

/** Canny allows at most 100 objects a page on its list endpoints. */
export const CANNY_PAGE_SIZE = 100;

const MAX_RATE_LIMIT_RETRIES = 5;

/** How long an answer may take (a page that has not come is not coming: say so rather than wait for ever), and the longest wait after a 429. */
export interface CannyWaits {
  requestTimeoutMs: number;
  retryMaxWaitMs: number;
}

/** The settings' defaults (importRequestTimeoutMs, importRetryMaxWaitMs). */
const DEFAULT_WAITS: CannyWaits = { requestTimeoutMs: 60_000, retryMaxWaitMs: 30_000 };

export interface CannyClient {
  /** The address of one endpoint, for messages ("https://canny.io/api/v1/posts/list"). */
  address(endpoint: string): string;
  /** One call; answers the parsed JSON object. */
  call(endpoint: string, body?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Every object of a `limit`/`skip` list, page after page until `hasMore` is false. */
  listBySkip(endpoint: string, key: string, body?: Record<string, unknown>): Promise<ListedRow[]>;
  /** Every object of a `cursor` list (users v2), page after page until `hasNextPage` is false. */
  listByCursor(endpoint: string, key: string): Promise<ListedRow[]>;
}

/** One listed object, with where it came from (for messages naming the row). */
export interface ListedRow {
  value: unknown;
  /** "https://canny.io/api/v1/posts/list: posts row 203" */
  where: string;
}

export function cannyClient(apiUrl: string, apiKey: string, onProgress?: (what: string) => void, waits: CannyWaits = DEFAULT_WAITS): CannyClient {
  const base = withoutCredentials(apiUrl).replace(/\/+$/, '');
  const address = (endpoint: string) => `${base}/${endpoint}`;

  async function call(endpoint: string, body: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    for (let attempt = 0; ; attempt++) {
      const response = await send(endpoint, body);
      if (response.status === 429 && attempt < MAX_RATE_LIMIT_RETRIES) {
        await sleep(retryWait(response.headers.get('retry-after'), attempt, waits.retryMaxWaitMs));
        continue;
      }
      return answerOf(endpoint, response);
    }
  }

  async function send(endpoint: string, body: Record<string, unknown>): Promise<Response> {
    try {
      return await fetch(address(endpoint), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...body, apiKey }),
        signal: AbortSignal.timeout(waits.requestTimeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new SourceError(address(endpoint), `Canny's API did not answer within ${waits.requestTimeoutMs / 1000} s (the importRequestTimeoutMs setting)`);
      throw new SourceError(address(endpoint), `cannot reach Canny's API (${networkReason(error)})`);
    }
  }

  async function answerOf(endpoint: string, response: Response): Promise<Record<string, unknown>> {
    const where = address(endpoint);
    const text = scrub(await response.text().catch(() => ''), apiKey);
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const said = isObject(parsed) && typeof parsed.error === 'string' ? parsed.error : undefined;
    if (response.status === 401 || response.status === 403 || (said !== undefined && /api ?key/i.test(said)))
      throw new SourceError(where, `the API key was refused (HTTP ${response.status}${said ? `: ${said}` : ''}); check the file given to --api-key-file`);
    if (response.status === 429) throw new SourceError(where, `Canny kept answering "too many requests" (HTTP 429) after ${MAX_RATE_LIMIT_RETRIES} waits; try again later`);
    if (!response.ok) throw new SourceError(where, `Canny's API answered HTTP ${response.status}${said ? `: ${said}` : ''}`);
    if (said !== undefined) throw new SourceError(where, `Canny's API answered an error: ${said}`);
    if (!isObject(parsed)) throw new SourceError(where, 'the answer is not a JSON object: is --api-url the address of Canny\'s API?');
    return parsed;
  }

  async function listBySkip(endpoint: string, key: string, body: Record<string, unknown> = {}): Promise<ListedRow[]> {
    const rows: ListedRow[] = [];
    // The filters name the list in messages ("…/v1/posts/list boardID=…: posts row 3").
    const filters = Object.entries(body)
      .filter(([name]) => name.endsWith('ID'))
      .map(([name, value]) => ` ${name}=${String(value)}`)
      .join('');
    const list = `${address(endpoint)}${filters}`;
    for (;;) {
      const page = await call(endpoint, { ...body, limit: CANNY_PAGE_SIZE, skip: rows.length });
      const items = page[key];
      if (!Array.isArray(items)) throw new SourceError(`${list}: page skip=${rows.length}`, `field "${key}" must be a list`);
      for (const value of items) rows.push({ value, where: `${list}: ${key} row ${rows.length + 1}` });
      onProgress?.(`${key} ${rows.length}`);
      if (page.hasMore !== true) return rows;
      // A page that says there is more but brings nothing would loop for ever.
      if (items.length === 0) throw new SourceError(`${list}: page skip=${rows.length}`, 'field "hasMore" is true on an empty page');
    }
  }

  async function listByCursor(endpoint: string, key: string): Promise<ListedRow[]> {
    const rows: ListedRow[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await call(endpoint, cursor === undefined ? { limit: CANNY_PAGE_SIZE } : { limit: CANNY_PAGE_SIZE, cursor });
      const items = page[key];
      if (!Array.isArray(items)) throw new SourceError(`${address(endpoint)}: page ${rows.length}`, `field "${key}" must be a list`);
      for (const value of items) rows.push({ value, where: `${address(endpoint)}: ${key} row ${rows.length + 1}` });
      onProgress?.(`${key} ${rows.length}`);
      if (page.hasNextPage !== true) return rows;
      if (typeof page.cursor !== 'string' || page.cursor === '' || page.cursor === cursor)
        throw new SourceError(`${address(endpoint)}: ${key} after row ${rows.length}`, 'field "cursor" must be a new string when "hasNextPage" is true');
      cursor = page.cursor;
    }
  }

  return { address, call, listBySkip, listByCursor };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The address as given, without a user or password someone may have put in it. */
function withoutCredentials(apiUrl: string): string {
  try {
    const url = new URL(apiUrl);
    url.username = '';
    url.password = '';
    url.search = '';
    return url.href;
  } catch {
    throw new SourceError('--api-url', `"${apiUrl}" is not an address`);
  }
}

function scrub(text: string, apiKey: string): string {
  return apiKey === '' ? text : text.split(apiKey).join('…');
}

/** Retry-After in seconds when Canny says it, otherwise a growing wait; never longer than 30 s. */
function retryWait(retryAfter: string | null, attempt: number, longest: number): number {
  const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
  const wait = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000 * 2 ** attempt;
  return Math.min(wait, longest);
}

function networkReason(error: unknown): string {
  const cause = error instanceof Error && isObject(error.cause) ? error.cause : undefined;
  const code = cause && typeof cause.code === 'string' ? cause.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return code ? `${code}: ${message}` : message;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
