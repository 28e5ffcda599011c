import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dbKinds, freshDatabase } from '../../test/helper'
import type { Db } from './database'
import { precompiled } from './precompiled'

describe.each(dbKinds)('a precompiled query on %s', (kind) => {
  let db: Db
  let drop: () => Promise<void>
  beforeAll(async () => {
    ;({ db, drop } = await freshDatabase(kind))
    await db.kysely
      .insertInto('cat_meta')
      .values([
        { key: 'a', value: 'first' },
        { key: 'b', value: 'second' },
        { key: 'c', value: 'third' },
      ])
      .execute()
  })
  afterAll(() => drop())

  /** How often each query below has been built and compiled. */
  const builds = { between: 0, in: 0 }

  // Constants of the query (the 'c' and the limit) stay; only the arguments change from run to run.
  const metaBetween = precompiled((q: Db['kysely'], from: string, to: string) => {
    builds.between += 1
    return q
      .selectFrom('cat_meta')
      .select('value')
      .where('key', '>=', from)
      .where('key', '<=', to)
      .where('key', '!=', 'c')
      .orderBy('key')
      .limit(5)
  })

  it('binds each run its own arguments, to the query built once', async () => {
    expect(await metaBetween(db.kysely, 'a', 'a')).toEqual([{ value: 'first' }])
    expect(await metaBetween(db.kysely, 'b', 'z')).toEqual([{ value: 'second' }])
    expect(await metaBetween(db.kysely, 'a', 'z')).toEqual([{ value: 'first' }, { value: 'second' }])
    expect(await metaBetween(db.kysely, 'x', 'z')).toEqual([])
    expect(builds.between).toBe(1)
  })

  const metaIn = precompiled((q: Db['kysely'], keys: string[], not: string) => {
    builds.in += 1
    return q
      .selectFrom('cat_meta')
      .select('value')
      .where('key', 'in', keys)
      .where('value', '!=', not)
      .orderBy('key')
  })

  it('binds a list as one value each, whatever its length from run to run, building once per length', async () => {
    expect(await metaIn(db.kysely, ['a'], '')).toEqual([{ value: 'first' }])
    expect(await metaIn(db.kysely, ['c', 'a', 'x'], '')).toEqual([{ value: 'first' }, { value: 'third' }])
    expect(await metaIn(db.kysely, ['b', 'c', 'a'], 'first')).toEqual([
      { value: 'second' },
      { value: 'third' },
    ])
    expect(await metaIn(db.kysely, ['b'], 'second')).toEqual([])
    expect(await metaIn(db.kysely, [], '')).toEqual([])
    // One list of one and one of three; the empty list asks nothing.
    expect(builds.in).toBe(2)
    const inside = await db.kysely.transaction().execute((trx) => metaIn(trx, ['a', 'b'], 'x'))
    expect(inside).toEqual([{ value: 'first' }, { value: 'second' }])
  })

  it('answers the same rows inside a transaction', async () => {
    expect(await metaBetween(db.kysely, 'a', 'z')).toEqual([{ value: 'first' }, { value: 'second' }])
    const inside = await db.kysely.transaction().execute((trx) => metaBetween(trx, 'a', 'z'))
    expect(inside).toEqual([{ value: 'first' }, { value: 'second' }])
  })

  it('answers the rows of the table as it is now after its keys were dropped and built again', async () => {
    expect(await metaIn(db.kysely, ['a', 'b'], '')).toEqual([{ value: 'first' }, { value: 'second' }])
    const built = { ...builds }
    // What an import into an emptied table does to the statements kept prepared (catalogue-data/import).
    await db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('cat_meta').execute()
      if (kind === 'postgres') await sql`alter table cat_meta drop constraint cat_meta_pkey`.execute(trx)
      await trx
        .insertInto('cat_meta')
        .values([
          { key: 'a', value: 'new first' },
          { key: 'b', value: 'new second' },
          { key: 'c', value: 'third' },
        ])
        .execute()
      if (kind === 'postgres') await sql`alter table cat_meta add primary key (key)`.execute(trx)
    })
    expect(await metaIn(db.kysely, ['a', 'b'], '')).toEqual([{ value: 'new first' }, { value: 'new second' }])
    expect(await metaBetween(db.kysely, 'a', 'z')).toEqual([{ value: 'new first' }, { value: 'new second' }])
    // By the queries kept from before, not built again.
    expect(builds).toEqual(built)
  })

  it('never reads what another call is half-way through writing', async () => {
    let reading: Promise<{ value: string }[]> | undefined
    const failing = db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('cat_meta').values({ key: 'd', value: 'not yet' }).execute()
      reading = metaBetween(db.kysely, 'd', 'd')
      await new Promise((r) => setTimeout(r, 20))
      throw new Error('rolled back')
    })
    await expect(failing).rejects.toThrow('rolled back')
    expect(await reading).toEqual([])
  })
})
