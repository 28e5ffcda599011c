// Payments and what follows a paid order: which channels an order's payment was started on (so a trade
// query can settle an order whose notify never came), invoice requests, and the notices (renewal reminders)
// a company is shown. The message centre of the staff issue reads the same notices table.
import type { Kysely } from 'kysely'
import type { DialectName } from '../database'
import { withId } from './helpers'

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // Comma-separated channels (alipay, wechat, transfer) a payment was started on, in order.
  await db.schema
    .alterTable('orders')
    .addColumn('pay_channels', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  // When the platform was last asked about the order (trade query), so the asking is spaced out.
  await db.schema.alterTable('orders').addColumn('queried_at', 'bigint').execute()

  await withId(db.schema.createTable('invoices'), dialect)
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('tax_no', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bank', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_account', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('issued_at', 'bigint')
    .execute()

  await withId(db.schema.createTable('notices'), dialect)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // What the notice is about, so one event makes one notice (e.g. the service end a reminder names).
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addUniqueConstraint('notices_once', ['company_id', 'kind', 'subject'])
    .execute()
  await db.schema.createIndex('notices_company_idx').on('notices').columns(['company_id', 'id']).execute()
}
