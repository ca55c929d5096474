import { AppError } from '../../errors.js';
import { SCHEMA_VERSION } from '../lowdb/document.js';
import { describeRows, type RowCounts } from '../row-counts.js';
import { EVERYONE_ROLE_ID, TEAM_ROLE_ID } from '../seed.js';
import type { DatabaseSnapshot, UploadCopyRow } from '../types.js';
import { describeDatabase } from './connect-error.js';
import { Params, quoted } from './content/sql.js';
import { withMigratedDatabase } from './migrate.js';
import type { Queryable } from './queryable.js';
import { QUEUE_TABLES, STORED_TABLES, type StoredTable } from './tables.js';

/*
 * The bulk loader: a whole snapshot (migrate-data, restore) written into a database in one
 * transaction, so a failure at any row leaves the database as it was. Rows go in as multi-row
 * INSERTs with every value a parameter, each table after the tables it refers to.
 */

/** Rows per INSERT: 100k posts take 200 statements, far below PostgreSQL's 65,535 parameters per statement. */
const BATCH_ROWS = 500;

/**
 * Every table, for LOCK and TRUNCATE (one statement: no order needed between tables that refer to
 * each other). The queues too: what they held belongs to the rows being replaced.
 */
const ALL_TABLES = [...STORED_TABLES.map((table) => table.table), ...Object.values(QUEUE_TABLES)].map(quoted).join(', ');

/** How to load. */
export interface LoadOptions {
  /** Replace whatever the database holds (restore --force); otherwise a database with rows is refused. */
  replace: boolean;
  /** Called as rows are written: the table (`posts`) and how many of its rows are written so far. */
  onRows?(table: string, written: number): void;
}

/** Connects to the database at `url`, applies missing migrations, and loads the snapshot (see loadSnapshot). */
export async function loadIntoDatabase(url: string, snapshot: DatabaseSnapshot, options: LoadOptions): Promise<void> {
  await withMigratedDatabase(url, (client) => loadSnapshot(client, snapshot, { ...options, where: describeDatabase(url) }));
}

/** The rows the database at `url` holds besides what a new database is seeded with (all zeros when empty). */
export function storedRowCounts(url: string): Promise<RowCounts> {
  return withMigratedDatabase(url, (client) => countTables(client, true));
}

/** The refusal of a database that already holds rows; `advice` says what to do instead. */
export function databaseNotEmpty(where: string, counts: RowCounts, advice: string): AppError {
  return new AppError('DATABASE_NOT_EMPTY', `The PostgreSQL database ${where} is not empty: it holds ${describeRows(counts)}. ${advice}`, 409);
}

/**
 * Writes every table of the snapshot with the same ids, and its settings, in one transaction on
 * `client` (a connection of its own): refused when the database holds rows besides the seed
 * (unless `replace`), checked by counting every table before COMMIT.
 */
export async function loadSnapshot(client: Queryable, snapshot: DatabaseSnapshot, options: LoadOptions & { where: string }): Promise<void> {
  assertLoadable(snapshot, options.where);
  await client.query('BEGIN');
  try {
    // Until COMMIT nobody else reads or writes these tables: the emptiness check stays true, and
    // a running server never sees half a copy.
    await client.query(`LOCK TABLE ${ALL_TABLES} IN ACCESS EXCLUSIVE MODE`);
    if (!options.replace) {
      const held = await countTables(client, true);
      if (Object.values(held).some((count) => count > 0)) throw databaseNotEmpty(options.where, held, '(nothing was written)');
    }
    // The seeded roles go too: the snapshot's own rows (same fixed ids, when it has them) replace them.
    await client.query(`TRUNCATE ${ALL_TABLES}`);
    await client.query('TRUNCATE upload_bytes');
    // Posts go in with their vote counts, counted from the copy, and the count triggers stand
    // aside for this transaction: updating each post again as its votes came in rewrote all its
    // index entries (100k posts, 300k votes: 34 s → 21 s).
    await client.query("SET LOCAL feedbackd.votes_precounted = 'on'");
    for (const table of STORED_TABLES) await insertTable(client, counted(table, snapshot), rowsOf(snapshot, table.name), options);
    for (const upload of rowsOf(snapshot, 'uploads') as readonly UploadCopyRow[]) {
      if (upload.data !== undefined) await client.query('INSERT INTO upload_bytes (id, data) VALUES ($1, $2)', [upload.id, Buffer.from(upload.data, 'base64')]);
    }
    await client.query(
      'INSERT INTO settings (id, value) VALUES (true, $1::jsonb) ON CONFLICT (id) DO UPDATE SET value = excluded.value',
      [JSON.stringify(snapshot.settings)],
    );
    await verifyCounts(client, snapshot, options.where);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  // Fresh statistics, as autovacuum would gather later: until then the planner guesses at the
  // tables' sizes and may sort a whole table for one page (measured: 28 ms instead of 2 ms).
  // VACUUM also moves the GIN indexes' pending entries (a whole load of them) into the indexes,
  // which searches would otherwise scan until autovacuum comes by; ANALYZE alone where VACUUM is
  // not allowed to this role.
  await client.query(`VACUUM (ANALYZE) ${ALL_TABLES}`).catch(() => client.query(`ANALYZE ${ALL_TABLES}`).catch(() => undefined));
}

/** The snapshot's rows of a table; none when it lacks an optional table (a copy written before the table existed). */
function rowsOf(snapshot: DatabaseSnapshot, name: string): ReadonlyArray<{ id: string }> {
  return snapshot.tables[name] ?? [];
}

/**
 * Only a snapshot of the schema this code writes, with exactly the tables the database has: the
 * optional ones may be missing, and queue tables (a copy that kept them) are left out of the load.
 */
function assertLoadable(snapshot: DatabaseSnapshot, where: string): void {
  const refuse = (problem: string) => new AppError('SNAPSHOT_UNSUPPORTED', `Cannot load the copy into ${where}: ${problem}`, 500);
  if (snapshot.schemaVersion !== SCHEMA_VERSION) {
    throw refuse(`it has storage schema version ${snapshot.schemaVersion}, this feedbackd writes version ${SCHEMA_VERSION}`);
  }
  const known = new Set(STORED_TABLES.map((table) => table.name));
  const unknown = Object.keys(snapshot.tables).filter((name) => !known.has(name) && !(name in QUEUE_TABLES));
  if (unknown.length > 0) throw refuse(`it has tables this feedbackd does not know (${unknown.join(', ')})`);
  const required = STORED_TABLES.filter((table) => !table.optional || snapshot.tables[table.name] !== undefined);
  const missing = required.map((table) => table.name).filter((name) => !Array.isArray(snapshot.tables[name]));
  if (missing.length > 0) throw refuse(`it lacks tables (${missing.join(', ')})`);
}

async function insertTable(client: Queryable, table: StoredTable, rows: ReadonlyArray<{ id: string }>, options: LoadOptions & { where: string }) {
  options.onRows?.(table.name, 0);
  for (let from = 0; from < rows.length; from += BATCH_ROWS) {
    const batch = rows.slice(from, from + BATCH_ROWS);
    try {
      await insertBatch(client, table, batch);
    } catch (error) {
      if (error instanceof AppError || !(error instanceof Error)) throw error;
      throw new AppError('DATABASE_LOAD_FAILED', `Writing ${table.name} into ${options.where} failed: ${error.message} (nothing was written)`, 500);
    }
    options.onRows?.(table.name, from + batch.length);
  }
}

/** The table as the loader writes it: posts with the number of the copy's votes on each. */
function counted(table: StoredTable, snapshot: DatabaseSnapshot): StoredTable {
  if (table.name !== 'posts') return table;
  const counts = new Map<string, number>();
  for (const vote of snapshot.tables.votes) counts.set(vote.postId, (counts.get(vote.postId) ?? 0) + 1);
  return { ...table, values: (row) => [...table.values(row), ['votes_count', counts.get(row.id) ?? 0]] };
}

/** One multi-row INSERT; each row stored through its table's own field → column mapping. */
async function insertBatch(client: Queryable, table: StoredTable, rows: ReadonlyArray<{ id: string }>): Promise<void> {
  const columns = table.values(rows[0]!).map(([column]) => column);
  const params = new Params();
  const tuples = rows.map((row) => {
    const pairs = table.values(row);
    if (pairs.length !== columns.length || pairs.some(([column], n) => column !== columns[n])) {
      throw new AppError('SNAPSHOT_INVALID', `The ${table.name} rows of the copy do not all have the same fields (row ${row.id})`, 500);
    }
    return `(${pairs.map(([, value]) => params.add(value)).join(', ')})`;
  });
  await client.query(`INSERT INTO ${quoted(table.table)} (${columns.map(quoted).join(', ')}) VALUES ${tuples.join(', ')}`, params.values);
}

/** Rows per table; with `exceptSeed`, the seeded roles (@everyone, Team) are not counted. */
async function countTables(db: Queryable, exceptSeed: boolean): Promise<RowCounts> {
  const counts: RowCounts = {};
  for (const table of STORED_TABLES) {
    const skipSeed = exceptSeed && table.name === 'roles';
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM ${quoted(table.table)}${skipSeed ? ' WHERE id <> ALL($1)' : ''}`,
      skipSeed ? [[EVERYONE_ROLE_ID, TEAM_ROLE_ID]] : [],
    );
    counts[table.name] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** Every table must hold exactly the snapshot's rows: a mismatch rolls the whole load back. */
async function verifyCounts(db: Queryable, snapshot: DatabaseSnapshot, where: string): Promise<void> {
  const counts = await countTables(db, false);
  for (const [name, count] of Object.entries(counts)) {
    const expected = rowsOf(snapshot, name).length;
    if (count !== expected) {
      throw new AppError('DATABASE_LOAD_FAILED', `After writing, ${name} in ${where} holds ${count} rows where the copy has ${expected} (nothing was written)`, 500);
    }
  }
}
