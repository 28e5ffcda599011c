// Dealer prices reported by the page after a desktop host's stock look-up (/api/author/update4spricelist):
// one row per kept report, at most one per company, part, price type and minute (the unique key makes the
// throttle hold under concurrent reports and across server processes).
import type { Kysely } from 'kysely'
import type { DialectName } from '../database'
import { withId } from './helpers'

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('host_prices'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('part_number', 'text', (c) => c.notNull())
    .addColumn('part_norm', 'text', (c) => c.notNull())
    .addColumn('type4s', 'integer', (c) => c.notNull())
    // The host's answer as received, cut at HostLimits.rawKeptChars; raw_length is its whole length.
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('raw_length', 'integer', (c) => c.notNull())
    // The part's own row of the answer, normalised; null where the host gave no such value.
    .addColumn('sale_fen', 'bigint')
    .addColumn('purchase_fen', 'bigint')
    .addColumn('stock', 'integer')
    // floor(created_at / 60 000): the minute the report is kept for.
    .addColumn('minute', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('host_prices_once_a_minute', ['company_id', 'part_norm', 'type4s', 'minute'])
    .execute()
  await db.schema
    .createIndex('host_prices_latest_idx')
    .on('host_prices')
    .columns(['company_id', 'part_norm', 'created_at'])
    .execute()
}
