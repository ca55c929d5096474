/** The part of a connection the probe needs (a pg Client or PoolClient). */
interface Connection {
  query(text: string): Promise<unknown>;
}

/**
 * Whether the server accepts writes, writing nothing: taking a transaction id is refused by a
 * read-only server (a standby, or read-only mode). `broken` is set when even ROLLBACK failed, so a
 * pooled connection can be discarded instead of reused.
 */
export async function probeWrites(connection: Connection): Promise<{ writable: boolean; broken?: Error }> {
  let writable = false;
  try {
    await connection.query('BEGIN READ WRITE');
    await connection.query('SELECT pg_current_xact_id()');
    writable = true;
  } catch {
    writable = false;
  }
  try {
    await connection.query('ROLLBACK');
    return { writable };
  } catch (error) {
    return { writable, broken: error instanceof Error ? error : new Error(String(error)) };
  }
}
