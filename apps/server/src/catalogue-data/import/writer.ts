// Writes import rows inside one transaction: prepared statements on SQLite (synchronous and fast), COPY on
// PostgreSQL (pg-writer.ts).
import type { Database as SqliteDatabase, Statement } from 'better-sqlite3'
import type { Db } from '../../db/database'
import { conflictClause, openPgWriter } from './pg-writer'

export interface UpsertSpec {
  table: string
  columns: string[]
  /** The unique key an existing row is found by. */
  conflict: string[]
  /** Columns overwritten when the row exists; none means keep the existing row. */
  update: string[]
  /** Answer the id of each written row, by its key column. */
  returning?: { id: string; key: string }
  /** On SQLite, rows going into an empty table are written without the table's indexes (new keys are told
   * apart by `known`), which are built once from all rows at the end: far faster than row by row. PostgreSQL
   * does so for every empty table (pg-writer.ts). */
  deferIndexes?: boolean
}

export interface ImportWriter {
  readonly dialect: 'sqlite' | 'postgres'
  /** `known` holds the keys already written (with their ids), for specs that answer ids. */
  upsert(spec: UpsertSpec, known?: Map<string, number>): BatchUpsert
  /** Runs one statement in the import's transaction. */
  exec(statement: string): Promise<void>
  /** Runs one statement in the import's transaction and answers its rows (none for a write). */
  query<R>(statement: string, params?: unknown[]): Promise<R[]>
  /** Builds the keys left for the end (PostgreSQL), so that what the import derives is read by them. */
  buildKeys(): Promise<void>
  commit(): Promise<void>
  rollback(): Promise<void>
}

export interface BatchUpsert {
  /** Synchronous on SQLite (nothing to wait for), a promise on PostgreSQL when a batch is sent. */
  add(values: unknown[]): void | Promise<void>
  flush(): Promise<void>
  /** Called with (key, id) for every written row when the spec asks for ids. */
  onWritten?: (key: string, id: number) => void
}

function upsertSql(spec: UpsertSpec): string {
  const values = `(${spec.columns.map(() => '?').join(', ')})`
  return `INSERT INTO ${spec.table} (${spec.columns.join(', ')}) VALUES ${values} ${conflictClause(spec)}`
}

class SqliteBatch implements BatchUpsert {
  onWritten?: (key: string, id: number) => void
  private readonly statement: Statement
  // Rows with ids: a new key is a plain insert, a known one an update by id; twice as fast as an upsert
  // with RETURNING, which matters for millions of parts.
  private readonly insert?: Statement
  private readonly update?: Statement
  private readonly keyIndex: number
  /** The CREATE INDEX statements to run again when the rows are in. */
  private indexesToBuild: string[] = []

  constructor(
    private readonly sqlite: SqliteDatabase,
    private readonly spec: UpsertSpec,
    private readonly known?: Map<string, number>,
  ) {
    this.statement = sqlite.prepare(upsertSql(spec))
    this.keyIndex = spec.returning ? spec.columns.indexOf(spec.returning.key) : -1
    if (spec.returning && known) {
      this.insert = sqlite.prepare(
        `INSERT INTO ${spec.table} (${spec.columns.join(', ')}) VALUES (${spec.columns.map(() => '?').join(', ')})`,
      )
      const set = spec.columns.filter((c) => c !== spec.returning?.key)
      this.update = sqlite.prepare(
        `UPDATE ${spec.table} SET ${set.map((c) => `${c} = ?`).join(', ')} WHERE ${spec.returning.id} = ?`,
      )
      if (spec.deferIndexes && known.size === 0) {
        const indexes = sqlite
          .prepare(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
          )
          .all(spec.table) as { name: string; sql: string }[]
        // Inside the import's transaction: a rollback brings them back.
        for (const index of indexes) sqlite.exec(`DROP INDEX "${index.name}"`)
        this.indexesToBuild = indexes.map((index) => index.sql)
      }
    }
  }

  add(values: unknown[]): void {
    const returning = this.spec.returning
    if (!returning) {
      this.statement.run(values)
      return
    }
    const key = String(values[this.keyIndex])
    const id = this.known?.get(key)
    if (this.insert && this.update) {
      if (id === undefined) {
        this.onWritten?.(key, Number(this.insert.run(values).lastInsertRowid))
      } else {
        this.update.run([...values.filter((_, i) => i !== this.keyIndex), id])
        this.onWritten?.(key, id)
      }
      return
    }
    const row = this.statement.get(values) as Record<string, unknown>
    this.onWritten?.(String(row[returning.key]), Number(row[returning.id]))
  }

  async flush() {
    for (const statement of this.indexesToBuild.splice(0)) this.sqlite.exec(statement)
  }
}

export async function openWriter(db: Db): Promise<ImportWriter> {
  if (db.dialect === 'sqlite') {
    const sqlite = db.sqlite
    if (!sqlite) throw new Error('SQLite handle missing')
    sqlite.exec('BEGIN')
    return {
      dialect: 'sqlite',
      upsert: (spec, known) => new SqliteBatch(sqlite, spec, known),
      exec: async (statement) => void sqlite.exec(statement),
      query: async <R>(statement: string, params: unknown[] = []) => {
        const prepared = sqlite.prepare(statement)
        if (prepared.reader) return prepared.all(params) as R[]
        prepared.run(params)
        return []
      },
      // Each table's indexes are built when its rows are in (SqliteBatch.flush).
      buildKeys: async () => {},
      commit: async () => void sqlite.exec('COMMIT'),
      rollback: async () => void sqlite.exec('ROLLBACK'),
    }
  }
  const pool = db.pgPool
  if (!pool) throw new Error('PostgreSQL pool missing')
  return openPgWriter(pool)
}
