// On SQLite the part number's uniqueness becomes a named index (it was part of the table, which SQLite
// cannot drop), so an import into an empty catalogue can build it once at the end (import/writer.ts).
// PostgreSQL already names its constraint so and keeps it. The parts' generic-name index goes on both: every
// query reaches parts through a model's fitments, and keeping it cost an import a third of its time.
import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../database'
import { withId } from './helpers'

/** The name PostgreSQL gave the constraint. */
const PART_NUMBER_INDEX = 'cat_parts_norm_number_key'

const COLUMNS = sql.raw(
  'id, disp_number, norm_number, part_name_cn, generic_name_id, remark, name_pinyin, name_initials, ' +
    'stock_total, sales_banned, substitute_count, replaced_by',
)

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'sqlite') {
    await db.schema.dropIndex('cat_parts_generic_idx').execute()
    return
  }
  // Kysely runs SQLite migrations outside a transaction; a half-rebuilt parts table must not be left.
  await db.transaction().execute(async (trx) => {
    const s = trx.schema
    await withId(s.createTable('cat_parts_rebuilt'), dialect)
      .addColumn('disp_number', 'text', (c) => c.notNull())
      .addColumn('norm_number', 'text', (c) => c.notNull())
      .addColumn('part_name_cn', 'text', (c) => c.notNull())
      .addColumn('generic_name_id', 'integer')
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('name_pinyin', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('name_initials', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('stock_total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sales_banned', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('substitute_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('replaced_by', 'text')
      .execute()
    await sql`insert into cat_parts_rebuilt (${COLUMNS}) select ${COLUMNS} from cat_parts order by id`.execute(
      trx,
    )
    await s.dropTable('cat_parts').execute()
    await s.alterTable('cat_parts_rebuilt').renameTo('cat_parts').execute()
    await s.createIndex(PART_NUMBER_INDEX).unique().on('cat_parts').column('norm_number').execute()
    // The table's statistics went with it; a catalogue analysed before is analysed again.
    const analysed = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(trx)
    if (analysed.rows.length) await sql`analyze cat_parts`.execute(trx)
    // Only sqlite_stat1 is kept (catalogue.repository.ts refreshStatistics says why).
    const sampled = await sql`select 1 from sqlite_master where name = 'sqlite_stat4'`.execute(trx)
    if (sampled.rows.length) await sql`delete from sqlite_stat4 where tbl = 'cat_parts'`.execute(trx)
  })
}
