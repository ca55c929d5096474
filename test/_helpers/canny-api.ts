import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small server answering as Canny's documented REST API does (developers.canny.io/api-reference):
 * every endpoint is a POST whose JSON body carries the secret key as `apiKey` (a wrong or missing
 * key gets 401 and `{ "error": "invalid api key" }`); lists take `limit` (10 when absent, never more
 * than 100) and `skip` and answer `hasMore`; users v2 takes `limit` and an opaque `cursor` and answers
 * `hasNextPage` and the next `cursor`; posts/list filters by `boardID`. It serves the objects a
 * fixture built, as they are (the fixture writes them in Canny's shapes).
 */

export type CannyObject = Record<string, unknown>;

export interface CannyApiData {
  boards: CannyObject[];
  categories: CannyObject[];
  tags: CannyObject[];
  /** undefined: an older API without users v2 (v2/users/list answers 404). */
  users: CannyObject[] | undefined;
  posts: CannyObject[];
  comments: CannyObject[];
  votes: CannyObject[];
  /** undefined: the company has no changelog (entries/list answers 404). */
  entries: CannyObject[] | undefined;
}

export interface TestCannyApi {
  /** The API's base address, as --api-url takes it (…/api). */
  url: string;
  /** Every call, its body without the key. */
  requests: Array<{ endpoint: string; body: CannyObject }>;
  /** The next call to this endpoint ("v1/votes/list") answers 429 with Retry-After (0 seconds unless given), as Canny does when rate limited. */
  throttleNext(endpoint: string, retryAfterSeconds?: number): void;
  /** The next call to this endpoint never answers (a stalled connection). */
  stallNext(endpoint: string): void;
  close(): Promise<void>;
}

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

export async function startCannyApi(data: CannyApiData, apiKey: string): Promise<TestCannyApi> {
  const requests: TestCannyApi['requests'] = [];
  const throttled = new Map<string, number>();
  const stalled = new Set<string>();
  const server = createServer((req, res) => {
    void answer(req, res).catch(() => send(res, 500, { error: 'test server error' }));
  });

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const endpoint = new URL(req.url ?? '/', 'http://canny.test').pathname.replace(/^\/api\//, '');
    if (req.method !== 'POST') return send(res, 404, { error: 'endpoint not found' });
    let body: CannyObject;
    try {
      const parsed: unknown = JSON.parse(await readBody(req));
      body = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as CannyObject) : {};
    } catch {
      return send(res, 400, { error: 'invalid json body' });
    }
    const { apiKey: given, ...rest } = body;
    requests.push({ endpoint, body: rest });
    if (given !== apiKey) return send(res, 401, { error: 'invalid api key' });
    const retryAfter = throttled.get(endpoint);
    if (retryAfter !== undefined) {
      throttled.delete(endpoint);
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(retryAfter) }).end(JSON.stringify({ error: 'too many requests' }));
      return;
    }
    if (stalled.delete(endpoint)) return; // no answer, ever: the client must give up on its own
    const limit = Math.min(typeof body.limit === 'number' && body.limit > 0 ? body.limit : DEFAULT_LIMIT, MAX_LIMIT);
    const skip = typeof body.skip === 'number' && body.skip > 0 ? body.skip : 0;
    const page = (key: string, items: CannyObject[]) => send(res, 200, { [key]: items.slice(skip, skip + limit), hasMore: skip + limit < items.length });
    switch (endpoint) {
      case 'v1/boards/list':
        return send(res, 200, { boards: data.boards });
      case 'v1/categories/list':
        return page('categories', data.categories);
      case 'v1/tags/list':
        return page('tags', data.tags);
      case 'v1/posts/list':
        return page(
          'posts',
          data.posts.filter((post) => body.boardID === undefined || (post.board as CannyObject).id === body.boardID),
        );
      case 'v1/comments/list':
        return page('comments', data.comments);
      case 'v1/votes/list':
        return page('votes', data.votes);
      case 'v1/entries/list':
        if (data.entries === undefined) return send(res, 404, { error: 'endpoint not found' });
        return page('entries', data.entries);
      case 'v2/users/list': {
        if (data.users === undefined) return send(res, 404, { error: 'endpoint not found' });
        const from = typeof body.cursor === 'string' ? Number(Buffer.from(body.cursor, 'base64url').toString()) : 0;
        const users = data.users.slice(from, from + limit);
        const hasNextPage = from + limit < data.users.length;
        return send(res, 200, { users, hasNextPage, cursor: hasNextPage ? Buffer.from(String(from + limit)).toString('base64url') : null });
      }
      default:
        return send(res, 404, { error: 'endpoint not found' });
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    requests,
    throttleNext: (endpoint, retryAfterSeconds = 0) => throttled.set(endpoint, retryAfterSeconds),
    stallNext: (endpoint) => stalled.add(endpoint),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // a stalled request's connection too
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}
