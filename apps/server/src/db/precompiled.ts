// Hot queries compiled once per database: Kysely builds and compiles a query on every call, which for the
// small look-ups made on every request costs more than the database's own work. The database keeps them
// prepared too: better-sqlite3 statements on SQLite, named statements on PostgreSQL (namedRows below).
import type SQLite from 'better-sqlite3'
import { type Compilable, CompiledQuery, type Kysely } from 'kysely'
import type pg from 'pg'
import { embeddedSqlite, postgresPool } from './database'
import type { Database } from './schema'

type Q = Kysely<Database>

const MARK = '\u0000arg:'

/**
 * Wraps a query builder whose arguments are only ever bound as values (never used to shape the SQL, e.g.
 * no branches on them). The SQL is compiled once with markers in place of the arguments; each run binds
 * the real values in their places. An array argument (an `in` list) stands for as many values as it holds:
 * the SQL is compiled once per list length. An empty list matches nothing, so no rows are answered without
 * asking the database (`in ()` is no SQL).
 */
export function precompiled<A extends unknown[], R>(build: (db: Q, ...args: A) => Compilable<R>) {
  const compiled = new WeakMap<
    Q,
    Map<string, { query: CompiledQuery<R>; statement?: SQLite.Statement; makeRow?: RowMaker }>
  >()
  return async (db: Q, ...args: A): Promise<R[]> => {
    if (args.some((a) => Array.isArray(a) && a.length === 0)) return []
    let shapes = compiled.get(db)
    if (!shapes) {
      shapes = new Map()
      compiled.set(db, shapes)
    }
    const shape = args.map((a) => (Array.isArray(a) ? a.length : '')).join(',')
    let entry = shapes.get(shape)
    if (!entry) {
      const markers = args.map((a, i) =>
        Array.isArray(a) ? a.map((_, j) => `${MARK}${i}.${j}`) : `${MARK}${i}`,
      ) as A
      entry = { query: build(db, ...markers).compile() }
      shapes.set(shape, entry)
    }
    const { query } = entry
    const parameters = query.parameters.map((p) => {
      if (typeof p !== 'string' || !p.startsWith(MARK)) return p
      const [i, j] = p.slice(MARK.length).split('.').map(Number) as [number, number | undefined]
      return j === undefined ? args[i] : (args[i] as unknown[])[j]
    })
    // On SQLite the statement runs at once, without Kysely's connection queue and its promises (most of
    // a small look-up's cost). Inside an open transaction it takes its turn, so it never sees half of one.
    const sqlite = embeddedSqlite(db)
    if (sqlite && !sqlite.inTransaction) {
      // Prepared once and kept with the compiled query: preparing costs more than running a small look-up.
      entry.statement ??= sqlite.prepare(query.sql)
      const statement = entry.statement
      entry.makeRow ??= rowMaker(statement.columns().map((c) => c.name))
      return objectRows<R>(statement, entry.makeRow, parameters)
    }
    const pool = postgresPool(db)
    if (pool) return namedRows<R>(pool, query.sql, parameters)
    return (await db.executeQuery<R>({ ...query, parameters })).rows
  }
}

// Names of the statements PostgreSQL keeps prepared, by SQL text; a few hundred texts at most (the lists'
// lengths, the name search's shapes), each prepared once per pooled connection.
const statementNames = new Map<string, string>()

/**
 * Runs SQL as a named statement: PostgreSQL parses and plans a text once per connection instead of on every
 * run, which cost a small look-up more than running it (2.7 times the queries a second on the bench
 * catalogue, docs/performance.md 2026-11-27). Outside transactions only, as on SQLite: a transaction's
 * queries take their turn on its connection through Kysely.
 */
async function namedRows<R>(pool: pg.Pool, text: string, values: readonly unknown[]): Promise<R[]> {
  let name = statementNames.get(text)
  if (!name) {
    name = `epc_${statementNames.size + 1}`
    statementNames.set(text, name)
  }
  return (await pool.query({ name, text, values: [...values] })).rows as R[]
}

/** Makes a statement's row object from its values, in the statement's column order. */
type RowMaker = (values: unknown[]) => unknown

/**
 * A statement's row maker: an object literal of its columns, compiled once per statement, so that each
 * statement's rows are made by code that only ever sees their one shape. One loop of keyed stores shared by
 * every statement sees dozens of shapes and turns megamorphic, which made every row dearer the more kinds of
 * look-up a server had answered.
 */
function rowMaker(columns: string[]): RowMaker {
  const fields = columns.map((name, i) => `${JSON.stringify(name)}: values[${i}]`)
  return new Function('values', `return { ${fields.join(', ')} }`) as RowMaker
}

/**
 * Rows as arrays, made objects here: better-sqlite3 otherwise looks every column name up again for every
 * row, a fifth of a cold illustration's time. The statement is shared, so raw mode is undone.
 */
function objectRows<R>(statement: SQLite.Statement, makeRow: RowMaker, values: readonly unknown[]): R[] {
  let rows: unknown[][]
  try {
    rows = statement.raw(true).all(values) as unknown[][]
  } finally {
    statement.raw(false)
  }
  return rows.map(makeRow) as R[]
}

// Statements of hand-written SQL kept per text and database, with their column names; a few dozen texts
// occur (the name search's shapes), the oldest go past 64.
const kept = new WeakMap<object, Map<string, { statement: SQLite.Statement; makeRow: RowMaker }>>()
const KEPT_TEXTS = 64

/**
 * Runs hand-written SQL (placeholders of the database's dialect) whose text depends only on the shape of
 * a request: on SQLite as a statement prepared once per text (preparing costs about as much as running
 * a small search), on PostgreSQL as a named statement, inside a transaction through Kysely.
 */
export async function runKept<R>(db: Q, text: string, values: readonly unknown[]): Promise<R[]> {
  const sqlite = embeddedSqlite(db)
  if (sqlite && !sqlite.inTransaction) {
    let statements = kept.get(sqlite)
    if (!statements) {
      statements = new Map()
      kept.set(sqlite, statements)
    }
    let entry = statements.get(text)
    if (!entry) {
      const statement = sqlite.prepare(text)
      entry = { statement, makeRow: rowMaker(statement.columns().map((c) => c.name)) }
      statements.set(text, entry)
      if (statements.size > KEPT_TEXTS) statements.delete(statements.keys().next().value as string)
    }
    return objectRows<R>(entry.statement, entry.makeRow, values)
  }
  const pool = postgresPool(db)
  if (pool) return namedRows<R>(pool, text, values)
  return (await db.executeQuery<R>(CompiledQuery.raw(text, [...values]))).rows
}
