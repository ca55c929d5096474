import type { Corpus } from './corpus.js';
import { type Load, report, runLoad } from './load.js';
import { deepQueries, similarTitles, summary, typedQueries } from './queries.js';
import { describeSample, sample } from './sample.js';

/*
 * The measured requests. Each load that searches rotates through a few hundred bodies
 * (BENCH_QUERIES) and is preceded by a sample of its answers.
 */

/** Bodies per rotating list. */
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
/** Seconds per warm-up load (BENCH_WARMUP_SECONDS). */
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 4);
const LIMIT = 10;

type Headers = Record<string, string>;

/**
 * Lets the JIT settle (measured: page-1 throughput climbs ~30% over the first 15 s) before the
 * plain lists are measured: pages 1 and 500, anonymous and with a token.
 */
export async function warmUpLists(api: string, auth: Headers): Promise<void> {
  for (const page of [1, 500]) {
    for (const headers of [{}, auth]) await runLoad({ url: `${api}/posts/get`, bodies: [json({ page })], headers, connections: 8, seconds: WARMUP });
  }
}

/** What browsers send (they list more; the server takes brotli first either way). */
const COMPRESSED: Headers = { 'accept-encoding': 'br, gzip' };

/**
 * The plain list (no query, newest first) on pages 1 and 500, anonymous and with a token; each
 * once without Accept-Encoding and once right after with `br, gzip`, so the two compare.
 */
export async function plainLists(api: string, auth: Headers): Promise<void> {
  await printAnswerSizes(api);
  for (const page of [1, 500]) {
    for (const [who, headers] of [['anonymous', {}], ['with token', auth]] as const) {
      const load = { url: `${api}/posts/get`, bodies: [json({ page })] };
      await report(`POST /posts/get page ${page}, ${who}`, { ...load, headers });
      await report(`POST /posts/get page ${page}, ${who}, Accept-Encoding: br, gzip`, { ...load, headers: { ...headers, ...COMPRESSED } });
    }
  }
}

/** Bytes of page 1 as sent: plain, brotli and gzip (fetch decodes, Content-Length tells what came). */
async function printAnswerSizes(api: string): Promise<void> {
  const sizes: string[] = [];
  for (const encoding of ['identity', 'br', 'gzip']) {
    const response = await fetch(`${api}/posts/get`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': encoding }, body: json({ page: 1 }) });
    await response.arrayBuffer();
    sizes.push(`${encoding} ${response.headers.get('content-length')} B`);
  }
  console.log(`  page 1 as sent: ${sizes.join(', ')}`);
}

/** The search and similar paths warmed as the plain list is, with a mix of their bodies. */
export async function warmUpSearch(api: string, corpus: Corpus, boardIds: string[]): Promise<void> {
  const queries = typedQueries(corpus, 1, 50).queries;
  const bodies = [...queries.map((query) => json({ query, page: 1, limit: LIMIT })), json({ orderBy: 'votes', page: 1 })];
  await runLoad({ url: `${api}/posts/get`, bodies, connections: 8, seconds: WARMUP });
  await runLoad({ url: `${api}/posts/similar`, bodies: similarBodies(corpus, boardIds, 50), connections: 8, seconds: WARMUP });
}

/** `query` of 1, 2 and 3 words, on page 1 (as typed) and page 500 (queries with many matches). */
export async function searches(api: string, corpus: Corpus, size: string): Promise<void> {
  for (const words of [1, 2, 3] as const) {
    for (const page of [1, 500]) {
      const list = page === 1 ? typedQueries(corpus, words, QUERIES) : deepQueries(corpus, words, QUERIES);
      console.log(`  ${words}-word queries for page ${page}: ${summary(list)}`);
      const bodies = list.queries.map((query) => json({ query, page, limit: LIMIT }));
      const nonEmpty = list.matches.map((matches) => matches > (page - 1) * LIMIT);
      const name = `POST /posts/get query of ${words} word${words > 1 ? 's' : ''}, page ${page}, at ${size} posts`;
      await sampled(name, { url: `${api}/posts/get`, bodies }, nonEmpty);
    }
  }
}

/** `orderBy: "votes"` on pages 1 and 500, then page 1 of each board in turn. */
export async function voteOrders(api: string, boardIds: string[], size: string): Promise<void> {
  const url = `${api}/posts/get`;
  for (const page of [1, 500]) {
    await sampled(`POST /posts/get orderBy votes, page ${page}, at ${size} posts`, { url, bodies: [json({ orderBy: 'votes', page, limit: LIMIT })] });
  }
  const bodies = boardIds.map((id) => json({ orderBy: 'votes', boardId: [id], page: 1, limit: LIMIT }));
  await sampled(`POST /posts/get orderBy votes, one board (of ${boardIds.length}, rotating), page 1, at ${size} posts`, { url, bodies });
}

/**
 * `tags` filters (issue 31 §1) on page 1, rotating through: each tag alone (from 30% of the posts
 * to 0.1%), two tags, a tag with a board, a tag in votes order, a tag with a 1-word search.
 */
export async function tagFilters(api: string, auth: Headers, corpus: Corpus, tagIds: string[], boardIds: string[], size: string): Promise<void> {
  const url = `${api}/posts/get`;
  const words = typedQueries(corpus, 1, tagIds.length).queries;
  const kinds: Record<string, (tagId: string, i: number) => string> = {
    alone: (tagId) => json({ tags: [tagId], page: 1, limit: LIMIT }),
    'in pairs': (tagId, i) => json({ tags: [tagId, tagIds[(i + 1) % tagIds.length]], page: 1, limit: LIMIT }),
    'with a board': (tagId, i) => json({ tags: [tagId], boardId: [boardIds[i % boardIds.length]], page: 1, limit: LIMIT }),
    'by votes': (tagId) => json({ tags: [tagId], orderBy: 'votes', page: 1, limit: LIMIT }),
    'with a search': (tagId, i) => json({ tags: [tagId], query: words[i % words.length], page: 1, limit: LIMIT }),
  };
  const bodies = tagIds.flatMap((tagId, i) => Object.values(kinds).map((body) => body(tagId, i)));
  await runLoad({ url, bodies, headers: auth, connections: 8, seconds: WARMUP });
  // The same caller's plain page 1 in the same conditions, to compare with.
  await report(`POST /posts/get page 1, with token, no filter (baseline for the tag filters), at ${size} posts`, { url, bodies: [json({ page: 1, limit: LIMIT })], headers: auth });
  await sampled(`POST /posts/get tags filter (${tagIds.length} tags, alone, in pairs, with a board, by votes, with a search; rotating), page 1, at ${size} posts`, { url, bodies, headers: auth });
  // Each kind on its own, every tag rotating, to show which costs what.
  for (const [kind, body] of Object.entries(kinds)) {
    await sampled(`POST /posts/get tags filter, ${kind} (${tagIds.length} tags rotating), page 1, at ${size} posts`, { url, bodies: tagIds.map(body), headers: auth });
  }
  const common = [json({ tags: [tagIds[0]], page: 1, limit: LIMIT })];
  await sampled(`POST /posts/get tags filter, the commonest tag (30% of posts), page 1, at ${size} posts`, { url, bodies: common, headers: auth });
  const rare = [json({ tags: [tagIds[tagIds.length - 1]], orderBy: 'votes', page: 1, limit: LIMIT })];
  await sampled(`POST /posts/get tags filter, the rarest tag (0.1% of posts) by votes, page 1, at ${size} posts`, { url, bodies: rare, headers: auth });
}

/** `POST /posts/similar` with titles someone might type, a third of them within one board. */
export async function similar(api: string, corpus: Corpus, boardIds: string[], size: string): Promise<void> {
  await sampled(`POST /posts/similar at ${size} posts`, { url: `${api}/posts/similar`, bodies: similarBodies(corpus, boardIds, QUERIES) });
}

/** `POST /posts` (fsync'd or committed before the answer). */
export async function writes(api: string, auth: Headers, size: string): Promise<void> {
  await report(`POST /posts (durable write) at ${size} posts`, { url: `${api}/posts`, bodies: [json({ title: 'Benchmark idea' })], headers: auth });
}

async function sampled(name: string, load: Load, nonEmpty?: boolean[]): Promise<void> {
  const seen = await sample({ ...load, nonEmpty });
  const votes = seen.firstPosts?.map((post) => post.voters?.votesCount ?? '?').join('/');
  console.log(`  ${describeSample(seen, load.bodies.length)}${votes ? `; first answer's vote counts ${votes}` : ''}`);
  await report(name, load);
}

function similarBodies(corpus: Corpus, boardIds: string[], count: number): string[] {
  return similarTitles(corpus, count).map((title, i) => json(i % 3 === 2 && boardIds.length > 0 ? { title, boardId: boardIds[i % boardIds.length] } : { title }));
}

function json(body: unknown): string {
  return JSON.stringify(body);
}
