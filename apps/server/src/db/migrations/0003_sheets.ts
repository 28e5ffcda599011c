// Quotation sheets (报价单) and purchase orders (采购单) of a company, their lines, and the per-day counters
// that number them. Both kinds share one table: they differ only in a few field names on the wire.
import type { Kysely } from 'kysely'
import type { DialectName } from '../database'
import { withId } from './helpers'

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema
  await withId(s.createTable('sheets'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('vin', 'text', (c) => c.notNull())
    .addColumn('car_no', 'text', (c) => c.notNull())
    .addColumn('car_type', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('makeorder_user', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await s.createIndex('sheets_order_key').on('sheets').columns(['company_id', 'order_id']).unique().execute()
  await s.createIndex('sheets_list_idx').on('sheets').columns(['company_id', 'kind', 'created_at']).execute()

  await withId(s.createTable('sheet_lines'), dialect)
    .addColumn('sheet_id', 'integer', (c) => c.notNull().references('sheets.id').onDelete('cascade'))
    .addColumn('part_number', 'text', (c) => c.notNull())
    .addColumn('part_norm', 'text', (c) => c.notNull())
    .addColumn('part_name', 'text', (c) => c.notNull())
    // Quantities may have two decimals (4.50 升 of oil): kept as hundredths, money as fen, both exact.
    .addColumn('amount_x100', 'bigint', (c) => c.notNull())
    .addColumn('price_fen', 'bigint', (c) => c.notNull())
    .addColumn('money_fen', 'bigint', (c) => c.notNull())
    .addColumn('purchase_price_fen', 'bigint')
    .addColumn('available_stock', 'integer', (c) => c.notNull())
    .addColumn('area_stock', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('flag', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await s.createIndex('sheet_lines_sheet_idx').on('sheet_lines').columns(['sheet_id', 'part_norm']).execute()

  await s
    .createTable('sheet_counters')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sheet_counters_pk', ['company_id', 'kind', 'day'])
    .execute()
}
