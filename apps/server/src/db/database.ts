// Opens the database the configuration names: embedded SQLite (WAL) by default, PostgreSQL for a postgres:// URL.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import type { Database } from './schema'

export type DialectName = 'sqlite' | 'postgres'

export interface Db {
  kysely: Kysely<Database>
  dialect: DialectName
  /** The raw handles, for the catalogue importer's bulk writes. */
  sqlite?: SQLite.Database
  pgPool?: pg.Pool
  close(): Promise<void>
}

// int8 (bigint) arrives as a string by default; our bigints are epoch milliseconds and ids, safe as numbers.
pg.types.setTypeParser(20, (v) => Number(v))
// numeric likewise: sums of integer fen.
pg.types.setTypeParser(1700, (v) => Number(v))

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url)
}

const STATEMENT_CACHE_SIZE = 2000

/**
 * Kysely's SQLite dialect prepares every query it runs anew, and preparing costs more than running a small
 * query. This patch of `prepare` gives the same SQL text the same prepared statement (better-sqlite3
 * statements are reusable and run synchronously), for every query that goes through Kysely (sheets,
 * accounts, the rest of the catalogue). The hottest look-ups skip Kysely altogether (precompiled.ts) and
 * keep their statements themselves, so they do not depend on this.
 */
function cacheStatements(sqlite: SQLite.Database) {
  const prepare = sqlite.prepare.bind(sqlite)
  const statements = new Map<string, SQLite.Statement>()
  sqlite.prepare = ((source: string) => {
    let statement = statements.get(source)
    if (!statement) {
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear()
      statement = prepare(source)
      statements.set(source, statement)
    }
    return statement
  }) as typeof sqlite.prepare
}

// The embedded database behind each Kysely instance openDatabase made, for queries that skip Kysely's
// connection queue (db/precompiled.ts). A transaction's Kysely is not in here.
const embedded = new WeakMap<Kysely<Database>, SQLite.Database>()

export function embeddedSqlite(kysely: Kysely<Database>): SQLite.Database | undefined {
  return embedded.get(kysely)
}

// The pool behind each Kysely instance openDatabase made on PostgreSQL, for the hot queries' named
// statements (db/precompiled.ts). A transaction's Kysely is not in here.
const pools = new WeakMap<Kysely<Database>, pg.Pool>()

export function postgresPool(kysely: Kysely<Database>): pg.Pool | undefined {
  return pools.get(kysely)
}

const POOL_SIZE = 10

/**
 * Opens all of the pool's connections on PostgreSQL (nothing on SQLite), so that the first users after a
 * start do not wait for connections being opened behind each other.
 */
export async function openConnections(db: Db): Promise<void> {
  const pool = db.pgPool
  if (!pool) return
  const clients = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()))
  for (const client of clients) client.release()
}

export function openDatabase(target: { databaseUrl?: string; sqlitePath: string }): Db {
  if (isPostgresUrl(target.databaseUrl)) {
    // The pool keeps its connections while idle (min = max): a connection closed after a quiet spell takes the
    // statements it had prepared with it, and the next look-up would pay for connecting and planning again.
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: POOL_SIZE, min: POOL_SIZE })
    // An idle connection cut by the server (a restart, an administrator) must not take the process down;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL 空闲连接断开: ${error.message}`))
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    pools.set(kysely, pool)
    return { kysely, dialect: 'postgres', pgPool: pool, close: () => kysely.destroy() }
  }
  if (target.sqlitePath !== ':memory:') mkdirSync(dirname(target.sqlitePath), { recursive: true })
  const sqlite = new SQLite(target.sqlitePath)
  cacheStatements(sqlite)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // 32 MB of pages instead of SQLite's 2 MB: a look-up in a catalogue of millions of parts reads a few pages
  // of each of several large indexes, and with the small cache even their upper pages were read again from
  // the file on most look-ups (a third of the name search's statement time on the bench catalogue). Filled
  // only as pages are read, so a small database uses no more.
  sqlite.pragma('cache_size = -32000')
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  embedded.set(kysely, sqlite)
  // Kysely opens its side of the handle on its first query only, and closes only what it opened.
  const close = async () => {
    await kysely.destroy()
    if (sqlite.open) sqlite.close()
  }
  return { kysely, dialect: 'sqlite', sqlite, close }
}
