/** The part of a connection the probe needs (a pg Client or PoolClient). */
interface Connection {
  // biome-ignore lint/suspicious/noExplicitAny: only `read_only` of the first row is read
  query(text: string): Promise<{ rows: any[] }>;
}

/**
 * Whether the server accepts writes, writing nothing: a transaction as the engine's own would start
 * must not be read-only (`default_transaction_read_only`), and must get a transaction id, which a
 * standby refuses. `broken` is set when even ROLLBACK failed, so a pooled connection can be
 * discarded instead of reused.
 */
export async function probeWrites(connection: Connection): Promise<{ writable: boolean; broken?: Error }> {
  let writable = false;
  try {
    await connection.query('BEGIN');
    const { rows } = await connection.query("SELECT current_setting('transaction_read_only') AS read_only, pg_current_xact_id()");
    writable = rows[0]?.read_only === 'off';
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
