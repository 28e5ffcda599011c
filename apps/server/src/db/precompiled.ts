// Hot queries compiled once per database: Kysely builds and compiles a query on every call, which for the
// small look-ups made on every request costs more than the database's own work.
import type { Compilable, CompiledQuery, Kysely } from 'kysely'
import type { Database } from './schema'

type Q = Kysely<Database>

const MARK = '\u0000arg:'

/**
 * Wraps a query builder whose arguments are only ever bound as values (never used to shape the SQL, e.g.
 * no `in` lists of varying length, no branches on them). The SQL is compiled once with markers in place of
 * the arguments; each run binds the real values in their places.
 */
export function precompiled<A extends unknown[], R>(build: (db: Q, ...args: A) => Compilable<R>) {
  const compiled = new WeakMap<Q, CompiledQuery<R>>()
  return async (db: Q, ...args: A): Promise<R[]> => {
    let query = compiled.get(db)
    if (!query) {
      query = build(db, ...(args.map((_, i) => `${MARK}${i}`) as A)).compile()
      compiled.set(db, query)
    }
    const parameters = query.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(MARK) ? args[Number(p.slice(MARK.length))] : p,
    )
    return (await db.executeQuery<R>({ ...query, parameters })).rows
  }
}
