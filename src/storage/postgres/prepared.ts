import { createHash } from 'node:crypto';
import type { QueryConfig } from 'pg';

const names = new Map<string, string>();

/**
 * A query as a named prepared statement: each connection parses and plans a statement once and
 * then only binds parameters, which takes a large share of the server's work off every request.
 * The name is derived from the text, so the same SQL shares one statement per connection; texts
 * are the repositories' own (values always travel as parameters), so there are few of them.
 */
export function prepared(text: string, values?: unknown[]): QueryConfig {
  let name = names.get(text);
  if (name === undefined) {
    name = `fd_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return { name, text, values };
}
