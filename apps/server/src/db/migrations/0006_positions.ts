// Fitments and accident zones gain a position (side 左/右, end 前/后; '' for none), which the accident answer
// filters on. An existing catalogue is given the positions its names' words say, as an import would. And
// VIN patterns are indexed by model, for the car record's production years.
import { type Kysely, sql } from 'kysely'
import { type Position, positionOfName } from '../../modules/catalogue/position'
import type { DialectName } from '../database'

const CHUNK = 500

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // Kysely runs SQLite migrations outside a transaction (PostgreSQL's inside one); columns without their
  // positions must not be left.
  const atOnce = (work: (trx: Kysely<unknown>) => Promise<void>) =>
    dialect === 'sqlite' ? db.transaction().execute(work) : work(db)
  await atOnce(async (trx) => {
    for (const table of ['cat_fitments', 'cat_accident_zones'])
      await trx.schema
        .alterTable(table)
        .addColumn('position', 'text', (c) => c.notNull().defaultTo(''))
        .execute()

    // Only names holding a side or end word can have a position; the rest keep ''.
    const { rows } = await sql<{ id: number; name: string }>`
      select id, part_name_cn as name from cat_parts
      where part_name_cn like '%左%' or part_name_cn like '%右%'
         or part_name_cn like '%前%' or part_name_cn like '%后%'`.execute(trx)
    const partsAt = new Map<Position, number[]>()
    for (const r of rows) {
      const position = positionOfName(r.name)
      if (!position) continue
      const ids = partsAt.get(position) ?? []
      ids.push(Number(r.id))
      partsAt.set(position, ids)
    }
    for (const [position, ids] of partsAt) {
      for (let i = 0; i < ids.length; i += CHUNK) {
        const chunk = ids.slice(i, i + CHUNK)
        await sql`update cat_fitments set position = ${position}
          where part_id in (${sql.join(chunk)})`.execute(trx)
      }
    }

    // A model's production years are read from its VIN patterns with every car record.
    await trx.schema
      .createIndex('cat_vin_patterns_model_idx')
      .on('cat_vin_patterns')
      .column('model_id')
      .execute()

    const zones = await sql<{ id: number; name: string }>`
      select id, name_cn as name from cat_accident_zones`.execute(trx)
    for (const z of zones.rows) {
      const position = positionOfName(z.name)
      if (position)
        await sql`update cat_accident_zones set position = ${position} where id = ${z.id}`.execute(trx)
    }
  })
}
