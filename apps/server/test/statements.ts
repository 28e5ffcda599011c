// Counts the SQL statements some work runs on a database, for the tests of what is there to save them (the
// answer cache, the replay memory, the VIN history's batches): every statement, through Kysely, the
// precompiled look-ups and hand-written SQL alike, on SQLite (better-sqlite3's statements) and on PostgreSQL
// (pg's clients). Only the work's own statements count, and what it set going (its timers among them): not
// those of a poll that runs meanwhile, such as the data service's job runner.
import { AsyncLocalStorage } from 'node:async_hooks'
import type SQLite from 'better-sqlite3'
import pg from 'pg'
import type { Db } from '../src/db/database'

interface Log {
  /** The SQLite handle, or the PostgreSQL database's name. */
  database: unknown
  texts: string[]
}

const current = new AsyncLocalStorage<Log>()

function noteRun(database: unknown, text: unknown) {
  const log = current.getStore()
  if (log && log.database === database) log.texts.push(String(text))
}

let sqlitePatched = false
function watchSqlite(sqlite: SQLite.Database) {
  if (sqlitePatched) return
  sqlitePatched = true
  const proto = Object.getPrototypeOf(sqlite.prepare('select 1')) as Record<string, unknown>
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = proto[method] as (...args: unknown[]) => unknown
    proto[method] = function (this: SQLite.Statement, ...args: unknown[]) {
      noteRun(this.database, this.source)
      return original.apply(this, args)
    }
  }
}

let pgPatched = false
function watchPostgres() {
  if (pgPatched) return
  pgPatched = true
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args
    noteRun(this.database, typeof config === 'string' ? config : (config as { text?: string })?.text)
    return original.apply(this, args)
  } as typeof pg.Client.prototype.query
}

/** Runs `work` and answers the SQL texts it ran on `db`, in order, with its value. */
export async function statementsOf<T>(
  db: Db,
  work: () => Promise<T>,
): Promise<{ texts: string[]; value: T }> {
  let database: unknown
  if (db.sqlite) {
    watchSqlite(db.sqlite)
    database = db.sqlite
  } else {
    const url = (db.pgPool as pg.Pool & { options: { connectionString: string } }).options.connectionString
    watchPostgres()
    database = decodeURIComponent(new URL(url).pathname.slice(1))
  }
  const log: Log = { database, texts: [] }
  try {
    return { value: await current.run(log, work), texts: [...log.texts] }
  } finally {
    // What the work set going and runs later is not its own any more.
    log.database = undefined
  }
}
