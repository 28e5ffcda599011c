// A part's listing markers (stock total, sales ban, substitute count, newer number) kept on the part row;
// the importer refreshes them (catalogue-data/import/part-markers.ts), this fills them for a catalogue
// imported before.
import { type Kysely, sql } from 'kysely'
import { REFRESH_PART_MARKERS } from '../../catalogue-data/import/part-markers'

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await s
    .alterTable('cat_parts')
    .addColumn('stock_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await s
    .alterTable('cat_parts')
    .addColumn('sales_banned', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await s
    .alterTable('cat_parts')
    .addColumn('substitute_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await s.alterTable('cat_parts').addColumn('replaced_by', 'text').execute()
  await sql.raw(REFRESH_PART_MARKERS).execute(db)
}
