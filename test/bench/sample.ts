/*
 * A few requests of a load's bodies sent one by one before the load: shows whether the server
 * answers them as meant (non-empty pages for deep queries, no 404 from a missing route), which
 * req/s alone cannot tell.
 */

/** What the sampled answers held. */
export interface Sampled {
  sent: number;
  nonEmpty: number;
  /** How many of the sent bodies the corpus says should answer a non-empty page (when known). */
  expected?: number;
  /** Status codes other than 2xx, with how many answered each. */
  failures: Map<number, number>;
  /** The `posts` of the first successful answer. */
  firstPosts?: { voters?: { votesCount?: number } }[];
}

/** What to send, and optionally whether each body should answer a non-empty page. */
export interface SampleOptions {
  url: string;
  bodies: readonly string[];
  headers?: Record<string, string>;
  nonEmpty?: readonly boolean[];
}

/** POSTs a dozen bodies spread over `bodies` to `url` and counts the non-empty `posts` lists. */
export async function sample({ url, bodies, headers = {}, nonEmpty }: SampleOptions, count = 12): Promise<Sampled> {
  const sampled: Sampled = { sent: 0, nonEmpty: 0, failures: new Map(), expected: nonEmpty ? 0 : undefined };
  const step = Math.max(1, Math.floor(bodies.length / count));
  for (let i = 0; i < bodies.length && sampled.sent < count; i += step) {
    if (nonEmpty?.[i] && sampled.expected !== undefined) sampled.expected++;
    const response = await fetch(url, { method: 'POST', body: bodies[i], headers: { 'content-type': 'application/json', ...headers } });
    sampled.sent++;
    const text = await response.text();
    if (!response.ok) {
      sampled.failures.set(response.status, (sampled.failures.get(response.status) ?? 0) + 1);
      continue;
    }
    const posts = postsOf(text);
    sampled.firstPosts ??= posts;
    if (posts.length > 0) sampled.nonEmpty++;
  }
  return sampled;
}

/** "sampled 12 of 300 bodies: 9 non-empty (corpus: 9), 3 answered 404". */
export function describeSample(sampled: Sampled, total: number): string {
  const failures = [...sampled.failures].map(([status, count]) => `, ${count} answered ${status}`).join('');
  const expected = sampled.expected === undefined ? '' : ` (by the seeded text: ${sampled.expected})`;
  return `sampled ${sampled.sent} of ${total} bodies: ${sampled.nonEmpty} non-empty${expected}${failures}`;
}

function postsOf(text: string): { voters?: { votesCount?: number } }[] {
  try {
    const body = JSON.parse(text) as { posts?: unknown };
    return Array.isArray(body.posts) ? body.posts : [];
  } catch {
    return [];
  }
}
